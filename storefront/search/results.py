"""A results page's content: a place's hotels with their cheapest matching offer, filtered,
sorted and paged as the query says.

The provider gives every hotel of a place (content, cached for hours) and, when the query has
valid dates, the lowest offer of each hotel per board and refundability (rates, live). Filtering
and sorting happen here, on that whole list, so counts, orderings and prices agree with the
provider's answers and every combination of filters is one plain URL.

Also what the other pages of the shop price with: the hotels of ``/favorites`` (``hotels_rows``),
a hotel's rooms with every offer for the stay and its price range (``hotel_rooms``,
``price_range``: the hotel page, ``storefront.hotels``), and the one great-circle distance the
storefront measures (``distance_km``).
"""

import math
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import lru_cache

from storefront.upstream import inventory
from storefront.upstream.inventory import Hotel, Offer, Place, Room
from storefront.web.visitor import Visitor

from .israel_vat import apply_israel_vat
from .query import PER_PAGE, SearchQuery


@dataclass(frozen=True)
class Result:
    hotel: Hotel
    offer: Offer | None  # the cheapest offer that matches the filters; None without dates
    distance_km: float  # from the searched place (a city's centre, a landmark)
    sold_out: bool = False  # dated, and the hotel sells nothing that matches

    def nightly(self, display: str) -> Decimal | None:
        return self.offer.price.per_night(display) if self.offer else None


@dataclass(frozen=True)
class Results:
    place: Place
    rows: tuple[Result, ...]  # this page's
    total: int  # after filters
    unfiltered: int  # the place's hotel count
    page: int
    pages: int
    dated: bool


@lru_cache(maxsize=1 << 16)
def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance (haversine), rounded to 100 m; kept per pair of points (a city's
    hotels stand where they stand, and each of its results pages measures all of them)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return round(6371.0088 * 2 * math.asin(math.sqrt(min(1.0, a))), 1)


def top(query: SearchQuery, place: Place, *, visitor: Visitor, limit: int = 12) -> list[Result]:
    """A country page's best hotels, priced when the query has dates."""
    hotels = inventory.top_hotels(place.id, visitor.locale, limit=limit)
    return hotels_rows(hotels, query, place=place, visitor=visitor)


def _stay_rates(query: SearchQuery, *, visitor: Visitor, **which):
    """The provider's rates for the query's stay and guests, in the visitor's currency and for
    their country; ``which``: a place or hotel ids."""
    return inventory.rates(
        check_in=query.check_in,
        check_out=query.check_out,
        occupancies=query.occupancies(),
        currency=visitor.currency,
        guest_country=visitor.country,
        locale=visitor.locale,
        **which,
    )


def hotels_rows(
    hotels: list[Hotel], query: SearchQuery, *, visitor: Visitor, place: Place | None = None
) -> list[Result]:
    """Given hotels (a country's best, a visitor's favorites) with their cheapest offer for the
    query's stay; distances from ``place``, or from each hotel's own city centre without one.
    Raises ``UpstreamError`` like ``search``."""
    rates = {}
    if query.dated and hotels:
        rates = _stay_rates(query, visitor=visitor, hotel_ids=[h.id for h in hotels])
    return [_row(h, rates, query, place, visitor.country) for h in hotels]


def _row(hotel: Hotel, rates: dict, query: SearchQuery, place: Place | None, country) -> Result:
    """A hotel with its cheapest offer matching the filters, as this visitor pays it."""
    offer = None
    if query.dated:
        found = rates.get(hotel.id)
        if found and hotel.country_code == "il":
            offers = tuple(apply_israel_vat(o, hotel, country) for o in found.offers)
            found = replace(found, offers=offers)
        offer = (
            found.cheapest(boards=query.boards, refundable_only=query.free_cancellation)
            if found
            else None
        )
    return Result(
        hotel=hotel,
        offer=offer,
        # From the searched city or landmark; on a country's page (or with no place: the
        # favorites), from the hotel's own city.
        distance_km=hotel.distance_km
        if place is None or place.type == "country"
        else distance_km(place.lat, place.lng, hotel.lat, hotel.lng),
        sold_out=query.dated and offer is None,
    )


@dataclass(frozen=True)
class RoomOffers:
    room: Room
    offers: tuple[Offer, ...]  # cheapest first, as this visitor pays them


