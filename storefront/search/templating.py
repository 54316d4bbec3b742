"""``{% set f = search_form_values() %}``: what the search form shows, on any page; and
``favorite_toggle(hotel)``, the heart of a hotel's card or page.

On a results page the form shows the search it produced (``search`` in the context); elsewhere
it starts empty, with two adults in one room. Kept parameters (currency, fid, ...) travel with
the form as hidden fields so a search never loses them. A logged-in traveller's saved searches
come along for the island's "Recent searches" (an anonymous visitor's are in the browser).
"""

from datetime import timedelta

from django.urls import reverse
from jinja2 import pass_context
from markupsafe import Markup, escape

from storefront.i18n.templating import t
from storefront.islands.props import favorite_toggle_own
from storefront.islands.templating import island_html
from storefront.web.icons import icon

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
    first = today()
    kept = dict(query.kept)
    if context.get("current_currency") and "currency" not in kept:
        kept["currency"] = context["current_currency"]
    fid = context.get("fid")
    if fid and fid != 1 and "fid" not in kept:
        kept["fid"] = str(fid)
    ages = [age for room in query.rooms for age in room.children]
    return {
        "action": context.get("search_url", ""),
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
        "recent": recent_for_box(context.get("session_user")),
    }


@pass_context
def favorite_toggle(context, hotel) -> Markup:
    """The heart of ``hotel`` (the FavoriteToggle island, static_src/islands/FavoriteToggle.jsx,
    draws the same button once mounted). A logged-in traveller's is the account's: a form that
    works without JavaScript, the island at idle. An anonymous visitor's is this browser's: the
    server draws the island's button (hidden without scripts, where it could do nothing), and
    the island loads at the first pointer, touch or focus in it, or at idle when the browser
    keeps favorites (so a kept hotel's heart shows at once). Drawn here, not in a template: a
    results page has twenty, and an include with a call block each was a tenth of its render."""
    ids = context.get("favorite_ids")
    label = t(context, "favorites.toggle", hotel=hotel.name)
    heart = f'{icon("heart")}<span class="visually-hidden">{label}</span>'
    if ids is None:
        fallback = (
            f'<button type="button" class="favorite" aria-pressed="false" title="{label}"'
            f' data-action="toggle" data-focus-key="favorite">{heart}</button>'
        )
    else:
        kept = hotel.id in ids
        back = escape(context["request"].get_full_path())
        fallback = (
            f'<form class="favorite-form" method="post" action="{reverse("toggle-favorite")}">'
            f'{context["csrf_input"]}<input type="hidden" name="hotel" value="{int(hotel.id)}">'
            f'<input type="hidden" name="on" value="{0 if kept else 1}">'
            f'<input type="hidden" name="next" value="{back}">'
            f'<button class="favorite" type="submit" aria-pressed="{str(kept).lower()}">{heart}'
            "</button></form>"
        )
    return island_html(
        context,
        "FavoriteToggle",
        fallback,
        load="interaction" if ids is None else "",
        stored="favorites",
        own=favorite_toggle_own(hotel, ids),
    )
