"""Money, area and stars against the shared vectors (static_src/format.test.js checks them too)."""

import json

import pytest
from django.conf import settings

from storefront.catalog.formatting import NOT_A_NUMBER, format_area, format_money, shows_stars

VECTORS = json.loads((settings.BASE_DIR / "fixtures" / "format-vectors.json").read_text())


def _id(vector):
    what = vector.get("currency", vector.get("unit"))
    return f"{vector['locale']}-{what}-{vector.get('amount', vector.get('square_metres'))}"


@pytest.mark.parametrize("vector", VECTORS["money"], ids=_id)
def test_format_money(vector):
    options = vector["options"]
    assert (
        format_money(
            vector["amount"],
            vector["currency"],
            vector["locale"],
            no_decimals=options.get("noDecimals", False),
            minor_units=options.get("minorUnits", False),
            extra_decimals=options.get("extraDecimals", 0),
            numbering=options.get("numbering", "default"),
        )
        == vector["expected"]
    )


@pytest.mark.parametrize("vector", VECTORS["area"], ids=_id)
def test_format_area(vector):
    assert (
        format_area(vector["square_metres"], vector["unit"], vector["locale"]) == vector["expected"]
    )


@pytest.mark.parametrize("vector", VECTORS["stars"], ids=lambda v: repr(v["stars"]))
def test_shows_stars(vector):
    assert shows_stars(vector["stars"]) is vector["expected"]


@pytest.mark.parametrize("amount", [float("nan"), float("inf"), float("-inf"), None, "x", True, []])
def test_non_finite_amounts_show_nan_marker(amount):
    assert format_money(amount, "USD", "en") == NOT_A_NUMBER


def test_vectors_cover_the_required_locales_and_cases():
    locales = {v["locale"] for v in VECTORS["money"]}
    assert {"en", "de", "he", "ar", "ja", "pt-br", "zh-cn"} <= locales
    assert any(v["options"].get("numbering") == "arab" for v in VECTORS["money"])
    for vector in VECTORS["money"]:
        assert "icu" not in vector or vector.get("why"), "a difference must say why"
