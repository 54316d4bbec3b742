"""The provider's inventory: places, hotel content, rates and exchange rates.

The calls and their shapes are in ``docs/provider-inventory-api.md``. Content (places, hotels,
exchange rates) changes rarely and is cached for hours (``INVENTORY_CONTENT_SECONDS``) in the
shared cache; rates are live and kept only ``INVENTORY_RATES_SECONDS`` (a minute), long enough for
a visitor paging through results or going back. Every call runs under the page's time budget
(``UpstreamClient``); a failure raises ``UpstreamError`` and the page shows its localised notice.

Answers are read defensively into the value types below: an entry of the wrong shape is dropped,
never shown half-filled.
"""

import hashlib
import json
import math
import time
from dataclasses import dataclass, field
from datetime import date
from urllib.parse import quote

from django.conf import settings
from django.core.cache import cache

from storefront.web import page_cache

from .client import UpstreamClient
from .errors import UpstreamNotFound

CACHE_VERSION = "inv1"
BOARDS = ("RO", "BB", "HB", "FB", "AI")


def media_origin() -> str:
    """The origin the provider's photos come from (``INVENTORY_MEDIA_ORIGIN``, else the
    upstream's own), for the img-src of pages that show them."""
    configured = settings.INVENTORY_MEDIA_ORIGIN
    return configured or "/".join(settings.UPSTREAM_URL.split("/", 3)[:3])


# ----- value types -----


@dataclass(frozen=True)
class Place:
    id: int
    type: str  # country, city, region, landmark, hotel
    name: str
    slug: str
    country_code: str
    country_slug: str
    country_name: str
    lat: float
    lng: float
    parent_id: int | None = None
    time_zone: str = ""
    hotel_count: int = 0
    name_locale: str = "en"


@dataclass(frozen=True)
class Photo:
    width: int
    height: int
    sizes: tuple[tuple[int, str], ...]  # (width, url), narrowest first

    @property
    def src(self) -> str:
        return dict(self.sizes).get(640) or self.sizes[-1][1]

    @property
    def largest(self) -> str:
        return self.sizes[-1][1]

    @property
    def srcset(self) -> str:
        return ", ".join(f"{url} {width}w" for width, url in self.sizes)


@dataclass(frozen=True)
class Bed:
    type: str
    count: int


@dataclass(frozen=True)
class Room:
    id: str
    type: str
    name: str
    beds: tuple[Bed, ...]
    area_m2: int
    max_adults: int
    max_children: int
    amenities: tuple[str, ...] = ()
    photos: tuple[Photo, ...] = ()


@dataclass(frozen=True)
class HouseRule:
    """A house rule as a code our catalogs word (``house_rules.{code}``) and the values its
    sentence names (``quiet_hours``: from, until; ``min_age``: age)."""

    code: str
    values: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Hotel:
    id: int
    slug: str
    name: str
    stars: int | None
    aggregator: str
    place_id: int
    city_name: str
    city_slug: str
    country_code: str
    country_slug: str
    district: str
    address: str
    lat: float
    lng: float
    distance_km: float
    time_zone: str
    rank: int
    review_score: float | None  # None: no reviews yet
    review_count: int
    trust_score: int | None
    verified_reviews: int
    amenities: tuple[str, ...]
    check_in_from: str
    check_out_until: str
    description: str
    description_locale: str
    photos: tuple[Photo, ...]
    rooms: tuple[Room, ...] = ()
    house_rules: tuple[HouseRule, ...] = ()

    @property
    def rated(self) -> bool:
        """Stars are shown only when 0 < stars < 6 (spec section 5)."""
        return self.stars is not None and 0 < self.stars < 6


@dataclass(frozen=True)
class PriceItem:
    code: str  # vat, service_fee, city_tax, ...
    kind: str  # tax or fee
    amount: float
    included: bool  # charged at booking (in gross) or paid at the hotel


@dataclass(frozen=True)
class Price:
    currency: str
    nights: int
    net: float
    gross: float
    net_per_night: float
    gross_per_night: float
    items: tuple[PriceItem, ...] = ()

    def total(self, display: str) -> float:
        return self.gross if display == "gross" else self.net

    def per_night(self, display: str) -> float:
        return self.gross_per_night if display == "gross" else self.net_per_night


