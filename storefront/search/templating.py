"""``{% set f = search_form_values() %}``: what the search form shows, on any page (a hotel's
heart, ``favorite_toggle(hotel)``, is ``storefront.hotels.templating``'s); ``search_summary()``:
the line a phone shows in its place on a results or hotel page.

On a results page the form shows the search it produced (``search`` in the context); elsewhere
it starts empty, with two adults in one room. Kept parameters (currency, fid, ...) travel with
the form as hidden fields so a search never loses them. A logged-in traveller's saved searches
come along for the island's "Recent searches" (an anonymous visitor's are in the browser).
The SearchBox and StayDates islands are handed the same ``SearchForm`` (``islands.py``).
"""

from dataclasses import dataclass, replace
from datetime import timedelta

from jinja2 import pass_context

from storefront.catalog.formatting import format_list, format_stay
from storefront.i18n.catalog import translate
from storefront.web.links import DEFAULT_FID, page_url
from storefront.web.visitor import Visitor, visitor_of

from .query import (
    DEFAULT_ADULTS,
    MAX_ADULTS,
    MAX_CHILD_AGE,
    MAX_CHILDREN,
    MAX_ROOMS,
    WINDOW_DAYS,
    SearchQuery,
    today,
)
from .saved import recent_for_box


@dataclass(frozen=True)
class SearchForm:
    """The search form's values, as the no-JS form shows them and the islands start from."""

    query: SearchQuery  # the page's search (an empty one where the page has none)
    action: str
    destination: str
    place: int | str
    check_in: str
    check_out: str
    min_date: str
    max_date: str
    rooms: int
    adults: int
    children: int
    ages: list[int]
    room_choices: range
    adult_choices: range
    child_choices: range
    age_choices: range
    errors: dict[str, str]
    kept: list[tuple[str, str]]
    recent: list[dict] | None
    guests_text: str  # "2 adults and 1 child" (the no-JS guests field's summary)
    target: str = ""  # the form's target: "_top" in the partner's widget (results leave the frame)


@pass_context
def search_form_values(context) -> SearchForm:
    visitor = context.get("visitor") or visitor_of(context["request"])
    query = context.get("search") or SearchQuery()
    place = context.get("place")
    if place is not None and query.place == place.id and not query.destination:
        # A search by the place's id (the combobox's choice) shows the place's name.
        query = replace(query, destination=place.name)
    form = search_form(query, visitor)
    # The partner's widget (brands.widget): the results open on the brand's host, in the
    # partner's top window, never inside the frame.
    # (The brand admin's preview of it opens them in a new tab: ``search_form_target``.)
    origin = context.get("search_form_origin")
    if origin:
        target = context.get("search_form_target") or "_top"
        form = replace(form, action=origin + form.action, target=target)
    return form


def search_form(query: SearchQuery, visitor: Visitor) -> SearchForm:
    """The form for ``query`` as ``visitor`` sees it (their currency and fid kept)."""
    first = today()
    kept = dict(query.kept)
    if visitor.currency and "currency" not in kept:
        kept["currency"] = visitor.currency
    if visitor.fid and visitor.fid != DEFAULT_FID and "fid" not in kept:
        kept["fid"] = str(visitor.fid)
    ages = [age for room in query.rooms for age in room.children]
    adults = query.adults if query.adults else DEFAULT_ADULTS
    return SearchForm(
        query=query,
        action=page_url("hotels-search", visitor.locale),
        destination=query.destination,
        place=query.place or "",
        check_in=query.check_in.isoformat() if query.check_in else "",
        check_out=query.check_out.isoformat() if query.check_out else "",
        min_date=first.isoformat(),
        max_date=(first + timedelta(days=WINDOW_DAYS)).isoformat(),
        rooms=len(query.rooms),
        adults=adults,
        children=len(ages),
        ages=ages,
        room_choices=range(1, MAX_ROOMS + 1),
        # The form without JavaScript counts guests over all rooms (8 adults, 6 children a room).
        adult_choices=range(1, 4 * MAX_ADULTS + 1),
        child_choices=range(0, 2 * MAX_CHILDREN + 1),
        age_choices=range(0, MAX_CHILD_AGE + 1),
        errors=query.errors,
        kept=sorted(kept.items()),
        # A logged-in traveller's searches are the account's (storefront/search/saved.py).
        recent=recent_for_box(visitor.user),
        guests_text=guests_text(adults, len(ages), len(query.rooms), visitor.locale),
    )


def guests_text(adults: int, children: int, rooms: int, locale: str) -> str:
    """The guests as the search box sums them up, joined as the locale joins a list: "2 adults
    and 1 child", "4 adults, 1 child, and 2 rooms" (rooms only when more than one), each count
    kept whole on a line (a summary that wraps never ends a line on "1"). The island's twin is
    static_src/stay.js ``guestsSummary``."""
    counted = [
        translate("guests.adults", locale, count=adults),
        children and translate("guests.children", locale, count=children),
        rooms > 1 and translate("guests.rooms", locale, count=rooms),
    ]
    return format_list([_kept_whole(item) for item in counted if item], locale)


@pass_context
def search_summary(context) -> str:
    """The search as one line, "Barcelona · Mar 10 – 13 · 2 adults and 1 child", in the page's
    language: what a phone shows of the search form on a results or hotel page until it is
    tapped (templates/pages/results.html). "" when the search names no place yet (a search that
    found none, ``/hotels``) or has a field to correct: the form then stays open."""
    query = context.get("search")
    if query is None or query.errors:
        return ""
    # A results page's place; a hotel page's search starts on the hotel's city (hotels.views).
    place = context.get("place")
    name = place.name if place else (query.destination if context.get("hotel") else "")
    if not name:
        return ""
    locale = (context.get("visitor") or visitor_of(context["request"])).locale
    ages = sum(len(room.children) for room in query.rooms)
    guests = guests_text(query.adults or DEFAULT_ADULTS, ages, len(query.rooms), locale)
    if query.check_in and query.check_out:
        dates = _kept_whole(format_stay(query.check_in, query.check_out, locale))
        return translate("search.summary", locale, place=name, dates=dates, guests=guests)
    return translate("search.summary_undated", locale, place=name, guests=guests)


def _kept_whole(text: str) -> str:
    """``text`` with no-break spaces: a line that wraps keeps "Mar 10 – 13" and "2 adults"
    whole."""
    return text.replace(" ", "\u00a0").replace("\u2009", "\u202f")
