"""The search app's islands' props (static_src/islands/SearchBox.jsx, StayDates.jsx,
SavedSearches.jsx and Map.jsx), registered with ``storefront.islands.registry``."""

from storefront.i18n.catalog import messages
from storefront.islands.registry import register
from storefront.islands.words import first_words
from storefront.web.visitor import Visitor

from .maps import MapView
from .query import SearchQuery
from .templating import SearchForm

# What the search box's first render and its own checks can show (static_src/islands/SearchBox.jsx):
# its labels and every search error; the guests summary is added for the box's guests.
SEARCH_BOX_WORDS = (
    "search.title",
    "search.destination",
    "search.destination_placeholder",
    "search.check_in",
    "search.check_out",
    "search.guests",
    "search.submit",
)


def _search_errors(code: str) -> list[str]:
    """Every message a date or guests check can give (``search.errors.*``)."""
    return [key for key in messages(code) if key.startswith("search.errors.")]


def _search_box_words(code: str, query: SearchQuery, guests_error: bool) -> dict[str, str]:
    """The search box's first words: its labels, every ``search.errors.*`` message, and the
    guests summary of the guests it starts with (two adults in one room when they were refused,
    as static_src/stay.js ``parseGuests`` falls back)."""
    if guests_error:
        adults, children, rooms = 2, 0, 1
    else:
        adults, children, rooms = query.adults, query.children, len(query.rooms)
    counted = [("guests.adults", adults)]
    counted += [("guests.children", children)] if children else []
    counted += [("guests.rooms", rooms)] if rooms > 1 else []
    return first_words(code, (*SEARCH_BOX_WORDS, *_search_errors(code)), counted)


@register("SearchBox")
def search_box_props(visitor: Visitor, form: SearchForm) -> dict:
    """Read by static_src/islands/SearchBox.jsx: the values the no-JS form shows
    (templates/includes/search_form.html hands it its ``search_form_values()``)."""
    errors = dict(form.errors or {})
    guests = "" if "guests" in errors else form.query.guests
    return {
        "action": form.action,
        "target": form.target,
        "destination": form.destination,
        "place": str(form.place or ""),
        "checkIn": form.check_in,
        "checkOut": form.check_out,
        "guests": guests or "2",
        "today": form.min_date,
        "maxDate": form.max_date,
        "kept": [[name, value] for name, value in form.kept],
        "errors": errors,
        "locale": visitor.locale,
        # The account's saved searches when logged in (None: the browser's own, state.js).
        "recent": form.recent,
        "words": _search_box_words(visitor.locale, form.query, "guests" in errors),
    }


@register("StayDates")
def stay_dates_props(
    visitor: Visitor, form: SearchForm, *, action: str, prompt: str, hidden=()
) -> dict:
    """Read by static_src/islands/StayDates.jsx: the form of templates/includes/stay_form.html
    (``form`` from ``search_form_values()``; ``action``, the page's path; ``prompt``, the catalog
    key that asks for dates; ``hidden``, the page's own fields besides the stay's). All it says
    comes as its first words (static_src/words.js): the page loads i18next only when the date
    picker opens."""
    guests = form.query.guests
    fields = [["guests", guests]] if guests and guests != "2" else []
    fields += [[name, value] for name, value in hidden or ()]
    fields += [[name, value] for name, value in form.kept]
    return {
        "action": action,
        "prompt": prompt,
        "today": form.min_date,
        "maxDate": form.max_date,
        "hidden": fields,
        "errors": {
            k: v for k, v in dict(form.errors or {}).items() if k in ("check_in", "check_out")
        },
        "words": first_words(
            visitor.locale,
            (
                prompt,
                "search.check_in",
                "search.check_out",
                "results.see_rooms",
                *_search_errors(visitor.locale),
            ),
        ),
    }


@register("SavedSearches")
def saved_searches_props(visitor: Visitor, today: str) -> dict:
    """Read by static_src/islands/SavedSearches.jsx: the first day a saved search is still worth
    showing (``searches_today``, set by ``saved.searches_page``)."""
    return {"today": today}


@register("Map")
def map_props(visitor: Visitor, shown: MapView) -> dict:
    """Read by static_src/islands/Map.jsx: the page's map (``maps.MapView``: the hotel page's
    ``hotel_map``, the results' ``results_map``), its library, source and markers."""
    props = {
        **shown.config.props(),
        "title": shown.title,
        "center": shown.center,
        "zoom": shown.zoom,
        "markers": shown.markers,
        "mode": shown.mode,
    }
    if shown.slot:
        props["slot"] = shown.slot
    return props