def hotel_rooms(hotel: Hotel, query: SearchQuery, *, visitor: Visitor) -> list[RoomOffers] | None:
    """The hotel's rooms that sell the query's stay, each with every offer (board,
    refundability) as this visitor pays it (Israel VAT applied) that matches the query's room
    filters (meals, free cancellation, bed types); in the provider's room order, or by their
    cheapest offer for the price sorts. None without valid dates. Raises ``UpstreamError`` like
    ``search``."""
    if not query.dated:
        return None
    rates = _stay_rates(query, visitor=visitor, hotel_ids=[hotel.id], mode="all").get(hotel.id)
    offers = [apply_israel_vat(o, hotel, visitor.country) for o in (rates.offers if rates else ())]
    display = visitor.display
    offers = [
        o
        for o in offers
        if (not query.boards or o.board in query.boards)
        and (o.refundable or not query.free_cancellation)
    ]
    rooms = []
    for room in hotel.rooms:
        if query.beds and not query.beds & {bed.type for bed in room.beds}:
            continue
        mine = sorted(
            (o for o in offers if o.room_id == room.id),
            key=lambda o: (o.price.per_night(display), o.price.gross, o.board, not o.refundable),
        )
        if mine:
            rooms.append(RoomOffers(room=room, offers=tuple(mine)))
    if query.sort in ("price_asc", "price_desc"):
        rooms.sort(
            key=lambda r: r.offers[0].price.per_night(display), reverse=query.sort == "price_desc"
        )
    return rooms


def price_range(
    rooms: list[RoomOffers] | None, *, visitor: Visitor
) -> tuple[Decimal, Decimal, str] | None:
    """The lowest and highest price per night of the offers for the stay the page shows, and
    their currency. None when nothing is for sale, or the page has no dates: an undated hotel
    page asks the provider for no rates at all (a crawl of hotel pages made a rates request per
    page, for a range kept a minute)."""
    prices = [offer.price for row in rooms or () for offer in row.offers]
    if not prices:
        return None
    nightly = [price.per_night(visitor.display) for price in prices]
    return min(nightly), max(nightly), prices[0].currency


def search(query: SearchQuery, place: Place, *, visitor: Visitor) -> Results:
    """The results for ``query`` in ``place``, priced for ``visitor``. Raises ``UpstreamError``
    when the provider cannot answer in time; the page shows its notice then."""
    hotels = inventory.hotels_in_place(place.id, visitor.locale)
    rates = {}
    if query.dated:
        rates = _stay_rates(query, visitor=visitor, place=place.id)
    rows = [_row(h, rates, query, place, visitor.country) for h in hotels]
    display = visitor.display
    kept = [r for r in rows if _matches(r, query, display)]
    kept.sort(key=_sort_key(query.sort, display))
    pages = max(1, math.ceil(len(kept) / PER_PAGE))
    page = min(query.page, pages)
    return Results(
        place=place,
        rows=tuple(kept[(page - 1) * PER_PAGE : page * PER_PAGE]),
        total=len(kept),
        unfiltered=len(rows),
        page=page,
        pages=pages,
        dated=query.dated,
    )


def _matches(row: Result, query: SearchQuery, display: str) -> bool:
    hotel = row.hotel
    if query.stars and (hotel.stars if hotel.rated else 0) not in query.stars:
        return False
    if query.review and (hotel.review_score or 0) < query.review:
        return False
    if query.amenities and not query.amenities <= set(hotel.amenities):
        return False
    if query.dated:
        # A filter on what the offer is (board, refundable, price) leaves out hotels without
        # a matching offer; with no such filter a sold-out hotel stays, marked, at the end.
        offer_filtered = (
            query.boards
            or query.free_cancellation
            or query.price_min is not None
            or query.price_max is not None
        )
        if row.offer is None:
            return not offer_filtered
        nightly = row.nightly(display)
        if query.price_min is not None and nightly < query.price_min:
            return False
        if query.price_max is not None and nightly > query.price_max:
            return False
    return True


def _sort_key(sort: str, display: str):
    """Sold-out (and, for price sorts, unpriced) hotels go last; ties fall back to the
    provider's rank, then the id, so every ordering is total and reproducible."""

    def key(row: Result):
        hotel = row.hotel
        tail = (hotel.rank, hotel.id)
        if sort in ("price_asc", "price_desc"):
            nightly = row.nightly(display)
            if nightly is None:
                return (1, 0, *tail)
            return (0, nightly if sort == "price_asc" else -nightly, *tail)
        head = (1 if row.sold_out else 0,)
        if sort == "review":
            return (*head, -(hotel.review_score or -1), -hotel.review_count, *tail)
        if sort == "stars":
            return (*head, -(hotel.stars or 0), *tail)
        if sort == "distance":
            return (*head, row.distance_km, *tail)
        return (*head, *tail)

    return key
