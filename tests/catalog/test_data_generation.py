"""``make data``: deterministic fixtures with the spec's fields and quirks."""

import json

from django.conf import settings
from django.core.management import call_command

FIXTURES = settings.BASE_DIR / "fixtures"
TAIL = [
    "Swedish krona",
    "Swiss Franc",
    "Thai Baht",
    "Turkish Lira",
    "Ukrainian Hryvnia",
    "United Arab Emirates Dirham",
    "US Dollar",
]


def test_regenerating_gives_byte_identical_fixtures(tmp_path):
    call_command("generate_catalog_data", out=str(tmp_path), stdout=open("/dev/null", "w"))
    for name in ("countries.json", "currencies.json"):
        assert (tmp_path / name).read_bytes() == (FIXTURES / name).read_bytes(), name


def test_countries_have_every_spec_field_and_quirk():
    countries = json.loads((FIXTURES / "countries.json").read_text())
    assert len(countries) >= 240
    by_code = {c["code"]: c for c in countries}
    assert by_code["XK"]["id"] == 0
    assert [c["code"] for c in countries if c["emoji"] is None] == ["XK"]
    assert by_code["AI"]["dial_code"] == "1-264" and by_code["IL"]["dial_code"] == "972"
    assert by_code["IL"]["continent"] == {"id": 1, "name": "Asia", "slug": "asia"}
    assert by_code["FR"]["continent"]["id"] == 6 and by_code["BR"]["continent"]["id"] == 4
    assert by_code["US"]["continent"]["id"] == 3 and by_code["AU"]["continent"]["id"] == 7
    assert by_code["EG"]["continent"]["id"] == 2
    assert by_code["IL"]["translations"]["he"]["title"] == "ישראל"
    for country in countries:
        assert set(country) == {
            "id",
            "code",
            "title",
            "name",
            "emoji",
            "dial_code",
            "default_currency",
            "continent",
            "_geoloc",
            "translations",
        }
        assert isinstance(country["dial_code"], str)
        assert set(country["translations"]) == {"en", "en-US", "he"}
        assert -90 <= country["_geoloc"]["lat"] <= 90 and -180 <= country["_geoloc"]["lng"] <= 180


def test_currencies_end_with_the_spec_tail_and_carry_translations():
    currencies = json.loads((FIXTURES / "currencies.json").read_text())
    assert [c["name"] for c in currencies][-len(TAIL) :] == TAIL
    tail_symbols = [c["symbol"] for c in currencies][-len(TAIL) :]
    assert tail_symbols == [None] * 6 + ["$"]
    usd = currencies[-1]
    assert usd["code"] == "USD" and usd["translations"]["de"] == "US-Dollar"
    assert len(usd["translations"]) == 43