@dataclass(frozen=True)
class CancellationStep:
    until: str  # ISO datetime with the hotel's offset
    penalty: float


@dataclass(frozen=True)
class Offer:
    offer_id: str
    room_id: str
    board: str
    refundable: bool
    cancellation: tuple[CancellationStep, ...]
    price: Price
    rooms_left: int | None = None


@dataclass(frozen=True)
class HotelRates:
    hotel_id: int
    available: bool
    offers: tuple[Offer, ...] = field(default=())
    # ``cheapest``'s answers by filter: a stay's rates stay in this process a while (``rates``),
    # and every results page of that stay asks each of the city's hotels. Not an init field, so
    # a copy made with other offers (``dataclasses.replace``: Israeli VAT) starts empty.
    _cheapest: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def cheapest(self, *, boards=frozenset(), refundable_only=False) -> Offer | None:
        """The cheapest offer matching the filters (by gross, the price actually paid)."""
        key = (frozenset(boards), refundable_only)
        if key not in self._cheapest:
            self._cheapest[key] = self._find_cheapest(boards, refundable_only)
        return self._cheapest[key]

    def _find_cheapest(self, boards, refundable_only) -> Offer | None:
        matching = [
            o
            for o in self.offers
            if (not boards or o.board in boards) and (o.refundable or not refundable_only)
        ]
        # Ties broken by what the offer is, never by its id (which names the currency): the
        # same offer wins in every currency.
        return min(
            matching,
            key=lambda o: (o.price.gross, o.price.net, o.room_id, o.board, not o.refundable),
            default=None,
        )


# ----- readers: the provider's JSON into value types (None for a malformed entry) -----


def _int(value, default=None):
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _num(value, default=None):
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return default


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
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _price(raw) -> Price | None:
    try:
        return Price(
            currency=_need(_str(raw.get("currency"))),
            nights=_int(raw.get("nights"), 1),
            net=_need(_num(raw.get("net"))),
            gross=_need(_num(raw.get("gross"))),
            net_per_night=_num(raw.get("net_per_night"), 0.0),
            gross_per_night=_num(raw.get("gross_per_night"), 0.0),
            items=tuple(
                PriceItem(
                    _str(i.get("code")),
                    _str(i.get("kind")),
                    _num(i.get("amount"), 0.0),
                    i.get("included") is True,
                )
                for i in raw.get("items") or []
                if isinstance(i, dict)
            ),
        )
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def _offer(raw) -> Offer | None:
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
                CancellationStep(_str(c.get("until")), _num(c.get("penalty"), 0.0))
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
    offers = tuple(o for o in map(_offer, raw.get("offers") or []) if o)
    return HotelRates(raw["hotel_id"], raw.get("available") is not False and bool(offers), offers)


# ----- calls -----


# Content read from the shared cache is also kept, already unpickled, in this process for a
# short while (a results page reads a city's whole hotel list: unpickling it on every request
# cost more than rendering the cards). An entry serves a page the page cache will keep only in
# the generation it was read in: when another process saw the content change (and so dropped
# every kept page), this one reads the shared cache again rather than keep a page of what it
# memoised before.
MEMO_SECONDS = 30
MEMO_SIZE = 256
_memo: dict[str, tuple[float, int | None, object]] = {}
# Live rates are kept here too, each until the moment the shared cache lets it go (stored in
# the entry), never longer: every process that reads a stay's rates in that window reads the
# same answer, so the memo shows no price a fresh read could not. A city's rates are about
# 110 KB pickled (3 ms to unpickle, an eighth of a results page's render), so only the last
# few stays are kept.
LIVE_MEMO_SIZE = 16
_live: dict[str, tuple[float, object]] = {}


def _cached(key: str, seconds: int, fetch, *, memo: bool = True, content: bool = False):
    now = time.monotonic()
    generation = page_cache.generation()
    if memo and key in _memo:
        until, seen_in, value = _memo[key]
        if until > now and (generation is None or seen_in == generation):
            return value
    value = cache.get(key)
    if value is None:
        value = fetch()
        if content:
            _keep_content(key, value)
        else:
            cache.set(key, value, seconds)
    if memo:
        if len(_memo) >= MEMO_SIZE:
            _memo.clear()
        _memo[key] = (now + min(MEMO_SECONDS, seconds), generation, value)
    return value


