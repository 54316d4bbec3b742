"""The provider's published exchange rates: fixed, so prices are reproducible.

One table for every currency of ``fixtures/currencies.json`` (a test keeps them in step), base
USD; the rates call converts with exactly these numbers, and money is rounded to the currency's
minor unit (Babel's ``get_currency_precision``) only at the end.
"""

from decimal import ROUND_HALF_UP, Decimal
from functools import cache

from babel.numbers import get_currency_precision

BASE = "USD"
DATE = "2026-01-01"
RATES: dict[str, float] = {
    "AED": 3.6725, "ARS": 1000.0, "AUD": 1.52, "BGN": 1.8, "BRL": 5.6, "CAD": 1.36,
    "CHF": 0.88, "CLP": 940.0, "CNY": 7.2, "COP": 4000.0, "CZK": 23.2, "DKK": 6.86,
    "EGP": 48.5, "EUR": 0.92, "GBP": 0.79, "GEL": 2.72, "HKD": 7.8, "HUF": 360.0,
    "IDR": 15800.0, "ILS": 3.65, "INR": 84.0, "ISK": 138.0, "JOD": 0.709, "JPY": 150.0,
    "KRW": 1350.0, "KZT": 480.0, "MAD": 9.9, "MXN": 19.5, "MYR": 4.45, "NOK": 10.8,
    "NZD": 1.66, "PEN": 3.75, "PHP": 57.0, "PLN": 3.98, "QAR": 3.64, "RON": 4.58,
    "RSD": 108.0, "RUB": 92.0, "SAR": 3.75, "SEK": 10.6, "SGD": 1.34, "THB": 35.5,
    "TRY": 32.5, "TWD": 32.2, "UAH": 41.0, "USD": 1.0, "ZAR": 18.2,
}  # fmt: skip


@cache
def precision(currency: str) -> int:
    return get_currency_precision(currency)


def round_money(amount: float | Decimal, currency: str) -> float | int:
    """Half up to the currency's minor unit (0 decimals for JPY, 3 for JOD): an int when the
    currency has no minor unit, so JSON says 1500, not 1500.0."""
    digits = precision(currency)
    rounded = Decimal(str(amount)).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP)
    return int(rounded) if digits == 0 else float(rounded)


def convert(usd: float, currency: str) -> float:
    """Unrounded: callers round once, at the end."""
    return usd * RATES[currency]


def payload() -> dict:
    return {"base": BASE, "date": DATE, "rates": dict(RATES)}
