"""Saved searches (spec section 4): every search a logged-in traveller runs is saved; ``/searches``
lists those whose check-in is today or later, each reopening its results, removable one by one
or all at once. The rules are those of ``static_src/state.js`` (which keeps an anonymous
visitor's in the browser): the same URL before its session part replaces the older one, and only
the newest 8 are kept.

At login the browser's searches move into the account (DESIGN 12): once a page knows the
visitor is logged in, the Header island posts them to ``merge_searches`` and empties its own
list, so an account's searches live in one place and follow it to every device.
"""

import json
from urllib.parse import urlencode, urlsplit

from django.db import transaction
from django.http import HttpResponseRedirect, JsonResponse, QueryDict
from django.urls import Resolver404, resolve
from django.utils.translation import override
from django.views.decorators.http import require_POST

from storefront.i18n.resolution import locale_from_path
from storefront.pages.views import render_page
from storefront.web.links import page_url, safe_path
from storefront.web.session_user import current_user

from .models import SavedSearch
from .query import SearchQuery, today

MAX_SEARCHES = 8


def _key(path: str, query: SearchQuery) -> str:
    pairs = [(k, v) for k, v in query.params() if k != "session"]
    return f"{path}?{urlencode(pairs)}"


# The pages a saved search may reopen: the results pages of storefront/pages/routes.py.
RESULTS_PAGES = frozenset(
    {
        "hotels-search",
        "hotels-destination-countrySlug-destinationSlug-results",
        "hotels-place-placeId-results",
    }
)
MERGE_LIMIT_BYTES = 16_384  # 8 searches of 800-character URLs, with room to spare


def search_save(*, account: str, path: str, query: SearchQuery, place_name: str) -> bool:
    """Save one search under ``account`` by the rules above; False when it is not one (no
    valid dates)."""
    if not account or not query.dated or query.errors:
        return False
    with transaction.atomic():
        SavedSearch.objects.update_or_create(
            account=account,
            key=_key(path, query)[:600],
            defaults={
                "router": f"{path}?{query.encode()}"[:800],
                "place_name": place_name.strip()[:120],
                "check_in": query.check_in,
                "check_out": query.check_out,
                "guests": query.guests,
            },
        )
        stale = SavedSearch.objects.filter(account=account).values_list("id", flat=True)[
            MAX_SEARCHES:
        ]
        SavedSearch.objects.filter(id__in=list(stale)).delete()
    return True


def remember(request, query: SearchQuery, place_name: str) -> None:
    """Save the search a logged-in traveller just ran (a place and valid dates)."""
    user = current_user(request)
    if user is not None and user.key:
        search_save(account=user.key, path=request.path, query=query, place_name=place_name)


def _results_path(path: str) -> bool:
    """Whether ``path`` (in any locale) is a results page."""
    code, _ = locale_from_path(path)
    try:
        with override(code):
            return resolve(path).url_name in RESULTS_PAGES
    except Resolver404:
        return False


def searches_merge(*, account: str, searches) -> int:
    """Move a browser's saved searches (state.js entries: ``router``, ``label``) into the
    account, oldest first so the newest stay newest; anything that is not a results URL on this
    site with valid dates is skipped. Returns how many were saved."""
    saved = 0
    for entry in searches[-MAX_SEARCHES:] if isinstance(searches, list) else []:
        router = entry.get("router") if isinstance(entry, dict) else None
        if safe_path(router, "") == "":
            continue
        parts = urlsplit(router)
        if not _results_path(parts.path):
            continue
        query = SearchQuery.from_query(QueryDict(parts.query))
        label = entry.get("label") if isinstance(entry.get("label"), str) else ""
        name = label or query.destination
        saved += search_save(account=account, path=parts.path, query=query, place_name=name)
    return saved


@require_POST
def merge_searches(request):
    """The Header island's call after login: ``{"searches": [...]}`` as JSON (CSRF-checked).
    Answers ``{"saved": n}``; 403 when nobody is logged in, 400 for a body that is not that."""
    user = current_user(request)
    if user is None or not user.key:
        return JsonResponse({"saved": 0}, status=403)
    if len(request.body) > MERGE_LIMIT_BYTES:
        return JsonResponse({"saved": 0}, status=400)
    try:
        body = json.loads(request.body)
    except ValueError:
        return JsonResponse({"saved": 0}, status=400)
    if not isinstance(body, dict) or not isinstance(body.get("searches"), list):
        return JsonResponse({"saved": 0}, status=400)
    return JsonResponse({"saved": searches_merge(account=user.key, searches=body["searches"])})


def visible(user) -> list[SavedSearch]:
    if user is None or not user.key:
        return []
    return list(SavedSearch.objects.filter(account=user.key, check_in__gte=today()))


def recent_for_box(user) -> list[dict] | None:
    """The account's searches for the search box's "Recent searches", newest first, in
    state.js's shape; None for an anonymous visitor (the browser keeps theirs)."""
    if user is None or not user.key:
        return None
    return [
        {
            "router": row.router,
            "label": row.place_name,
            "params": {
                "check_in": row.check_in.isoformat(),
                "check_out": row.check_out.isoformat(),
                "guests": row.guests,
            },
        }
        for row in visible(user)
    ]


def searches_page(request, *, page_name, **params):
    user = current_user(request)
    rows = visible(user)
    context = {
        "saved_searches": [
            {
                "row": row,
                "url": row.router,
                "nights": (row.check_out - row.check_in).days,
                "adults": sum(int(r.split("-")[0]) for r in row.guests.split(",")),
                "children": sum(len(r.split("-")) - 1 for r in row.guests.split(",")),
            }
            for row in rows
        ],
        "searches_user": user,
        "searches_today": today().isoformat(),
    }
    return render_page(request, page_name=page_name, extra_context=context, **params)


@require_POST
def remove_searches(request):
    """Remove one saved search (``id``) or all of them (no ``id``); back to ``/searches``."""
    user = current_user(request)
    back = safe_path(request.POST.get("next"), page_url("searches", request.locale.code))
    if user is not None and user.key:
        mine = SavedSearch.objects.filter(account=user.key)
        if request.POST.get("id", "").isdigit():
            mine = mine.filter(id=int(request.POST["id"]))
        mine.delete()
    return HttpResponseRedirect(back)