def _content(key: str, fetch):
    return _cached(key, _content_seconds(), fetch, content=True)


def _keep_content(key: str, value) -> None:
    """Keeps a content answer for INVENTORY_CONTENT_SECONDS. When it differs from the answer
    last kept under the same key (the provider changed the hotel, the place...), every page the
    page cache keeps is dropped: none outlives the content it was rendered from."""
    cache.set(key, value, _content_seconds())
    fingerprint = hashlib.sha256(repr(value).encode()).hexdigest()
    seen = cache.get(f"{key}:seen")
    if seen != fingerprint:
        cache.set(f"{key}:seen", fingerprint, timeout=None)
        if seen is not None:
            page_cache.invalidate()


def _key(*parts) -> str:
    """A cache key for one answer of this provider (another UPSTREAM_URL, another key)."""
    text = json.dumps([settings.UPSTREAM_URL, *parts], sort_keys=True, default=str)
    return f"{CACHE_VERSION}:" + hashlib.sha256(text.encode()).hexdigest()[:40]


def _content_seconds() -> int:
    return settings.INVENTORY_CONTENT_SECONDS


def _data(response):
    return (response.data or {}).get("data")


def suggest_places(q: str, locale: str, *, limit: int = 8) -> list[Place]:
    """Autocomplete: places whose name starts with the words typed (2–60 characters)."""
    q = " ".join(q.split())[:60]
    if len(q) < 2:
        return []

    def fetch():
        response = UpstreamClient(locale=locale).get("/v3/places", params={"q": q, "limit": limit})
        return [p for p in map(read_place, _data(response) or []) if p]

    return _cached(_key("suggest", locale, q.casefold(), limit), 3600, fetch)


def place(place_id: int, locale: str) -> Place | None:
    """One place, or None when the provider does not know it."""

    def fetch():
        try:
            response = UpstreamClient(locale=locale).get(f"/v3/places/{int(place_id)}")
        except UpstreamNotFound:
            return False
        return read_place(_data(response)) or False

    return _content(_key("place", locale, place_id), fetch) or None


def place_by_slug(country_slug: str, slug: str | None, locale: str) -> Place | None:
    """A country (``slug`` None) or a place in it by slugs, or None."""

    def fetch():
        params = {"country_slug": country_slug, **({"slug": slug} if slug else {})}
        try:
            response = UpstreamClient(locale=locale).get("/v3/places", params=params)
        except UpstreamNotFound:
            return False
        data = _data(response)  # one place (a list of one is read the same)
        found = read_place(data[0] if isinstance(data, list) and data else data)
        return found or False

    return _content(_key("slug", locale, country_slug, slug or ""), fetch) or None


def countries(locale: str = "en") -> list[Place]:
    """Every country the provider sells hotels in."""

    def fetch():
        response = UpstreamClient(locale=locale).get("/v3/places", params={"type": "country"})
        return [p for p in map(read_place, _data(response) or []) if p]

    return _content(_key("countries", locale), fetch)


def places_in_country(country_code: str, locale: str, *, type: str = "city") -> list[Place]:
    def fetch():
        response = UpstreamClient(locale=locale).get(
            "/v3/places", params={"country": country_code, "type": type}
        )
        return [p for p in map(read_place, _data(response) or []) if p]

    return _content(_key("country", locale, country_code, type), fetch)


def hotels_in_place(place_id: int, locale: str) -> list[Hotel]:
    """Every hotel of a place with its content, by the provider's rank."""

    def fetch():
        response = UpstreamClient(locale=locale).get("/v3/hotels", params={"place": place_id})
        return [h for h in map(read_hotel, _data(response) or []) if h]

    return _content(_key("hotels", locale, place_id), fetch)


def top_hotels(place_id: int, locale: str, *, limit: int = 12) -> list[Hotel]:
    """A place's best few hotels (a country's: each city's first by rank before any second)."""

    def fetch():
        response = UpstreamClient(locale=locale).get(
            "/v3/hotels", params={"place": place_id, "limit": limit}
        )
        return [h for h in map(read_hotel, _data(response) or []) if h]

    return _content(_key("top", locale, place_id, limit), fetch)


