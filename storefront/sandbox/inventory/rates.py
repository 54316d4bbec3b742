"""Live rates: validation, the price model, cancellation policies and signed offer ids.

Everything is a function of the request alone (never of the clock, except the window of dates one
may ask for), so a stay priced twice gives the same numbers, and booking can re-price an offer
from its id (``parse_offer_id`` then ``quote``). Money stays unrounded in USD until the very end:
each amount is converted with the published rate and rounded once to the currency's minor unit;
``gross`` is then the sum of the rounded net and rounded included items, so it always adds up.
"""

import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from functools import cache
from zoneinfo import ZoneInfo

from . import fx
from .hotels import Hotel, Room
from .places import Place
from .store import inventory

MAX_NIGHTS = 30
MAX_DAYS_AHEAD = 365
MAX_ROOMS = 8
MAX_ADULTS = 8
MAX_CHILDREN = 6
MAX_CHILD_AGE = 17
MAX_HOTEL_IDS = 100
MODES = ("all", "lowest")
BOARD_ORDER = ("RO", "BB", "HB", "FB", "AI")

# Season by month for the northern hemisphere; the southern one is six months apart.
SEASON = (0.85, 0.85, 0.95, 1.05, 1.1, 1.25, 1.4, 1.45, 1.15, 1.0, 0.85, 1.15)
WEEKEND_NIGHTS = (4, 5)  # Friday and Saturday nights (date.weekday())
WEEKEND_FACTOR = 1.2
NON_REFUNDABLE_FACTOR = 0.88
# USD a person a night, before the city's price level and the hotel's stars.
BOARD_USD = {"RO": 0.0, "BB": 14.0, "HB": 32.0, "FB": 48.0, "AI": 72.0}
SERVICE_FEE = {"hotelbeds": 0.03, "expedia": 0.025, "booking_partner": 0.035, "isrotel_direct": 0}
RESORT_FEE_USD = 25.0  # a room a night, resorts in the Americas, paid at the hotel
RESORT_FEE_COUNTRIES = frozenset({"us", "mx"})

# The sandbox's own signing key: it plays the provider, whose key this would be.
OFFER_KEY = b"sandbox-provider-offer-key-v1"
OFFER_VERSION = "o1"
_OFFER_RE = re.compile(
    r"^o1\.(\d+)\.(\d+)\.(RO|BB|HB|FB|AI)\.([RN])\.(\d{8})\.(\d{8})\.([0-9_-]+)\.([A-Z]{3})"
    r"\.([0-9a-f]{24})$"
)

# Message keys (the sandbox's messages.json).
REQUIRED = "value_required"
INVALID = "value_invalid"
OUT_OF_RANGE = "value_out_of_range"
PLACE_OR_HOTELS = "place_or_hotel_ids"


@dataclass(frozen=True, slots=True)
class Stay:
    check_in: date
    check_out: date
    occupancies: tuple[tuple[int, tuple[int, ...]], ...]  # (adults, children's ages) a room
    currency: str

    @property
    def nights(self) -> int:
        return (self.check_out - self.check_in).days


@dataclass(frozen=True, slots=True)
class OfferKey:
    hotel_id: int
    room_index: int
    board: str
    refundable: bool
    stay: Stay


@dataclass(frozen=True, slots=True)
class RatesRequest:
    hotel_ids: tuple[int, ...]
    stay: Stay
    mode: str


# --- validation ---------------------------------------------------------------------------


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _date(value) -> date | None:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def _occupancies(value, errors) -> tuple:
    if value is None:
        errors["occupancies"] = [REQUIRED]
        return ()
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_ROOMS:
        errors["occupancies"] = [INVALID if not isinstance(value, list) else OUT_OF_RANGE]
        return ()
    rooms = []
    for i, room in enumerate(value):
        if not isinstance(room, dict):
            errors[f"occupancies.{i}"] = [INVALID]
            continue
        adults = _int(room.get("adults"))
        if room.get("adults") is None:
            errors[f"occupancies.{i}.adults"] = [REQUIRED]
        elif adults is None:
            errors[f"occupancies.{i}.adults"] = [INVALID]
        elif not 1 <= adults <= MAX_ADULTS:
            errors[f"occupancies.{i}.adults"] = [OUT_OF_RANGE]
        children = room.get("children") or []
        ages = [_int(age) for age in children] if isinstance(children, list) else [None]
        if None in ages:
            errors[f"occupancies.{i}.children"] = [INVALID]
        elif len(ages) > MAX_CHILDREN or any(not 0 <= a <= MAX_CHILD_AGE for a in ages):
            errors[f"occupancies.{i}.children"] = [OUT_OF_RANGE]
        rooms.append((adults, tuple(a for a in ages if a is not None)))
    return tuple(rooms)


