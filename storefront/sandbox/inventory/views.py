"""The inventory endpoints (docs/provider-inventory-api.md), in the sandbox's habits: the client
token or a provider session, answers in the request's ``locale``, errors as
``{"message", "errors"}`` in the provider's own words (``messages.json``), 400 for bad input.
"""

import json
from datetime import UTC, datetime, timedelta

from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET, require_POST

from .. import views as sandbox
from . import fx, photos, rates, search
from .api import hotel_json, hotel_place_json, place_json
from .locales import normalise
from .store import inventory

MAX_IDS = 100
YEAR = "public, max-age=31536000, immutable"


def _messages(locale: str) -> dict[str, str]:
    table = sandbox.messages()
    return {**table[sandbox.FALLBACK_LOCALE], **table.get(locale, {})}


def bad_request(locale: str, errors: dict[str, list[str]]) -> JsonResponse:
    texts = _messages(locale)
    translated = {field: [texts[k] for k in keys] for field, keys in errors.items()}
    first = next(iter(translated.values()))[0]
    return JsonResponse({"message": first, "errors": translated}, status=400)


def not_found(locale: str) -> JsonResponse:
    return JsonResponse({"message": _messages(locale)[sandbox.NOT_FOUND], "errors": {}}, status=404)


def authorised(view):
    def checked(request, *args, **kwargs):
        if not sandbox._authorised(request):
            return sandbox.error(request, sandbox.UNAUTHENTICATED, 401)
        return view(request, *args, **kwargs)

    checked.__name__ = view.__name__
    return checked


def _locale(request) -> str:
    return normalise(request.GET.get("locale"))


def _int_param(value: str | None, low: int, high: int) -> int | None:
    if value is None or not value.isdigit():
        return None
    number = int(value)
    return number if low <= number <= high else None


@require_GET
@authorised
def places(request):
    locale, params = _locale(request), request.GET
    inv = inventory()
    if "q" in params:
        q = params["q"].strip()
        errors = {}
        if not 2 <= len(q) <= 60:
            errors["q"] = [rates.OUT_OF_RANGE]
        limit = _int_param(params.get("limit", "10"), 1, 20)
        if limit is None:
            errors["limit"] = [rates.OUT_OF_RANGE]
        if errors:
            return bad_request(locale, errors)
        data = [
            hotel_place_json(inv.hotels[pid], locale)
            if kind == "hotel"
            else place_json(inv.places[pid], locale)
            for kind, pid in search.search(q, locale, limit)
        ]
        return JsonResponse({"data": data, "meta": {"total": len(data), "q": q}})
    if "country_slug" in params:
        pid = inv.slugs.get((params["country_slug"], params.get("slug") or None))
        if pid is None:
            return not_found(locale)
        return JsonResponse({"data": place_json(inv.places[pid], locale)})
    if params.get("type") == "country" and "country" not in params:
        found = sorted((p for p in inv.places.values() if p.type == "country"), key=lambda p: p.id)
        data = [place_json(p, locale) for p in found]
        return JsonResponse({"data": data, "meta": {"total": len(data)}})
    if "country" in params:
        code = params["country"].lower()
        kind = params.get("type", "city")
        if kind not in ("city", "region", "landmark"):
            return bad_request(locale, {"type": [rates.INVALID]})
        if code not in inv.country_ids:
            return not_found(locale)
        found = sorted(
            (p for p in inv.places.values() if p.country_code == code and p.type == kind),
            key=lambda p: (-p.popularity, p.id),
        )
        data = [place_json(p, locale) for p in found]
        return JsonResponse({"data": data, "meta": {"total": len(data)}})
    return bad_request(locale, {"q": [rates.REQUIRED]})


@require_GET
@authorised
def place(request, pid):
    locale = _locale(request)
    found = inventory().places.get(pid)
    if found is None:
        return not_found(locale)
    return JsonResponse({"data": place_json(found, locale)})


@require_GET
@authorised
def hotels(request):
    locale, params = _locale(request), request.GET
    inv = inventory()
    if "ids" in params:
        parts = [p.strip() for p in params["ids"].split(",") if p.strip()]
        if not parts or not all(p.isdigit() for p in parts):
            return bad_request(locale, {"ids": [rates.INVALID]})
        if len(parts) > MAX_IDS:
            return bad_request(locale, {"ids": [rates.OUT_OF_RANGE]})
        found = [inv.hotels[int(p)] for p in dict.fromkeys(parts) if int(p) in inv.hotels]
    elif "place" in params:
        pid = _int_param(params["place"], 0, 10**9)
        if pid is None:
            return bad_request(locale, {"place": [rates.INVALID]})
        if pid not in inv.places:
            return not_found(locale)
        found = [inv.hotels[hid] for hid in rates.hotels_of(pid)]
        if "limit" in params:  # the best few: each city's first by rank before any second
            limit = _int_param(params["limit"], 1, 100)
            if limit is None:
                return bad_request(locale, {"limit": [rates.OUT_OF_RANGE]})
            found = sorted(found, key=lambda h: (h.rank, h.id))[:limit]
    else:
        return bad_request(locale, {"place": [rates.PLACE_OR_HOTELS]})
    data = [hotel_json(request, h, locale) for h in found]
    return JsonResponse({"data": data, "meta": {"total": len(data)}})


