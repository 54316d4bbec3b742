"""Readers: the provider's JSON into the value types of ``types.py``.

Answers are read defensively: an entry of the wrong shape is dropped (None), never shown
half-filled. Money is read as ``Decimal`` (``_money``), everything else numeric as ``float``.
"""

import math
from datetime import date
from decimal import Decimal

from .types import (
    BOARDS,
    Bed,
    CancellationStep,
    Hotel,
    HotelRates,
    HouseRule,
    Offer,
    OfferAnswer,
    OfferStay,
    Photo,
    Place,
    Price,
    PriceItem,
    Room,
)

ZERO = Decimal(0)


def _int(value, default=None):
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _num(value, default=None):
    """A coordinate, a distance or a score: a finite number as ``float``."""
    if isinstance(value, (int, float, Decimal)) and not isinstance(value, bool):
        number = float(value)
        if math.isfinite(number):
            return number
    return default


def _money(value, default=None):
    """An amount of money: a finite JSON number as ``Decimal``, exactly as the provider wrote it
    (the client reads fractions as ``Decimal``; a float that came another way is taken by its
    shortest decimal text)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return default
    amount = value if isinstance(value, Decimal) else Decimal(str(value))
    return amount if amount.is_finite() else default


def _str(value, default=""):
    return value if isinstance(value, str) else default


def _need(value):
    """``value``, which the entry cannot do without; a missing one drops the entry."""
    if value is None or value == "":
        raise ValueError("missing")
    return value


def read_place(raw) -> Place | None:
    try:
        coordinates = raw.get("coordinates") or {}
        return Place(
            id=_need(_int(raw.get("id"))),
            type=_str(raw.get("type")),
            name=_need(_str(raw.get("name"))),
            slug=_str(raw.get("slug")),
            country_code=_str(raw.get("country_code")).lower(),
            country_slug=_str(raw.get("country_slug")),
            country_name=_str(raw.get("country_name")),
            lat=_num(coordinates.get("lat"), 0.0),
            lng=_num(coordinates.get("lng"), 0.0),
            parent_id=_int(raw.get("parent_id")),
            time_zone=_str(raw.get("time_zone")),
            hotel_count=_int(raw.get("hotel_count"), 0),
            name_locale=_str(raw.get("name_locale"), "en"),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _photo(raw) -> Photo | None:
    try:
        sizes = tuple(sorted((int(width), url) for width, url in raw["sizes"].items() if _str(url)))
        if not sizes:
            return None
        return Photo(
            width=_int(raw.get("width"), 1280), height=_int(raw.get("height"), 853), sizes=sizes
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _photos(raw) -> tuple[Photo, ...]:
    return tuple(p for p in map(_photo, raw if isinstance(raw, list) else []) if p)


def _room(raw) -> Room | None:
    try:
        occupancy = raw.get("max_occupancy") or {}
        return Room(
            id=_need(_str(raw.get("id"))),
            type=_str(raw.get("type")),
            name=_str(raw.get("name")),
            beds=tuple(
                Bed(_str(b.get("type")), _int(b.get("count"), 1)) for b in raw.get("beds") or []
            ),
            area_m2=_int(raw.get("area_m2"), 0),
            max_adults=_int(occupancy.get("adults"), 2),
            max_children=_int(occupancy.get("children"), 0),
            amenities=tuple(a for a in raw.get("amenities") or [] if isinstance(a, str)),
            photos=_photos(raw.get("photos")),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _house_rule(raw) -> HouseRule | None:
    if not isinstance(raw, dict) or not _str(raw.get("code")):
        return None
    values = tuple(
        (key, str(value))
        for key, value in sorted(raw.items())
        if key != "code" and isinstance(value, (str, int)) and not isinstance(value, bool)
    )
    return HouseRule(_str(raw["code"]), values)


def read_hotel(raw) -> Hotel | None:
    try:
        coordinates = raw.get("coordinates") or {}
        review = raw.get("review") or {}
        trust = raw.get("trust") or {}
        stars = _int(raw.get("stars"))
        count = _int(review.get("count"), 0)
        return Hotel(
            id=_need(_int(raw.get("id"))),
            slug=_need(_str(raw.get("slug"))),
            name=_need(_str(raw.get("name"))),
            stars=stars if stars and 0 < stars < 6 else None,
            aggregator=_str(raw.get("aggregator")),
            place_id=_int(raw.get("place_id"), 0),
            city_name=_str(raw.get("city_name")),
            city_slug=_str(raw.get("city_slug")),
            country_code=_str(raw.get("country_code")).lower(),
            country_slug=_str(raw.get("country_slug")),
            district=_str(raw.get("district")),
            district_locale=_str(raw.get("district_locale"), "en"),
            address=_str(raw.get("address")),
            lat=_num(coordinates.get("lat"), 0.0),
            lng=_num(coordinates.get("lng"), 0.0),
            distance_km=_num(raw.get("distance_km"), 0.0),
            time_zone=_str(raw.get("time_zone"), "UTC"),
            rank=_int(raw.get("rank"), 10**6),
            review_score=_num(review.get("score")) if count else None,
            review_count=count,
            trust_score=_int(trust.get("score")),
            verified_reviews=_int(trust.get("verified_reviews"), 0),
            amenities=tuple(a for a in raw.get("amenities") or [] if isinstance(a, str)),
            check_in_from=_str(raw.get("check_in_from")),
            check_out_until=_str(raw.get("check_out_until")),
            description=_str(raw.get("description")),
            description_locale=_str(raw.get("description_locale"), "en"),
            photos=_photos(raw.get("photos")),
            rooms=tuple(r for r in map(_room, raw.get("rooms") or []) if r),
            house_rules=tuple(r for r in map(_house_rule, raw.get("house_rules") or []) if r),
            postal_code=_str(raw.get("postal_code")),
            phone=_str(raw.get("phone")),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _price(raw) -> Price | None:
    try:
        return Price(
            currency=_need(_str(raw.get("currency"))),
            nights=_int(raw.get("nights"), 1),
            net=_need(_money(raw.get("net"))),
            gross=_need(_money(raw.get("gross"))),
            net_per_night=_money(raw.get("net_per_night"), ZERO),
            gross_per_night=_money(raw.get("gross_per_night"), ZERO),
            items=tuple(
                PriceItem(
                    _str(i.get("code")),
                    _str(i.get("kind")),
                    _money(i.get("amount"), ZERO),
                    i.get("included") is True,
                )
                for i in raw.get("items") or []
                if isinstance(i, dict)
            ),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def read_offer(raw) -> Offer | None:
    try:
        price = _price(raw.get("price"))
        if price is None or raw.get("board") not in BOARDS:
            return None
        return Offer(
            offer_id=_need(_str(raw.get("offer_id"))),
            room_id=_str(raw.get("room_id")),
            board=raw["board"],
            refundable=raw.get("refundable") is True,
            cancellation=tuple(
                CancellationStep(_str(c.get("until")), _money(c.get("penalty"), ZERO))
                for c in raw.get("cancellation") or []
                if isinstance(c, dict)
            ),
            price=price,
            rooms_left=_int(raw.get("rooms_left")),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def read_rates(raw) -> HotelRates | None:
    if not isinstance(raw, dict) or not _int(raw.get("hotel_id")):
        return None
    offers = tuple(o for o in map(read_offer, raw.get("offers") or []) if o)
    return HotelRates(raw["hotel_id"], raw.get("available") is not False and bool(offers), offers)


def read_offer_stay(raw) -> OfferStay | None:
    try:
        return OfferStay(
            check_in=date.fromisoformat(raw["check_in"]),
            check_out=date.fromisoformat(raw["check_out"]),
            occupancies=tuple(
                (int(o["adults"]), tuple(int(a) for a in o.get("children") or ()))
                for o in raw["occupancies"]
            ),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def read_offer_answer(data) -> OfferAnswer | None:
    """``GET /v3/offers/{id}``'s data: the offer re-priced (None when no longer sold)."""
    if not isinstance(data, dict) or not _int(data.get("hotel_id")):
        return None
    return OfferAnswer(
        hotel_id=_int(data["hotel_id"]),
        offer=read_offer(data.get("offer")) if data.get("available") is True else None,
        stay=read_offer_stay(data.get("stay")),
    )


def read_exchange_rates(data) -> dict[str, Decimal]:
    raw = data.get("rates") if isinstance(data, dict) else None
    return {
        code: rate
        for code, rate in ((k, _money(v)) for k, v in (raw or {}).items())
        if isinstance(code, str) and rate is not None and rate > 0
    }
