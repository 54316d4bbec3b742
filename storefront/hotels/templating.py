"""``favorite_toggle(hotel)``: the heart of a hotel's card or page (favorites: ``favorites.py``);
``star_rating(stars)``: a hotel's stars."""

from django.urls import reverse
from jinja2 import pass_context
from markupsafe import Markup, escape

from storefront.i18n.templating import t
from storefront.islands.templating import island_html
from storefront.web.icons import icon

from .islands import favorite_toggle_own


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
        ids,
        load="interaction" if ids is None else "",
        stored="favorites",
        own=favorite_toggle_own(hotel, ids),
    )


@pass_context
def star_rating(context, stars: int) -> Markup:
    """A hotel's ``stars`` (1 to 5) as a reader sees and hears them: a row of drawn stars (CSS,
    ``.stars--N``: one masked shape, not the "★" character, which the fonts our stylesheet names
    lack, so laying out a page began with a search of every installed font for it) and the
    catalog's words for a screen reader."""
    count = max(1, min(5, int(stars)))
    words = t(context, "results.stars", count=count)
    return Markup(
        f'<span class="stars stars--{count}" aria-hidden="true"></span>'
        f'<span class="visually-hidden">{escape(words)}</span>'
    )