def hotel(hotel_id: int, locale: str) -> Hotel | None:
    def fetch():
        try:
            response = UpstreamClient(locale=locale).get(f"/v3/hotels/{int(hotel_id)}")
        except UpstreamNotFound:
            return False
        return read_hotel(_data(response)) or False

    return _content(_key("hotel", locale, hotel_id), fetch) or None


def hotels_by_ids(ids, locale: str) -> dict[int, Hotel]:
    """Several hotels by id (``GET /v3/hotels?ids=``, at most 100 a call), each cached like
    ``hotel``: only those not cached yet are asked for, in one call. Unknown ids are left out."""
    wanted = list(dict.fromkeys(int(i) for i in ids))[:100]
    found, missing = {}, []
    for hotel_id in wanted:
        cached = cache.get(_key("hotel", locale, hotel_id))
        if cached is None:
            missing.append(hotel_id)
        elif cached:
            found[hotel_id] = cached
    if missing:
        response = UpstreamClient(locale=locale).get(
            "/v3/hotels", params={"ids": ",".join(map(str, missing))}
        )
        fetched = {h.id: h for h in map(read_hotel, _data(response) or []) if h}
        for hotel_id in missing:
            _keep_content(_key("hotel", locale, hotel_id), fetched.get(hotel_id, False))
            if hotel_id in fetched:
                found[hotel_id] = fetched[hotel_id]
    return {hotel_id: found[hotel_id] for hotel_id in wanted if hotel_id in found}


def rates(
    *,
    check_in,
    check_out,
    occupancies: list[dict],
    currency: str,
    guest_country: str | None,
    locale: str,
    place: int | None = None,
    hotel_ids: list[int] | None = None,
    mode: str = "lowest",
) -> dict[int, HotelRates]:
    """Live rates by hotel id for one stay, for a place's hotels or the given ones."""
    body = {
        "place": place,
        "hotel_ids": hotel_ids,
        "check_in": check_in.isoformat(),
        "check_out": check_out.isoformat(),
        "occupancies": occupancies,
        "currency": currency,
        "guest_country": guest_country,
        "locale": locale,
        "mode": mode,
    }

    def fetch():
        response = UpstreamClient(locale=locale).post("/v3/hotels/rates", json=body)
        found = [r for r in map(read_rates, _data(response) or []) if r]
        return time.time() + settings.INVENTORY_RATES_SECONDS, {r.hotel_id: r for r in found}

    key = _key("stay-rates", body)
    expires, found = _live.get(key) or (0.0, None)
    if expires <= time.time():
        expires, found = _cached(key, settings.INVENTORY_RATES_SECONDS, fetch, memo=False)
        while len(_live) >= LIVE_MEMO_SIZE:
            _live.pop(next(iter(_live), None), None)  # the stay read longest ago
        _live[key] = (expires, found)
    page_cache.keep_until(expires)  # a kept page showing these prices goes with them
    return found


@dataclass(frozen=True)
class OfferStay:
    """The stay an offer was priced for: dates and rooms as (adults, children's ages)."""

    check_in: date
    check_out: date
    occupancies: tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class OfferAnswer:
    hotel_id: int
    offer: Offer | None  # None: no longer sold
    stay: OfferStay | None


def _offer_stay(raw) -> OfferStay | None:
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


def offer(offer_id: str, locale: str) -> OfferAnswer | None:
    """The offer ``offer_id`` re-priced now (``GET /v3/offers/{id}``), never cached, with the
    stay it is for; its ``offer`` None when it is no longer sold. None for an id the provider
    does not know."""
    try:
        response = UpstreamClient(locale=locale).get(f"/v3/offers/{quote(offer_id, safe='')}")
    except UpstreamNotFound:
        return None
    data = _data(response)
    if not isinstance(data, dict) or not _int(data.get("hotel_id")):
        return None
    return OfferAnswer(
        hotel_id=_int(data["hotel_id"]),
        offer=_offer(data.get("offer")) if data.get("available") is True else None,
        stay=_offer_stay(data.get("stay")),
    )


def exchange_rates() -> dict[str, float]:
    """USD-based rates the provider converts with."""

    def fetch():
        data = _data(UpstreamClient().get("/v3/currencies/rates")) or {}
        raw = data.get("rates") if isinstance(data, dict) else None
        return {k: float(v) for k, v in (raw or {}).items() if _num(v)}

    return _cached(_key("fx"), _content_seconds(), fetch)
