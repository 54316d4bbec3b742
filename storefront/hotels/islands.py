"""The hotels app's islands' props (static_src/islands/Gallery.jsx, FavoriteToggle.jsx and
Favorites.jsx), registered with ``storefront.islands.registry``."""

from django.urls import reverse

from storefront.islands.registry import register
from storefront.islands.words import first_words
from storefront.web.visitor import Visitor

from .presenters import GalleryView

FAVORITE_WORDS = ("favorites.toggle", "favorites.saved", "favorites.removed", "auth.network_error")


@register("Gallery")
def gallery_props(visitor: Visitor, gallery: GalleryView) -> dict:
    """Read by static_src/islands/Gallery.jsx: the photos of the hotel page's ``gallery``
    (``presenters.gallery``), each with its sizes, and the id of the strip the server
    rendered."""
    return {
        "title": gallery.title_text,
        "strip": gallery.strip,
        "photos": [
            {"src": p.src, "srcset": p.srcset, "width": p.width, "height": p.height}
            for p in gallery.photos
        ],
    }


@register("FavoriteToggle")
def favorite_toggle_props(visitor: Visitor, kept_ids) -> dict:
    """Read by static_src/islands/FavoriteToggle.jsx, one block for every heart of the page
    (each has its own hotel: ``favorite_toggle_own``): for a logged-in traveller where to say
    that a hotel is kept (``endpoint``; "" when the browser keeps the favorites: ``kept_ids``,
    the account's favorite hotels, is None), and ``words``, everything it says (no i18next on a
    page of cards), with ``{{hotel}}`` left for the island to fill with its own hotel's name
    (static_src/words.js)."""
    return {
        "endpoint": reverse("toggle-favorite") if kept_ids is not None else "",
        "words": first_words(visitor.locale, FAVORITE_WORDS),
    }


def favorite_toggle_own(hotel, kept_ids) -> dict:
    """A heart's own props: its hotel, and for a logged-in traveller whether it is kept
    (``kept_ids``, the page's ``favorite_ids``, set by its view); ``on`` None: the browser keeps
    the favorites."""
    on = None if kept_ids is None else hotel.id in kept_ids
    return {"hotel": hotel.id, "name": hotel.name, "on": on}


@register("Favorites")
def favorites_props(visitor: Visitor, listed, kept_ids) -> dict:
    """Read by static_src/islands/Favorites.jsx on /favorites: the hotels the page lists, in
    order (``favorites_listed``), and whether they are the account's (``kept_ids``, the page's
    ``favorite_ids``, is not None; else the browser's, state.js)."""
    return {"listed": list(listed or []), "signedIn": kept_ids is not None}
