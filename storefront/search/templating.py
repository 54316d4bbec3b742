"""``{% set f = search_form_values() %}``: what the search form shows, on any page (a hotel's
heart, ``favorite_toggle(hotel)``, is ``storefront.hotels.templating``'s).

On a results page the form shows the search it produced (``search`` in the context); elsewhere
it starts empty, with two adults in one room. Kept parameters (currency, fid, ...) travel with
the form as hidden fields so a search never loses them. A logged-in traveller's saved searches
come along for the island's "Recent searches" (an anonymous visitor's are in the browser).
"""

from datetime import timedelta

from jinja2 import pass_context

from storefront.web.links import page_url
from storefront.web.visitor import visitor_of

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


@pass_context
def search_form_values(context) -> dict:
    query = context.get("search") or SearchQuery()
    visitor = context.get("visitor") or visitor_of(context["request"])
    first = today()
    kept = dict(query.kept)
    if visitor.currency and "currency" not in kept:
        kept["currency"] = visitor.currency
    fid = visitor.fid
    if fid and fid != 1 and "fid" not in kept:
        kept["fid"] = str(fid)
    ages = [age for room in query.rooms for age in room.children]
    return {
        "action": page_url("hotels-search", visitor.locale),
        "destination": query.destination,
        "place": query.place or "",
        "check_in": query.check_in.isoformat() if query.check_in else "",
        "check_out": query.check_out.isoformat() if query.check_out else "",
        "min_date": first.isoformat(),
        "max_date": (first + timedelta(days=WINDOW_DAYS)).isoformat(),
        "rooms": len(query.rooms),
        "adults": query.adults if query.adults else DEFAULT_ADULTS,
        "children": len(ages),
        "ages": ages,
        "room_choices": range(1, MAX_ROOMS + 1),
        # The form without JavaScript counts guests over all rooms (8 adults, 6 children a room).
        "adult_choices": range(1, 4 * MAX_ADULTS + 1),
        "child_choices": range(0, 2 * MAX_CHILDREN + 1),
        "age_choices": range(0, MAX_CHILD_AGE + 1),
        "errors": query.errors,
        "kept": sorted(kept.items()),
        # A logged-in traveller's searches are the account's (storefront/search/saved.py).
        "recent": recent_for_box(visitor.user),
    }
