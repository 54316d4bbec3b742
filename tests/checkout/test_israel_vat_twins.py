"""The provider's held price and the storefront's pages decide Israeli VAT alike: for each feed
(VAT quoted in or not), in Tel Aviv and in Eilat (a free-trade zone), for a resident, a tourist and
a visitor of unknown country, the gross the storefront shows is the gross the prebook holds, so
the amount charged is the amount shown."""

from decimal import Decimal

import pytest

from storefront.sandbox.booking.israel_vat import held_price
from storefront.sandbox.inventory import rates
from storefront.sandbox.inventory.store import inventory
from storefront.search.israel_vat import apply_israel_vat
from storefront.upstream.inventory import read_hotel
from storefront.upstream.inventory.readers import read_offer


def _israeli_hotels():
    inv = inventory()
    found = {}
    for city in ("tel-aviv", "eilat"):
        place = inv.slugs[("israel", city)]
        for hotel_id in rates.hotels_of(place):
            hotel = inv.hotels[hotel_id]
            found.setdefault((city, hotel.aggregator == "isrotel_direct"), hotel)
    return list(found.values())


@pytest.mark.parametrize("guest_country", ["il", "de", ""])
def test_the_held_price_is_the_price_shown(guest_country, settings):
    hotels = _israeli_hotels()
    assert len(hotels) >= 3  # Tel Aviv and Eilat, with and without VAT quoted in
    for hotel in hotels:
        city = inventory().places[hotel.place_id]
        base = Decimal("1000.00")
        items = [{"code": "service_fee", "kind": "fee", "amount": 30.0, "included": True}]
        if hotel.aggregator == "isrotel_direct":
            items.append({"code": "vat", "kind": "tax", "amount": 180.0, "included": True})
        gross = base + sum(Decimal(str(i["amount"])) for i in items)
        price = {
            "currency": "ILS",
            "nights": 2,
            "net": float(base),
            "gross": float(gross),
            "net_per_night": 500.0,
            "gross_per_night": float(gross / 2),
            "items": items,
        }
        offer_json = {
            "offer_id": "o1.x.1.RO.R.x",
            "room_id": f"{hotel.id}-1",
            "board": "RO",
            "refundable": True,
            "cancellation": [],
            "price": price,
        }
        shown = apply_israel_vat(
            read_offer(offer_json), _storefront_hotel(hotel, city), guest_country or None
        )
        held = held_price(
            price,
            country=city.country_code,
            city=city.slug,
            feed=hotel.aggregator,
            guest_country=guest_country,
        )
        assert Decimal(str(held["gross"])) == shown.price.gross, (hotel.name, guest_country)
        held_vat = [i for i in held["items"] if i["code"] == "vat"]
        shown_vat = [i for i in shown.price.items if i.code == "vat"]
        assert len(held_vat) == len(shown_vat)


def _storefront_hotel(hotel, city):
    return read_hotel(
        {
            "id": hotel.id,
            "slug": hotel.slug,
            "name": hotel.name,
            "aggregator": hotel.aggregator,
            "place_id": city.id,
            "city_name": city.en,
            "city_slug": city.slug,
            "country_code": city.country_code,
            "country_slug": "israel",
            "photos": [],
        }
    )