def validate(data, today: date) -> tuple[RatesRequest | None, dict[str, list[str]], int | None]:
    """(request, errors, unknown place id). ``today`` is the first bookable date: the earliest
    date that is still today somewhere (UTC−12)."""
    errors: dict[str, list[str]] = {}
    if not isinstance(data, dict):
        return None, {"body": [INVALID]}, None
    inv = inventory()
    place, ids = data.get("place"), data.get("hotel_ids")
    hotel_ids: tuple[int, ...] = ()
    missing_place = None
    if (place is None) == (ids is None):
        errors["place"] = [PLACE_OR_HOTELS]
    elif place is not None:
        if _int(place) is None:
            errors["place"] = [INVALID]
        elif place not in inv.places:
            missing_place = place
        else:
            hotel_ids = hotels_of(place)
    else:
        if not isinstance(ids, list) or not ids or any(_int(i) is None for i in ids):
            errors["hotel_ids"] = [INVALID]
        elif len(ids) > MAX_HOTEL_IDS:
            errors["hotel_ids"] = [OUT_OF_RANGE]
        elif any(i not in inv.hotels for i in ids):
            errors["hotel_ids"] = [INVALID]
        else:
            hotel_ids = tuple(dict.fromkeys(ids))
    check_in, check_out = _date(data.get("check_in")), _date(data.get("check_out"))
    for field, value in (("check_in", check_in), ("check_out", check_out)):
        if data.get(field) is None:
            errors[field] = [REQUIRED]
        elif value is None:
            errors[field] = [INVALID]
    if check_in and (check_in < today or check_in > today + timedelta(days=MAX_DAYS_AHEAD)):
        errors["check_in"] = [OUT_OF_RANGE]
    if check_in and check_out and "check_out" not in errors:
        if check_out <= check_in:
            errors["check_out"] = [INVALID]
        elif (check_out - check_in).days > MAX_NIGHTS:
            errors["check_out"] = [OUT_OF_RANGE]
    occupancies = _occupancies(data.get("occupancies"), errors)
    currency = data.get("currency")
    if currency is None:
        errors["currency"] = [REQUIRED]
    elif currency not in fx.RATES:
        errors["currency"] = [INVALID]
    mode = data.get("mode", "lowest")
    if mode not in MODES:
        errors["mode"] = [INVALID]
    guest = data.get("guest_country")
    if guest is not None and not (isinstance(guest, str) and re.fullmatch(r"[A-Za-z]{2}", guest)):
        errors["guest_country"] = [INVALID]
    if errors or missing_place is not None:
        return None, errors, missing_place
    stay = Stay(check_in, check_out, occupancies, currency)
    return RatesRequest(hotel_ids, stay, mode), {}, None


def hotels_of(place_id: int) -> tuple[int, ...]:
    """A city's or region's hotels, a landmark's city's, or a country's (its cities in order)."""
    inv = inventory()
    place = inv.places[place_id]
    if place.type == "landmark":
        return inv.city_hotels[place.parent_id]
    if place.type == "country":
        return tuple(
            hid
            for city_id, ids in inv.city_hotels.items()
            if inv.places[city_id].parent_id == place_id
            for hid in ids
        )
    return inv.city_hotels[place_id]


# --- availability (a cheap integer hash, not a generator per night) ------------------------


