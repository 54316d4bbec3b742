"""Favorite hotels (spec section 4): a toggle on every hotel card and on the hotel page keeps a
hotel; ``/favorites`` lists them with their current prices when the visitor gives dates, each
removable, or all at once.

Anonymous visitors keep theirs in the browser under the spec's ``favorites`` key
(``static_src/state.js``): pages are the same for everyone (so they can be cached) and the
FavoriteToggle island shows the browser's state; ``/favorites`` is rendered from the ids the
Favorites island puts in its address (``?hotels=1,2,3``). A logged-in traveller's live here
(``models.Favorite``), follow them to every device, and the browser's move in at login: the
Header island posts them to ``merge_favorites`` and empties its own list.

The page itself is ``views.favorites_page`` and the heart ``templating.favorite_toggle``; this
module holds the rules and the endpoints (their paths: ``storefront/urls.py``).
"""

import json

from django.db import IntegrityError, transaction
from django.http import HttpResponseRedirect, JsonResponse
from django.views.decorators.http import require_POST

from storefront.web.links import page_url, safe_path
from storefront.web.session_user import current_user

from .models import Favorite

MAX_FAVORITES = 100  # the provider's hotels call takes at most 100 ids
MAX_HOTEL_ID = 2**31 - 1
MERGE_LIMIT_BYTES = 4_096


def _hotel_id(value) -> int | None:
    text = str(value).strip() if isinstance(value, (str, int)) else ""
    if not text.isdigit() or len(text) > 10:
        return None
    number = int(text)
    return number if 0 < number <= MAX_HOTEL_ID else None


def favorite_ids(user) -> list[int] | None:
    """The account's favorite hotels, newest first; None for an anonymous visitor."""
    if user is None or not user.key:
        return None
    return list(Favorite.objects.filter(account=user.key).values_list("hotel_id", flat=True))


def listed_ids(value: str | None) -> list[int]:
    """The ids an anonymous visitor's ``/favorites?hotels=`` names, in order, each once."""
    ids = (_hotel_id(part) for part in (value or "").split(",")[:MAX_FAVORITES])
    return list(dict.fromkeys(i for i in ids if i))


def favorite_set(account: str, hotel_id: int, on: bool) -> None:
    mine = Favorite.objects.filter(account=account)
    if not on:
        mine.filter(hotel_id=hotel_id).delete()
        return
    if mine.filter(hotel_id=hotel_id).exists():
        return
    try:
        with transaction.atomic():
            Favorite.objects.create(account=account, hotel_id=hotel_id)
    except IntegrityError:  # the same hotel from another tab at the same moment
        return
    # The oldest beyond the limit make room.
    extra = list(mine.values_list("id", flat=True)[MAX_FAVORITES:])
    if extra:
        Favorite.objects.filter(id__in=extra).delete()


def favorites_merge(account: str, ids) -> int:
    """Add a browser's favorites (a list of ids, oldest first) to the account."""
    added = 0
    for value in ids[-MAX_FAVORITES:] if isinstance(ids, list) else []:
        hotel_id = _hotel_id(value)
        if hotel_id and not Favorite.objects.filter(account=account, hotel_id=hotel_id).exists():
            favorite_set(account, hotel_id, True)
            added += 1
    return added


def _json_body(request):
    if len(request.body) > MERGE_LIMIT_BYTES:
        return None
    try:
        body = json.loads(request.body)
    except ValueError:
        return None
    return body if isinstance(body, dict) else None


@require_POST
def toggle_favorite(request):
    """Keep (``on`` 1) or drop (``on`` 0) one hotel for the logged-in traveller. From the
    FavoriteToggle island as JSON (answers ``{"on": …}``), or from the no-JS form (back to
    ``next``). 403 for an anonymous visitor (their favorites are the browser's), 400 for a
    hotel id that is not one."""
    as_json = request.content_type == "application/json"
    body = _json_body(request) if as_json else request.POST
    user = current_user(request)
    if user is None or not user.key:
        return JsonResponse({"on": False}, status=403)
    hotel_id = _hotel_id(body.get("hotel")) if body is not None else None
    if hotel_id is None:
        return JsonResponse({"on": False}, status=400)
    on = str(body.get("on")) in {"1", "true", "True"}
    favorite_set(user.key, hotel_id, on)
    if as_json:
        return JsonResponse({"on": on})
    return HttpResponseRedirect(
        safe_path(request.POST.get("next"), page_url("favorites", request.locale.code))
    )


@require_POST
def merge_favorites(request):
    """The Header island's call after login: ``{"favorites": [ids]}`` (CSRF-checked JSON);
    answers ``{"saved": n}``."""
    user = current_user(request)
    if user is None or not user.key:
        return JsonResponse({"saved": 0}, status=403)
    body = _json_body(request)
    if body is None or not isinstance(body.get("favorites"), list):
        return JsonResponse({"saved": 0}, status=400)
    return JsonResponse({"saved": favorites_merge(user.key, body["favorites"])})


@require_POST
def clear_favorites(request):
    """Remove every favorite of the logged-in traveller; back to ``/favorites``."""
    user = current_user(request)
    if user is not None and user.key:
        Favorite.objects.filter(account=user.key).delete()
    return HttpResponseRedirect(
        safe_path(request.POST.get("next"), page_url("favorites", request.locale.code))
    )
