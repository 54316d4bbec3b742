"""Israel VAT on hotel stays (spec section 5: it depends on the aggregator, the country il and the
city Eilat). The one place the rule lives; the rate is ``settings.ISRAEL_VAT_RATE``.

Israeli law, as the storefront applies it:

- Israeli residents pay VAT on a hotel stay in Israel; foreign tourists are exempt (zero-rated);
- Eilat is a free-trade zone: no VAT on a stay there, for anyone;
- outside Israel this rule has nothing to say (the provider's own tax items stand).

Who is a resident: the visitor's country (the country picker, the ``country`` query, the geo
header), ``il`` meaning resident. An unknown country is treated as a tourist here and shown the
exempt price; the booking step asks for the guest's country before charging.

What the aggregator sends decides what the storefront does with it:

- ``VAT_INCLUSIVE_AGGREGATORS`` (the Israeli chain's own feed) quote Israeli prices with VAT in
  them, as a ``vat`` item included in gross: for a tourist, or in Eilat, the storefront takes it
  out again;
- every other aggregator quotes Israeli prices without VAT: for a resident outside Eilat the
  storefront adds it, on the net price, as a ``vat`` item included in gross.

Prices are rounded to the currency's minor unit, like the provider's.
"""

from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal

from babel.numbers import get_currency_precision
from django.conf import settings

from storefront.upstream.inventory import Hotel, Offer, Price, PriceItem

VAT_INCLUSIVE_AGGREGATORS = frozenset({"isrotel_direct"})
VAT_FREE_CITIES = frozenset({"eilat"})


def vat_due(hotel: Hotel, visitor_country: str | None) -> bool:
    """Whether the stay carries Israeli VAT for this visitor."""
    return (
        hotel.country_code == "il"
        and hotel.city_slug not in VAT_FREE_CITIES
        and (visitor_country or "").lower() == "il"
    )


def _round(amount: Decimal, currency: str) -> Decimal:
    step = Decimal(1).scaleb(-get_currency_precision(currency))
    return amount.quantize(step, rounding=ROUND_HALF_UP)


def _with_items(price: Price, items: tuple[PriceItem, ...]) -> Price:
    net = price.net
    gross = net + sum((i.amount for i in items if i.included), Decimal(0))
    nights = max(1, price.nights)
    return replace(
        price,
        items=items,
        gross=_round(gross, price.currency),
        gross_per_night=_round(gross / nights, price.currency),
    )


def apply_israel_vat(offer: Offer, hotel: Hotel, visitor_country: str | None) -> Offer:
    """``offer`` as this visitor pays it in Israel: VAT added, removed or left as sent."""
    if hotel.country_code != "il":
        return offer
    price = offer.price
    has_vat = any(i.code == "vat" for i in price.items)
    due = vat_due(hotel, visitor_country)
    if hotel.aggregator in VAT_INCLUSIVE_AGGREGATORS or has_vat:
        if due:
            return offer
        kept = tuple(i for i in price.items if i.code != "vat")
        return replace(offer, price=_with_items(price, kept)) if has_vat else offer
    if not due:
        return offer
    vat = PriceItem(
        code="vat",
        kind="tax",
        amount=_round(price.net * settings.ISRAEL_VAT_RATE, price.currency),
        included=True,
    )
    return replace(offer, price=_with_items(price, (*price.items, vat)))
