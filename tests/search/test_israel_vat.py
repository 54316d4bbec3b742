"""Israel VAT (storefront/search/israel_vat.py): residents pay it in Israel outside Eilat,
tourists never, and what the storefront does depends on whether the aggregator's price has it."""

from decimal import Decimal

import pytest
from django.test import override_settings

from storefront.search.israel_vat import apply_israel_vat, vat_due
from storefront.upstream.inventory import Offer, Price, PriceItem, read_hotel

FEE = PriceItem("service_fee", "fee", Decimal("10.00"), True)
CITY_TAX = PriceItem("city_tax", "tax", Decimal("5.00"), False)


def hotel(country="il", city="tel-aviv", aggregator="hotelbeds"):
    return read_hotel(
        {
            "id": 1,
            "slug": "h",
            "name": "H",
            "country_code": country,
            "city_slug": city,
            "aggregator": aggregator,
        }
    )


def offer(*, with_vat=False, currency="ILS"):
    vat = Decimal("180.00")
    items = (FEE, CITY_TAX) + ((PriceItem("vat", "tax", vat, True),) if with_vat else ())
    gross = Decimal("1010.00") + (vat if with_vat else 0)
    price = Price(
        currency=currency,
        nights=2,
        net=Decimal("1000.00"),
        gross=gross,
        net_per_night=Decimal("500.00"),
        gross_per_night=gross / 2,
        items=items,
    )
    return Offer("o", "r", "BB", True, (), price)


def vat_of(o):
    return [i.amount for i in o.price.items if i.code == "vat"]


@pytest.mark.parametrize("aggregator", ["hotelbeds", "expedia", "booking_partner"])
def test_a_resident_in_tel_aviv_pays_vat_added_on_the_net_price(aggregator):
    result = apply_israel_vat(offer(), hotel(aggregator=aggregator), "il")
    assert vat_of(result) == [180.0]
    assert result.price.gross == 1190.0 and result.price.gross_per_night == 595.0
    assert result.price.net == 1000.0  # net stays before taxes and fees


@pytest.mark.parametrize("aggregator", ["hotelbeds", "isrotel_direct"])
@pytest.mark.parametrize("country", ["de", "us", None])
def test_a_tourist_pays_no_vat_in_israel(aggregator, country):
    sent = offer(with_vat=aggregator == "isrotel_direct")
    result = apply_israel_vat(sent, hotel(aggregator=aggregator), country)
    assert vat_of(result) == [] and result.price.gross == 1010.0


@pytest.mark.parametrize("aggregator", ["hotelbeds", "isrotel_direct"])
@pytest.mark.parametrize("country", ["il", "fr"])
def test_nobody_pays_vat_in_eilat(aggregator, country):
    sent = offer(with_vat=aggregator == "isrotel_direct")
    result = apply_israel_vat(sent, hotel(city="eilat", aggregator=aggregator), country)
    assert vat_of(result) == [] and result.price.gross == 1010.0


def test_the_direct_feed_already_charges_residents_vat():
    sent = offer(with_vat=True)
    assert apply_israel_vat(sent, hotel(aggregator="isrotel_direct"), "IL") == sent


@pytest.mark.parametrize("country", ["il", "de"])
def test_outside_israel_the_rule_changes_nothing(country):
    sent = offer(with_vat=True, currency="EUR")
    assert apply_israel_vat(sent, hotel(country="es", city="barcelona"), country) == sent
    assert not vat_due(hotel(country="es", city="barcelona"), country)


@override_settings(ISRAEL_VAT_RATE=Decimal("0.17"))
def test_the_rate_is_a_setting_and_rounds_to_the_currency():
    result = apply_israel_vat(offer(currency="JPY"), hotel(), "il")
    assert vat_of(result) == [170.0]
