"""Israeli VAT as the provider applies it to a held price, from the guest's country the prebook
names (the storefront decides the same on its pages, ``storefront/search/israel_vat.py``; both
follow the law, and ``tests/checkout/test_israel_vat_twins.py`` checks they agree):

- a resident (guest country ``il``) pays VAT on a stay in Israel, a tourist does not;
- Eilat is a free-trade zone: no VAT there for anyone;
- the Israeli chain's own feed quotes VAT in (a ``vat`` item), the other feeds without it.
"""

from decimal import Decimal

from django.conf import settings

from ..inventory.fx import round_money

INCLUSIVE_FEEDS = frozenset({"isrotel_direct"})
FREE_CITIES = frozenset({"eilat"})


def vat_due(*, country: str, city: str, guest_country: str) -> bool:
    """Whether a stay in ``country``/``city`` carries Israeli VAT for this guest."""
    return country == "il" and city not in FREE_CITIES and (guest_country or "").lower() == "il"


def held_price(price: dict, *, country: str, city: str, feed: str, guest_country: str) -> dict:
    """``price`` (an offer's JSON price) with VAT as this guest pays it (amounts as the
    provider writes them: rounded to the currency's minor unit, JSON numbers)."""
    if country != "il":
        return price
    due = vat_due(country=country, city=city, guest_country=guest_country)
    items = list(price["items"])
    has_vat = any(item["code"] == "vat" for item in items)
    currency = price["currency"]
    if (feed in INCLUSIVE_FEEDS or has_vat) and not due:
        items = [item for item in items if item["code"] != "vat"]
    elif due and not has_vat:
        amount = round_money(Decimal(str(price["net"])) * settings.ISRAEL_VAT_RATE, currency)
        items.append({"code": "vat", "kind": "tax", "amount": amount, "included": True})
    else:
        return price
    net = Decimal(str(price["net"]))
    gross = net + sum((Decimal(str(i["amount"])) for i in items if i["included"]), Decimal(0))
    nights = max(1, int(price.get("nights") or 1))
    return {
        **price,
        "items": items,
        "gross": round_money(gross, currency),
        "gross_per_night": round_money(gross / nights, currency),
    }
