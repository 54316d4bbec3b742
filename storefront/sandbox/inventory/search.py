"""Autocomplete: a per-locale index of word starts, scanned in answer order.

The index lists every place (and hotel) once, already sorted as answers are (cities, regions,
landmarks, countries, hotels; each by popularity), so a search walks it and stops at ``limit``
matches: a few milliseconds even for two-letter queries.
"""

from functools import cache

from .places import names
from .store import inventory
from .text import fold, word_starts

TYPE_ORDER = {"city": 0, "region": 1, "landmark": 2, "country": 3, "hotel": 4}


@cache
def index(locale: str) -> tuple[tuple[tuple[str, ...], str, int], ...]:
    """(word starts, type, id) in answer order."""
    inv = inventory()
    table = names(locale)
    rows = []
    for place in inv.places.values():
        keys = set(word_starts(table[place.id][0])) | set(word_starts(place.en))
        rows.append(((TYPE_ORDER[place.type], -place.popularity, place.id), keys, place.type))
    rows.sort(key=lambda row: row[0])
    places = tuple((tuple(sorted(keys)), kind, order[2]) for order, keys, kind in rows)
    return places + _hotel_rows()


@cache
def _hotel_rows() -> tuple[tuple[tuple[str, ...], str, int], ...]:
    """Hotel names are the same in every locale: indexed once, after every place."""
    hotels = sorted(inventory().hotels.values(), key=lambda h: (-h.review_count, h.id))
    return tuple((word_starts(h.name), "hotel", h.id) for h in hotels)


def search(q: str, locale: str, limit: int) -> list[tuple[str, int]]:
    """(type, id) of the first ``limit`` matches."""
    needle = fold(q)
    if not needle:
        return []
    found = []
    for keys, kind, pid in index(locale):
        if any(key.startswith(needle) for key in keys):
            found.append((kind, pid))
            if len(found) == limit:
                break
    return found