@require_GET
@authorised
def hotel(request, hid):
    locale = _locale(request)
    found = inventory().hotels.get(hid)
    if found is None:
        return not_found(locale)
    return JsonResponse({"data": hotel_json(request, found, locale)})


@require_POST
@authorised
def hotel_rates(request):
    try:
        data = json.loads(request.body or b"null")
    except ValueError:
        data = None
    body_locale = data.get("locale") if isinstance(data, dict) else None
    locale = normalise(body_locale or request.GET.get("locale"))
    # The first bookable night is the earliest date that is still today somewhere (UTC−12),
    # the storefront's rule too (storefront/search/query.py): a traveller late in the evening
    # in Hawaii can book tonight.
    today = (datetime.now(UTC) - timedelta(hours=12)).date()
    parsed, errors, missing_place = rates.validate(data, today)
    if errors:
        return bad_request(locale, errors)
    if missing_place is not None:
        return not_found(locale)
    return JsonResponse(rates.rates(parsed))


@require_GET
@authorised
def offer(request, offer_id):
    """Re-prices one offer from its signed id, as booking does: the same offer at today's price,
    or ``available: false`` when it is no longer sold (its check-in has passed, the room is
    gone). An id that is malformed or not signed by us is not found."""
    locale = _locale(request)
    try:
        key = rates.parse_offer_id(offer_id)
    except ValueError:
        return not_found(locale)
    today = (datetime.now(UTC) - timedelta(hours=12)).date()
    quoted = rates.quote(key) if key.stay.check_in >= today else None
    stay = {
        "check_in": key.stay.check_in.isoformat(),
        "check_out": key.stay.check_out.isoformat(),
        "occupancies": [
            {"adults": adults, "children": list(ages)} for adults, ages in key.stay.occupancies
        ],
        "currency": key.stay.currency,
    }
    return JsonResponse(
        {
            "data": {
                "hotel_id": key.hotel_id,
                "available": quoted is not None,
                "offer": quoted,
                "stay": stay,
            }
        }
    )


@require_GET
@authorised
def currency_rates(request):
    return JsonResponse({"data": fx.payload()})


def _image(hotel_id: int, room: int, number: int, width: int, count: int):
    if width not in photos.WIDTHS or not 1 <= number <= count:
        return not_found("en")
    by_sea = inventory().places[inventory().hotels[hotel_id].place_id].kind == "beach"
    response = HttpResponse(
        photos.render(hotel_id, by_sea, room, number, width), content_type="image/webp"
    )
    response["Cache-Control"] = YEAR
    return response


@require_GET
def hotel_photo(request, hid, number, width):
    found = inventory().hotels.get(hid)
    if found is None:
        return not_found("en")
    return _image(hid, 0, number, width, found.photos)


@require_GET
def room_photo(request, hid, room, number, width):
    found = inventory().hotels.get(hid)
    if found is None or not 1 <= room <= len(found.rooms):
        return not_found("en")
    return _image(hid, room, number, width, found.rooms[room - 1].photos)


DIRECTORY_PAGE = 5000


@require_GET
@authorised
def directory(request):
    """``GET /v3/directory?page=N``: every page-worthy place (countries, and the cities and
    regions that have hotels) and every hotel, as the slugs their addresses are made of, by
    type then id, ``DIRECTORY_PAGE`` to a page; ``meta.pages`` says how many pages there are."""
    page = _int_param(request.GET.get("page", "1"), 1, 10**6)
    if page is None:
        return bad_request(_locale(request), {"page": [rates.OUT_OF_RANGE]})
    inv = inventory()

    def country_slug(code):
        return inv.places[inv.country_ids[code]].slug

    rows = [
        {"type": "country", "country_slug": p.slug}
        for p in sorted(inv.places.values(), key=lambda p: p.id)
        if p.type == "country"
    ]
    rows += [
        {"type": p.type, "country_slug": country_slug(p.country_code), "slug": p.slug}
        for p in sorted(inv.places.values(), key=lambda p: p.id)
        if p.type in ("city", "region") and inv.city_hotels.get(p.id)
    ]
    for hotel_id in sorted(inv.hotels):
        hotel = inv.hotels[hotel_id]
        city = inv.places[hotel.place_id]
        rows.append(
            {
                "type": "hotel",
                "country_slug": country_slug(city.country_code),
                "city_slug": city.slug,
                "slug": hotel.slug,
            }
        )
    pages = max(1, -(-len(rows) // DIRECTORY_PAGE))
    if page > pages:
        return not_found(_locale(request))
    chunk = rows[(page - 1) * DIRECTORY_PAGE : page * DIRECTORY_PAGE]
    return JsonResponse({"data": chunk, "meta": {"page": page, "pages": pages, "total": len(rows)}})
