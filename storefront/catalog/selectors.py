"""Reads of the bundled countries and currencies (``fixtures/*.json``), named in the page's locale.

Rows are normalised as they load: a ``default_currency`` that is lower case, padded or not an
ISO 4217 code is repaired or set to None (the provider's data has all three).
"""

import json
import re
from dataclasses import dataclass
from functools import cache

from babel import Locale as BabelLocale
from babel.numbers import list_currencies
from django.conf import settings

from storefront.i18n.collation import sorted_by_name
from storefront.i18n.locales import get_locale

POPULAR_CURRENCIES = ("EUR", "GBP", "ILS", "USD")
FALLBACK_CURRENCY = "USD"
# Continent ids of spec section 3 -> CLDR region codes, for names in every locale.
CONTINENT_REGIONS = {1: "142", 2: "002", 3: "003", 4: "005", 5: "AQ", 6: "150", 7: "009"}
# Page locale -> key of a currency's translations (spec section 3 keys).
CURRENCY_TRANSLATION_KEYS = {
    "en": "en_US",
    "pt": "pt_PT",
    "pt-br": "pt_BR",
    "zh-cn": "zh_CN",
    "zh-tw": "zh_TW",
    "tl-ph": "tl",
}


@dataclass(frozen=True)
class Country:
    id: int
    code: str
    title: str
    name: str
    emoji: str | None
    dial_code: str
    default_currency: str | None
    continent_id: int
    lat: float
    lng: float
    translations: dict


@dataclass(frozen=True)
class Currency:
    code: str
    name: str
    symbol: str | None
    translations: dict


@cache
def _iso_currencies() -> frozenset[str]:
    return frozenset(list_currencies())


def normalise_currency_code(value) -> str | None:
    """``" usd"`` / ``"Usd"`` -> ``"USD"``; anything that is not an ISO 4217 code -> None."""
    if not isinstance(value, str):
        return None
    code = value.strip().upper()
    return code if code in _iso_currencies() else None


def normalise_country(row: dict) -> Country:
    return Country(
        id=int(row["id"]),
        code=str(row["code"]).strip().upper(),
        title=row["title"],
        name=row["name"],
        emoji=row.get("emoji") or None,
        dial_code=str(row.get("dial_code") or ""),
        default_currency=normalise_currency_code(row.get("default_currency")),
        continent_id=int(row["continent"]["id"]),
        lat=float(row["_geoloc"]["lat"]),
        lng=float(row["_geoloc"]["lng"]),
        translations=row.get("translations") or {},
    )


def _fixture(name: str) -> list[dict]:
    return json.loads((settings.BASE_DIR / "fixtures" / name).read_text(encoding="utf-8"))


@cache
def countries() -> dict[str, Country]:
    return {c.code: c for c in map(normalise_country, _fixture("countries.json"))}


@cache
def currencies() -> dict[str, Currency]:
    rows = _fixture("currencies.json")
    return {
        row["code"]: Currency(row["code"], row["name"], row.get("symbol"), row["translations"])
        for row in rows
    }


def is_country(code: str) -> bool:
    return code in countries()


def is_currency(code: str) -> bool:
    return code in currencies()


def default_currency(*, chosen: str | None, country: str | None) -> str:
    """The chosen currency, else the country's default (if we sell in it), else USD."""
    if chosen and is_currency(chosen):
        return chosen
    home = countries().get(country or "")
    if home and home.default_currency and is_currency(home.default_currency):
        return home.default_currency
    return FALLBACK_CURRENCY


def currency_name(code: str, locale_code: str) -> str:
    currency = currencies()[code]
    key = CURRENCY_TRANSLATION_KEYS.get(locale_code, locale_code)
    return currency.translations.get(key) or currency.name


@cache
def currency_choices(locale_code: str) -> dict[str, tuple[tuple[str, str], ...]]:
    """Popular currencies (in the spec's order), then all the others sorted by name in the page's
    locale, each (code, name in the page's locale)."""
    others = [
        (c, currency_name(c, locale_code)) for c in currencies() if c not in POPULAR_CURRENCIES
    ]
    return {
        "popular": tuple((c, currency_name(c, locale_code)) for c in POPULAR_CURRENCIES),
        "all": tuple(sorted_by_name(others, locale_code, lambda row: row[1])),
    }


def country_name(code: str, locale_code: str) -> str:
    names = BabelLocale.parse(get_locale(locale_code).babel).territories
    return names.get(code) or countries()[code].title


@cache
def dial_choices(locale_code: str) -> tuple[tuple[str, str, str], ...]:
    """Countries with a dial code, for the lead form's prefix selector: (code, name in the
    page's locale, dial code as the data writes it, "1-684"), sorted by the locale's collation."""
    names = BabelLocale.parse(get_locale(locale_code).babel).territories
    rows = [
        (country.code, names.get(country.code) or country.title, country.dial_code.strip())
        for country in countries().values()
        if re.fullmatch(r"\d[\d-]*", country.dial_code.strip())
    ]
    return tuple(sorted_by_name(rows, locale_code, lambda row: row[1]))


def dial_options(locale_code: str) -> list[tuple[str, str]]:
    """(country code, "Country (+dial)") for a phone's country-code select, in the page's
    language. Its {{code}} is not translate()'s ``code``; a left-to-right mark keeps "+1-684"
    whole on right-to-left pages (as LeadPopup.jsx does)."""
    from storefront.i18n.catalog import interpolate, lookup

    option = lookup(locale_code, "leads.dial_option")
    return [
        (code, interpolate(option, {"country": name, "code": f"\u200e+{dial}"}))
        for code, name, dial in dial_choices(locale_code)
    ]


@cache
def country_choices(locale_code: str) -> tuple[tuple[str, tuple[tuple[str, str, str], ...]], ...]:
    """Countries grouped by continent: (continent name, ((code, name, flag), ...)), both in the
    page's locale and sorted by its collation."""
    babel_locale = BabelLocale.parse(get_locale(locale_code).babel)
    names = babel_locale.territories
    groups: dict[int, list[tuple[str, str, str]]] = {}
    for country in countries().values():
        name = names.get(country.code) or country.title
        row = (country.code, name, country.emoji or "")
        groups.setdefault(country.continent_id, []).append(row)
    result = []
    for continent_id, rows in groups.items():
        continent = names.get(CONTINENT_REGIONS[continent_id], str(continent_id))
        result.append((continent, tuple(sorted_by_name(rows, locale_code, lambda row: row[1]))))
    return tuple(sorted_by_name(result, locale_code, lambda group: group[0]))