def _unit(*parts: int) -> float:
    """A deterministic number in [0, 1) from integers (splitmix64)."""
    x = 0x9E3779B97F4A7C15
    for part in parts:
        x = (x ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        x = (x ^ (x >> 31)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
        x ^= x >> 29
    return x / 2**64


def _hotel_open(hotel: Hotel, stay: Stay) -> bool:
    """Some hotels are full for whole weeks (about 4% of hotel-weeks)."""
    weeks = {(stay.check_in + timedelta(n)).isocalendar()[:2] for n in range(stay.nights)}
    return all(_unit(hotel.id, year, week, 1) >= 0.04 for year, week in weeks)


def _room_open(hotel: Hotel, room: Room, stay: Stay) -> bool:
    first = stay.check_in.toordinal()
    return all(_unit(hotel.id, room.index, first + n, 2) >= 0.015 for n in range(stay.nights))


def rooms_left(hotel: Hotel, room: Room, stay: Stay) -> int:
    return 1 + int(_unit(hotel.id, room.index, stay.check_in.toordinal(), 3) * 9)


def _fits(room: Room, adults: int, ages: tuple[int, ...]) -> bool:
    children = len(ages)
    return (
        adults <= room.max_adults
        and (adults + children <= room.max_adults + room.max_children)
        and children <= room.max_children + (room.max_adults - adults)
    )


# --- prices ------------------------------------------------------------------------------


def season(month: int, southern: bool) -> float:
    return SEASON[(month - 1 + (6 if southern else 0)) % 12]


def stay_discount(nights: int) -> float:
    return 0.85 if nights >= 14 else 0.9 if nights >= 7 else 1.0


def occupancy_factor(adults: int, ages: tuple[int, ...]) -> float:
    base = 0.85 if adults == 1 else 1.0 + 0.3 * (adults - 2)
    return base + 0.2 * sum(1 for age in ages if age > 2)


def _board_persons(adults: int, ages: tuple[int, ...]) -> float:
    return adults + 0.5 * sum(1 for age in ages if age > 2)


@cache
def _city(place_id: int) -> Place:
    return inventory().places[place_id]


def _nights_factor(hotel: Hotel, stay: Stay) -> float:
    """Σ over the nights of season × weekend."""
    southern = _city(hotel.place_id).lat < 0
    total = 0.0
    for n in range(stay.nights):
        night = stay.check_in + timedelta(n)
        factor = season(night.month, southern)
        if night.weekday() in WEEKEND_NIGHTS:
            factor *= WEEKEND_FACTOR
        total += factor
    return total


def net_usd(
    hotel: Hotel,
    room: Room,
    board: str,
    refundable: bool,
    stay: Stay,
    nights_factor: float | None = None,
) -> float:
    """The unrounded net price of the stay in USD, every room of it."""
    city = _city(hotel.place_id)
    if nights_factor is None:
        nights_factor = _nights_factor(hotel, stay)
    discount = stay_discount(stay.nights)
    board_usd = BOARD_USD[board] * city.price_level * (0.7 + 0.1 * (hotel.stars or 3))
    total = 0.0
    for adults, ages in stay.occupancies:
        rooms = hotel.base_usd * room.factor * nights_factor * discount
        rooms *= occupancy_factor(adults, ages)
        total += rooms + board_usd * _board_persons(adults, ages) * stay.nights
    return total * (1.0 if refundable else NON_REFUNDABLE_FACTOR)


def _items_usd(hotel: Hotel, net: float, stay: Stay) -> list[tuple[str, str, float, bool]]:
    inv = inventory()
    city = _city(hotel.place_id)
    country = inv.places[city.parent_id]
    items = []
    if country.vat:
        items.append(("vat", "tax", net * country.vat, True))
    if SERVICE_FEE[hotel.aggregator]:
        items.append(("service_fee", "fee", net * SERVICE_FEE[hotel.aggregator], True))
    if hotel.style == "resort" and country.country_code in RESORT_FEE_COUNTRIES:
        fee = RESORT_FEE_USD * stay.nights * len(stay.occupancies)
        items.append(("resort_fee", "fee", fee, False))
    if city.city_tax:
        how, amount = city.city_tax
        if how == "person":
            adults = sum(a for a, _ in stay.occupancies)
            items.append(("city_tax", "tax", amount * adults * stay.nights, False))
        else:
            items.append(("city_tax", "tax", net * amount, False))
    return items


def _at(day: date, clock: str, zone: str) -> str:
    hours, minutes = map(int, clock.split(":"))
    return datetime.combine(day, time(hours, minutes), ZoneInfo(zone)).isoformat()


def _offers(
    hotel: Hotel, stay: Stay, wanted: OfferKey | None = None, lowest: bool = False
) -> list[dict]:
    """Every offer the hotel sells for the stay (or just ``wanted``, or the cheapest of each
    (board, refundable) pair). What depends only on the hotel or the room is worked out once,
    and only the offers answered are dressed (items, policy, signed id). The included items are
    shares of the net, so the lowest net is also the lowest gross."""
    if not _hotel_open(hotel, stay):
        return []
    nights_factor = _nights_factor(hotel, stay)
    candidates = []
    for room in hotel.rooms:
        if wanted and room.index != wanted.room_index:
            continue
        if not all(_fits(room, adults, ages) for adults, ages in stay.occupancies):
            continue
        left = rooms_left(hotel, room, stay)
        if left < len(stay.occupancies) or not _room_open(hotel, room, stay):
            continue
        for board in hotel.boards:
            for refundable in (True, False) if hotel.non_refundable else (True,):
                key = OfferKey(hotel.id, room.index, board, refundable, stay)
                if wanted is None or key == wanted:
                    net = net_usd(hotel, room, board, refundable, stay, nights_factor)
                    candidates.append((net, room, key, left))
    if lowest:
        cheapest: dict[tuple[str, bool], tuple] = {}
        for candidate in candidates:
            pair = (candidate[2].board, candidate[2].refundable)
            if pair not in cheapest or candidate[0] < cheapest[pair][0]:
                cheapest[pair] = candidate
        candidates = sorted(
            cheapest.values(), key=lambda c: (BOARD_ORDER.index(c[2].board), not c[2].refundable)
        )
    return [_offer(hotel, room, key, left, net) for net, room, key, left in candidates]


def quote(key: OfferKey) -> dict | None:
    """The offer for ``key`` (booking re-prices with it), or None when it is not for sale."""
    hotel = inventory().hotels.get(key.hotel_id)
    if hotel is None or key.stay.currency not in fx.RATES:
        return None
    offers = _offers(hotel, key.stay, key)
    return offers[0] if offers else None


def _offer(hotel: Hotel, room: Room, key: OfferKey, left: int, net: float) -> dict:
    stay, currency = key.stay, key.stay.currency
    money = lambda usd: fx.round_money(fx.convert(usd, currency), currency)  # noqa: E731
    net_c = money(net)
    items = [
        {"code": code, "kind": kind, "amount": money(amount), "included": included}
        for code, kind, amount, included in _items_usd(hotel, net, stay)
    ]
    gross = Decimal(str(net_c)) + sum(
        (Decimal(str(i["amount"])) for i in items if i["included"]), Decimal(0)
    )
    gross_c = fx.round_money(gross, currency)
    nights = stay.nights
    zone = _city(hotel.place_id).time_zone
    check_in_at = _at(stay.check_in, hotel.check_in_from, zone)
    if key.refundable:
        deadline = stay.check_in - timedelta(days=hotel.free_cancel_days)
        first_night = fx.round_money(Decimal(str(gross_c)) / nights, currency)
        cancellation = [
            {"until": _at(deadline, "23:59", zone), "penalty": 0},
            {"until": check_in_at, "penalty": first_night},
        ]
    else:
        cancellation = [{"until": check_in_at, "penalty": gross_c}]
    return {
        "offer_id": offer_id(key),
        "room_id": room.id,
        "board": key.board,
        "refundable": key.refundable,
        "cancellation": cancellation,
        "price": {
            "currency": currency,
            "nights": nights,
            "net": net_c,
            "net_per_night": fx.round_money(fx.convert(net, currency) / nights, currency),
            "items": items,
            "gross": gross_c,
            "gross_per_night": fx.round_money(Decimal(str(gross_c)) / nights, currency),
        },
        "rooms_left": left,
    }


def hotel_rates(hotel: Hotel, stay: Stay, mode: str) -> dict:
    offers = _offers(hotel, stay, lowest=mode == "lowest")
    return {"hotel_id": hotel.id, "available": bool(offers), "offers": offers}


def rates(request: RatesRequest) -> dict:
    inv = inventory()
    stay = request.stay
    return {
        "data": [hotel_rates(inv.hotels[hid], stay, request.mode) for hid in request.hotel_ids],
        "meta": {
            "currency": stay.currency,
            "nights": stay.nights,
            "check_in": stay.check_in.isoformat(),
            "check_out": stay.check_out.isoformat(),
        },
    }


# --- offer ids ---------------------------------------------------------------------------


def _occupancy_code(occupancies) -> str:
    return "_".join("-".join(map(str, (adults, *ages))) for adults, ages in occupancies)


def _sign(payload: str) -> str:
    return hmac.new(OFFER_KEY, payload.encode(), hashlib.sha256).hexdigest()[:24]


def offer_id(key: OfferKey) -> str:
    stay = key.stay
    payload = ".".join(
        (
            OFFER_VERSION,
            str(key.hotel_id),
            str(key.room_index),
            key.board,
            "R" if key.refundable else "N",
            stay.check_in.strftime("%Y%m%d"),
            stay.check_out.strftime("%Y%m%d"),
            _occupancy_code(stay.occupancies),
            stay.currency,
        )
    )
    return f"{payload}.{_sign(payload)}"


def parse_offer_id(value: str) -> OfferKey:
    """The offer an id stands for; ValueError if it is malformed or its signature is wrong."""
    match = _OFFER_RE.match(value or "")
    if not match:
        raise ValueError("malformed offer id")
    payload, signature = value.rsplit(".", 1)
    if not hmac.compare_digest(signature, _sign(payload)):
        raise ValueError("bad offer signature")
    hotel, room, board, refundable, check_in, check_out, occupancy, currency = match.groups()[:8]
    occupancies = []
    for part in occupancy.split("_"):
        numbers = [int(n) for n in part.split("-")]
        occupancies.append((numbers[0], tuple(numbers[1:])))
    stay = Stay(
        datetime.strptime(check_in, "%Y%m%d").date(),
        datetime.strptime(check_out, "%Y%m%d").date(),
        tuple(occupancies),
        currency,
    )
    if not 1 <= stay.nights <= MAX_NIGHTS or not stay.occupancies:
        raise ValueError("an offer is for 1 to 30 nights and at least one room")
    return OfferKey(int(hotel), int(room), board, refundable == "R", stay)
