"""Filtering, sorting and paging of a place's hotels (storefront/search/results.py), on a made-up
inventory so every expectation is visible here; the sandbox journey is tested elsewhere."""

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest
from django.http import QueryDict

from storefront.search import results as results_module
from storefront.search.query import SearchQuery
from storefront.upstream.inventory import HotelRates, Offer, Place, Price, read_hotel
from storefront.web.visitor import Visitor

PLACE = Place(
    id=2042,
    type="city",
    name="Barcelona",
    slug="barcelona",
    country_code="es",
    country_slug="spain",
    country_name="Spain",
    lat=41.3874,
    lng=2.1686,
)


def _hotel(id, *, stars, score, rank, lat=41.39, amenities=("wifi",)):
    return read_hotel(
        {
            "id": id,
            "slug": f"hotel-{id}",
            "name": f"Hotel {id}",
            "stars": stars,
            "place_id": 2042,
            "city_slug": "barcelona",
            "country_slug": "spain",
            "coordinates": {"lat": lat, "lng": 2.17},
            "rank": rank,
            "review": {"score": score, "count": 10 if score else 0},
            "amenities": list(amenities),
        }
    )


def _offer(hotel_id, board, refundable, net, gross):
    net, gross = Decimal(str(net)), Decimal(str(gross))  # money, as the readers give it
    price = Price(
        currency="EUR",
        nights=2,
        net=net,
        gross=gross,
        net_per_night=net / 2,
        gross_per_night=gross / 2,
    )
    return Offer(
        offer_id=f"{hotel_id}-{board}-{refundable}",
        room_id="r",
        board=board,
        refundable=refundable,
        cancellation=(),
        price=price,
    )


HOTELS = [
    _hotel(1, stars=5, score=9.1, rank=3, lat=41.40, amenities=("wifi", "pool")),
    _hotel(2, stars=4, score=8.2, rank=1, lat=41.45),
    _hotel(3, stars=None, score=None, rank=2, lat=41.3875),
    _hotel(4, stars=3, score=6.5, rank=4, lat=41.50, amenities=("wifi", "pool")),
]
RATES = {
    1: HotelRates(1, True, (_offer(1, "RO", False, 400, 460), _offer(1, "BB", True, 500, 575))),
    2: HotelRates(2, True, (_offer(2, "BB", False, 200, 230),)),
    3: HotelRates(3, False, ()),
    4: HotelRates(4, True, (_offer(4, "RO", True, 120, 138),)),
}


@pytest.fixture(autouse=True)
def inventory(monkeypatch):
    monkeypatch.setattr(results_module.inventory, "hotels_in_place", lambda *a: HOTELS)
    monkeypatch.setattr(results_module.inventory, "rates", lambda **kw: RATES)


def run(text, display="net"):
    query = SearchQuery.from_query(QueryDict(text), now=date(2027, 1, 1))
    visitor = Visitor(locale="en", currency="EUR", country="de", display=display)
    found = results_module.search(query, PLACE, visitor=visitor)
    return found, [r.hotel.id for r in found.rows]


DATES = "check_in=2027-03-10&check_out=2027-03-12"


def test_without_dates_every_hotel_by_the_providers_rank_and_no_prices():
    found, ids = run("")
    assert ids == [2, 3, 1, 4]
    assert not found.dated and all(r.offer is None and not r.sold_out for r in found.rows)


def test_with_dates_each_hotel_shows_its_cheapest_offer_and_sold_out_goes_last():
    found, ids = run(DATES)
    assert ids == [2, 1, 4, 3]
    offers = {r.hotel.id: r.offer for r in found.rows}
    assert offers[1].board == "RO" and offers[1].price.net == 400
    assert found.rows[-1].sold_out


def test_free_cancellation_takes_the_cheapest_refundable_offer_and_drops_the_rest():
    found, ids = run(DATES + "&free_cancellation=1")
    assert ids == [1, 4]
    assert found.rows[0].offer.board == "BB" and found.rows[0].offer.refundable


def test_boards_stars_review_and_amenities_combine():
    assert run(DATES + "&board=BB")[1] == [2, 1]
    assert run("stars=5&stars=0")[1] == [3, 1]
    assert run("review=8")[1] == [2, 1]
    assert run("amenity=pool")[1] == [1, 4]


def test_price_range_is_per_night_in_the_display_the_visitor_chose():
    # Per night, net: 1 → 200, 2 → 100, 4 → 60; gross: 1 → 230, 2 → 115, 4 → 69.
    assert run(DATES + "&price_min=100&price_max=200", "net")[1] == [2, 1]
    assert run(DATES + "&price_max=114", "gross")[1] == [4]
    assert run(DATES + "&price_max=115", "gross")[1] == [2, 4]


@pytest.mark.parametrize(
    "sort,expected",
    [
        ("price_asc", [4, 2, 1, 3]),
        ("price_desc", [1, 2, 4, 3]),
        ("review", [1, 2, 4, 3]),
        ("stars", [1, 2, 4, 3]),
        ("distance", [1, 2, 4, 3]),
    ],
)
def test_sorts_put_sold_out_last(sort, expected):
    assert run(f"{DATES}&sort={sort}")[1] == expected


def test_distance_is_measured_from_the_searched_place():
    found, ids = run("sort=distance")
    assert ids[0] == 3 and found.rows[0].distance_km <= 0.2


def test_pages_of_twenty(monkeypatch):
    many = [_hotel(100 + i, stars=3, score=7.0, rank=i) for i in range(45)]
    monkeypatch.setattr(results_module.inventory, "hotels_in_place", lambda *a: many)
    found, ids = run("page=3")
    assert (found.total, found.pages, found.page, len(ids)) == (45, 3, 3, 5)
    found, _ = run("page=9")  # past the end: the last page
    assert found.page == 3


def test_the_cheapest_offer_is_kept_per_filter_and_a_copy_with_other_offers_finds_its_own():
    """``HotelRates.cheapest`` keeps its answers (rates stay in the process a while); a copy
    with other offers (Israeli VAT added) must not answer with the original's."""
    rates = HotelRates(9, True, (_offer(9, "RO", False, 400, 460), _offer(9, "BB", True, 500, 575)))
    assert rates.cheapest().price.net == 400
    assert rates.cheapest(refundable_only=True).board == "BB"
    assert rates.cheapest(boards=frozenset({"BB"})).board == "BB"
    assert rates.cheapest().price.net == 400  # the first answer, kept
    dearer = replace(rates, offers=(_offer(9, "RO", False, 450, 520),))
    assert dearer.cheapest().price.net == 450 and rates.cheapest().price.net == 400
    assert dearer == replace(rates, offers=dearer.offers)  # what it kept is not compared
