"""Places: countries, cities, regions and landmarks, with their names in every locale; and the
names of the districts hotels lie in.

Names are our own in English and Hebrew. In the other locales ``geo.EXTRA_NAMES`` comes first:
every city, region and landmark in every one of them (exonyms where the language has one,
"Barcelone", "Sevilla", "Tour Eiffel"; else the name in its script, "세비야", "에펠탑"); then
CLDR's (Babel): a country's territory name, a city's time-zone exemplar city; else English with
``name_locale: "en"`` (a place added without names of ours would come to that). CLDR leaves
out an exemplar city that equals the one in the zone's id (German "Berlin"), so that name counts
as the locale's own. Loading a locale's CLDR data takes about 25 ms, so names are looked up per
locale on first use, not while the inventory is built.

A district's name comes from ``geo.DISTRICT_NAMES`` (``district_name``): the locale's own, else
its Latin-script name for a locale written in Latin letters, else English, marked "en".
"""

import math
from dataclasses import dataclass
from functools import cache

import babel

from . import geo
from .locales import BABEL_LOCALES, LATIN_SCRIPT
from .text import slugify

COUNTRY_IDS = 1000
DESTINATION_IDS = 2000
LANDMARK_IDS = 5000
# Slugs the storefront's URLs use for their own pages: no country may take one.
RESERVED_SLUGS = frozenset({"destination", "place", "places", "search"})


@dataclass(frozen=True, slots=True)
class Place:
    id: int
    type: str  # country, city, region, landmark
    en: str
    he: str
    slug: str
    country_code: str
    parent_id: int | None
    lat: float
    lng: float
    time_zone: str
    popularity: int
    cldr_zone: str | None = None  # the zone whose exemplar city names this place
    # Destinations (cities and regions) only:
    price_level: float = 1.0
    hotels: int = 0
    kind: str = "city"
    city_tax: tuple | None = None
    districts: tuple[str, ...] = ()
    vat: float | None = None  # countries only


def _country_zone(code: str, destinations) -> str:
    zones = [d[6] for d in destinations if d[0] == code]
    return zones[0] if zones else "UTC"


def build_places() -> dict[int, Place]:
    places: dict[int, Place] = {}
    country_ids: dict[str, int] = {}
    for index, (code, en, he, vat) in enumerate(geo.COUNTRIES):
        cities = [d for d in geo.DESTINATIONS if d[0] == code]
        top = max(cities, key=lambda d: d[8])
        place = Place(
            id=COUNTRY_IDS + index,
            type="country",
            en=en,
            he=he,
            slug=slugify(en),
            country_code=code,
            parent_id=None,
            lat=round(sum(d[4] for d in cities) / len(cities), 4),
            lng=round(sum(d[5] for d in cities) / len(cities), 4),
            time_zone=top[6],
            popularity=top[8],
            vat=vat,
        )
        assert place.slug not in RESERVED_SLUGS, place.slug
        places[place.id] = place
        country_ids[code] = place.id
    city_ids: dict[str, int] = {}
    for index, row in enumerate(geo.DESTINATIONS):
        code, en, he, kind_of_place, lat, lng, zone, cldr_zone, popularity = row[:9]
        price_level, hotels, kind, city_tax, districts = row[9:]
        place = Place(
            id=DESTINATION_IDS + index,
            type=kind_of_place,
            en=en,
            he=he,
            slug=slugify(en),
            country_code=code,
            parent_id=country_ids[code],
            lat=lat,
            lng=lng,
            time_zone=zone,
            popularity=popularity,
            cldr_zone=cldr_zone,
            price_level=price_level,
            hotels=hotels,
            kind=kind,
            city_tax=city_tax,
            districts=tuple(districts or ()),
        )
        places[place.id] = place
        city_ids[en] = place.id
    for index, (city, en, he, lat, lng, popularity) in enumerate(geo.LANDMARKS):
        parent = places[city_ids[city]]
        place = Place(
            id=LANDMARK_IDS + index,
            type="landmark",
            en=en,
            he=he,
            slug=slugify(en),
            country_code=parent.country_code,
            parent_id=parent.id,
            lat=lat,
            lng=lng,
            time_zone=parent.time_zone,
            popularity=popularity,
        )
        places[place.id] = place
    return places


def _cldr_name(place: Place, data) -> tuple[str, bool]:
    """(name, whether CLDR gave it)."""
    if place.type == "country":
        name = data.territories.get(place.country_code.upper())
        return (name, True) if name else (place.en, False)
    if place.cldr_zone:
        name = data.time_zones.get(place.cldr_zone, {}).get("city")
        if name:
            return name, True
        # CLDR's rule: no exemplar city means the one in the zone id.
        from_id = place.cldr_zone.rsplit("/", 1)[-1].replace("_", " ")
        return place.en, from_id == place.en
    return place.en, False


@cache
def names(locale: str) -> dict[int, tuple[str, str]]:
    """Place id -> (name, the locale it is in) for one of our locale codes."""
    from .store import inventory

    places = inventory().places
    if locale == "en":
        return {pid: (p.en, "en") for pid, p in places.items()}
    if locale == "he":
        return {pid: (p.he, "he") for pid, p in places.items()}
    data = babel.Locale.parse(BABEL_LOCALES[locale])
    result = {}
    for pid, place in places.items():
        extra = geo.EXTRA_NAMES.get(place.en, {}).get(locale)
        if extra:
            result[pid] = (extra, locale)
            continue
        name, from_cldr = _cldr_name(place, data)
        result[pid] = (name, locale if from_cldr else "en")
    return result


def district_name(district: str, locale: str) -> tuple[str, str]:
    """(a hotel's district in ``locale``, the locale it is in)."""
    if locale != "en":
        known = geo.DISTRICT_NAMES.get(district, {})
        name = known.get(locale) or (known.get("latn") if locale in LATIN_SCRIPT else None)
        if name:
            return name, locale
    return district, "en"


def distance_km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 6371.0 * 2 * math.asin(math.sqrt(a))
