"""Reads of the country and currency lists, named in the page's locale (CLDR through Babel)."""

from functools import cache

from babel import Locale as BabelLocale
from babel.numbers import get_currency_name, get_territory_currencies

from storefront.i18n.locales import get_locale

POPULAR_CURRENCIES = ("EUR", "GBP", "ILS", "USD")
# CLDR territory codes that are not countries (regions, groupings, placeholders).
_NOT_COUNTRIES = frozenset(
    {"EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "AC", "CP", "DG", "EA", "IC", "TA", "CQ"}
)


@cache
def _country_codes() -> frozenset[str]:
    names = BabelLocale("en").territories
    return frozenset(c for c in names if len(c) == 2 and c.isalpha() and c not in _NOT_COUNTRIES)


@cache
def _currency_codes() -> frozenset[str]:
    """Currencies that are legal tender somewhere today."""
    codes = set()
    for country in _country_codes():
        codes.update(get_territory_currencies(country, tender=True, non_tender=False))
    return frozenset(codes)


def is_country(code: str) -> bool:
    return code in _country_codes()


def is_currency(code: str) -> bool:
    return code in _currency_codes()


@cache
def country_choices(locale_code: str) -> tuple[tuple[str, str], ...]:
    """(code, localised name) for every country, sorted by name."""
    names = BabelLocale.parse(get_locale(locale_code).babel).territories
    rows = [(code, names.get(code, code)) for code in _country_codes()]
    return tuple(sorted(rows, key=lambda row: row[1]))


@cache
def currency_choices(locale_code: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Popular currencies, then all current ones, each (code, localised name)."""
    babel = get_locale(locale_code).babel

    def named(codes):
        return tuple((code, get_currency_name(code, locale=babel)) for code in codes)

    current = sorted(c for c in _currency_codes() if c not in POPULAR_CURRENCIES)
    return {"popular": named(POPULAR_CURRENCIES), "all": named(current)}
