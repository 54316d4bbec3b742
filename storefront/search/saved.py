"""Saved searches (spec section 4): every search a logged-in traveller runs is saved; ``/searches``
lists those whose check-in is today or later, each reopening its results, removable one by one
or all at once. The rules are those of ``static_src/state.js`` (which keeps an anonymous
visitor's in the browser): the same URL before its session part replaces the older one, and only
the newest 8 are kept.
"""

from urllib.parse import urlencode

from django.db import transaction
from django.http import HttpResponseRedirect
from django.views.decorators.http import require_POST

from storefront.pages.views import render_page
from storefront.web.links import page_url, safe_path
from storefront.web.session_user import current_user

from .models import SavedSearch
from .query import SearchQuery, today

MAX_SEARCHES = 8


def _key(path: str, query: SearchQuery) -> str:
    pairs = [(k, v) for k, v in query.params() if k != "session"]
    return f"{path}?{urlencode(pairs)}"


def remember(request, query: SearchQuery, place_name: str) -> None:
    """Save the search a logged-in traveller just ran (a place and valid dates)."""
    user = current_user(request)
    if user is None or not user.key or not query.dated:
        return
    key = _key(request.path, query)
    text = query.encode()
    with transaction.atomic():
        SavedSearch.objects.update_or_create(
            account=user.key,
            key=key[:600],
            defaults={
                "router": f"{request.path}?{text}"[:800],
                "place_name": place_name[:120],
                "check_in": query.check_in,
                "check_out": query.check_out,
                "guests": query.guests,
            },
        )
        stale = SavedSearch.objects.filter(account=user.key).values_list("id", flat=True)[
            MAX_SEARCHES:
        ]
        SavedSearch.objects.filter(id__in=list(stale)).delete()


def visible(user) -> list[SavedSearch]:
    if user is None or not user.key:
        return []
    return list(SavedSearch.objects.filter(account=user.key, check_in__gte=today()))


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
