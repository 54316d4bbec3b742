"""The provider's world: countries, destinations and landmarks, read from ``data/*.json``.

Ids come from the order of these tables (countries 1000+, destinations 2000+, landmarks 5000+),
so append new rows at the end of a table: inserting one would renumber every place after it, and
hotel ids, which derive from their destination's id, with them. Names: our own English and
Hebrew for every place; other languages come from ``EXTRA_NAMES`` first, then CLDR
(``places.py``): CLDR names countries and time-zone cities only, and ``EXTRA_NAMES`` gives every
other city and region, every landmark (and the few CLDR names a reader would not use) in every
locale.

The rows (one JSON array a line, so a change reads as one line of a diff):

- ``countries.json``: code, English, Hebrew, VAT rate on the net price (null: no VAT item; for
  Israel the storefront decides VAT from the guest, the aggregator and the city).
- ``destinations.json``: country, English, Hebrew, type, lat, lng, time zone, CLDR
  exemplar-city zone (or null), popularity 1-100, price level (1 = average), hotels, kind
  ("city" or "beach"), city tax (null, ["person", USD a person a night] or ["percent", share of
  the net]), districts.
- ``landmarks.json``: city (English), English, Hebrew, lat, lng, popularity.
- ``extra_names.json``: English name -> our locale code -> name (one line a place; the name of
  a city that is also a country, Hong Kong, names both). The landmarks are one block in
  ``landmarks.json``'s order, each named in all 37 locales besides English and Hebrew: the
  name the language's readers use ("Tour Eiffel", "에펠탑"), the original proper name where a
  Latin-script language keeps it ("Checkpoint Charlie").
- ``districts.json``: a district's English name (as ``destinations.json`` and
  ``hotels.GENERIC_DISTRICTS`` write it) -> our locale code -> name, and ``latn``: the name every
  Latin-script locale without an entry of its own writes (a proper name, "Kreuzberg"); a
  district without ``latn`` is a description ("Old Town") and has a name per locale.
"""

import json
from pathlib import Path

DATA = Path(__file__).with_name("data")


def _rows(name: str) -> list[tuple]:
    """A table's rows as tuples (nested lists too: a city tax, the districts)."""

    def frozen(value):
        return tuple(frozen(v) for v in value) if isinstance(value, list) else value

    return [frozen(row) for row in json.loads((DATA / name).read_text(encoding="utf-8"))]


COUNTRIES: list[tuple[str, str, str, float | None]] = _rows("countries.json")
DESTINATIONS: list[tuple] = _rows("destinations.json")
LANDMARKS: list[tuple[str, str, str, float, float, int]] = _rows("landmarks.json")
EXTRA_NAMES: dict[str, dict[str, str]] = json.loads(
    (DATA / "extra_names.json").read_text(encoding="utf-8")
)
DISTRICT_NAMES: dict[str, dict[str, str]] = json.loads(
    (DATA / "districts.json").read_text(encoding="utf-8")
)
