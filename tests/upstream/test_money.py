"""Money is ``Decimal`` from the provider's JSON to the page: the client reads fractions as
``Decimal`` for inventory answers, the readers keep them exact, and a sum of items is exact."""

import json
from datetime import timedelta
from decimal import Decimal

from storefront.search.query import today
from storefront.upstream import inventory
from storefront.upstream.inventory.readers import read_offer, read_rates

# Amounts a float cannot hold exactly: 0.1 + 0.2 != 0.3 in binary.
OFFER = """{"offer_id": "o-123456", "room_id": "r", "board": "BB", "refundable": true,
  "cancellation": [{"until": "2027-01-01T23:59:00+01:00", "penalty": 100.10}],
  "price": {"currency": "EUR", "nights": 3, "net": 300.30, "gross": 300.60,
            "net_per_night": 100.10, "gross_per_night": 100.20,
            "items": [{"code": "vat", "kind": "tax", "amount": 0.1, "included": true},
                      {"code": "service_fee", "kind": "fee", "amount": 0.2, "included": true},
                      {"code": "city_tax", "kind": "tax", "amount": 12, "included": false}]}}"""


def test_an_offer_read_from_json_keeps_every_amount_exact():
    offer = read_offer(json.loads(OFFER, parse_float=Decimal))
    price = offer.price
    assert price.net == Decimal("300.30") and price.gross == Decimal("300.60")
    assert price.per_night("gross") == Decimal("100.20")
    assert offer.cancellation[0].penalty == Decimal("100.10")
    included = sum(item.amount for item in price.items if item.included)
    assert included == Decimal("0.3")  # 0.1 + 0.2 as floats is 0.30000000000000004
    assert all(isinstance(item.amount, Decimal) for item in price.items)
    assert price.items[2].amount == Decimal(12)


def test_a_float_or_a_non_number_never_becomes_a_price():
    raw = json.loads(OFFER)  # floats, as another JSON reader would give them
    assert read_offer(raw).price.net == Decimal("300.3")  # by its shortest text, exactly
    for bad in ("300.30", None, True, float("nan"), float("inf")):
        broken = json.loads(OFFER)
        broken["price"]["net"] = bad
        assert read_offer(broken) is None  # an entry without its price is dropped


def test_live_rates_from_the_provider_are_decimal(provider_proxy):
    check_in = today() + timedelta(days=40)
    found = inventory.rates(
        check_in=check_in,
        check_out=check_in + timedelta(days=2),
        occupancies=[{"adults": 2, "children": []}],
        currency="EUR",
        guest_country=None,
        locale="en",
        place=2002,
    )
    offers = [offer for rates in found.values() for offer in rates.offers]
    assert offers
    for offer in offers:
        price = offer.price
        money = [price.net, price.gross, price.net_per_night, price.gross_per_night]
        money += [item.amount for item in price.items]
        money += [step.penalty for step in offer.cancellation]
        assert all(isinstance(amount, Decimal) for amount in money), offer
    assert read_rates({"hotel_id": 1, "offers": []}).available is False
