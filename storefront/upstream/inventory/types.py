"""The inventory's value types: what the provider's JSON is read into (``readers.py``).

Money is ``Decimal`` from the provider's JSON (``UpstreamClient`` parses every JSON number with
a fraction as one) to the formatters: a price, its items and a cancellation penalty never pass
through ``float``. Coordinates, distances and review scores are plain floats.
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

BOARDS = ("RO", "BB", "HB", "FB", "AI")


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
    postal_code: str = ""  # "" where the provider gives none (or the country has none)
    phone: str = ""  # international form, "+34 93 412 3456"; "" where the provider gives none
    district_locale: str = "en"  # the language ``district`` is in (the provider's mark)

    @property
    def rated(self) -> bool:
        """Stars are shown only when 0 < stars < 6 (spec section 5)."""
        return self.stars is not None and 0 < self.stars < 6


@dataclass(frozen=True)
class PriceItem:
    code: str  # vat, service_fee, city_tax, ...
    kind: str  # tax or fee
    amount: Decimal
    included: bool  # charged at booking (in gross) or paid at the hotel


@dataclass(frozen=True)
class Price:
    currency: str
    nights: int
    net: Decimal
    gross: Decimal
    net_per_night: Decimal
    gross_per_night: Decimal
    items: tuple[PriceItem, ...] = ()

    def total(self, display: str) -> Decimal:
        return self.gross if display == "gross" else self.net

    def per_night(self, display: str) -> Decimal:
        return self.gross_per_night if display == "gross" else self.net_per_night


@dataclass(frozen=True)
class CancellationStep:
    until: str  # ISO datetime with the hotel's offset
    penalty: Decimal


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
