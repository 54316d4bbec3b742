"""The whole inventory in memory, built once per process on first use (well under a second)."""

from dataclasses import dataclass
from functools import cache

from .hotels import Hotel, build_hotels
from .places import Place, build_places


@dataclass(frozen=True)
class Inventory:
    places: dict[int, Place]
    hotels: dict[int, Hotel]
    city_hotels: dict[int, tuple[int, ...]]  # destination id -> hotel ids by rank
    hotel_counts: dict[int, int]  # place id -> hotels in it
    country_ids: dict[str, int]  # country code -> id
    slugs: dict[tuple[str, str | None], int]  # (country slug, place slug or None) -> id


def build() -> Inventory:
    places = build_places()
    hotels: dict[int, Hotel] = {}
    city_hotels: dict[int, tuple[int, ...]] = {}
    country_ids = {p.country_code: p.id for p in places.values() if p.type == "country"}
    for place in places.values():
        if place.type in ("city", "region"):
            built = build_hotels(place)
            hotels.update((h.id, h) for h in built)
            city_hotels[place.id] = tuple(h.id for h in built)
    counts: dict[int, int] = {}
    for place in places.values():
        if place.type in ("city", "region"):
            counts[place.id] = len(city_hotels[place.id])
    for place in places.values():
        if place.type == "landmark":
            counts[place.id] = counts[place.parent_id]
        elif place.type == "country":
            counts[place.id] = sum(
                counts[p.id]
                for p in places.values()
                if p.parent_id == place.id and p.type in ("city", "region")
            )
    slugs: dict[tuple[str, str | None], int] = {}
    for place in places.values():
        country = places[country_ids[place.country_code]]
        key = (country.slug, None if place.type == "country" else place.slug)
        assert key not in slugs, key
        slugs[key] = place.id
    return Inventory(places, hotels, city_hotels, counts, country_ids, slugs)


@cache
def inventory() -> Inventory:
    return build()
