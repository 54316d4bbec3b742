"""Money, area and lists against the shared vectors (static_src/format.test.js checks them
too)."""

import json

import pytest
from babel.numbers import get_currency_precision, list_currencies
from django.conf import settings

from storefront.catalog.formatting import (
    NOT_A_NUMBER,
    currency_decimals,
    format_area,
    format_list,
    format_money,
)
from storefront.catalog.selectors import currencies

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


@pytest.mark.parametrize(
    "vector", VECTORS["list"], ids=lambda v: f"{v['locale']}-{len(v['items'])}"
)
def test_format_list(vector):
    assert format_list(vector["items"], vector["locale"]) == vector["expected"]


@pytest.mark.parametrize("amount", [float("nan"), float("inf"), float("-inf"), None, "x", True, []])
def test_non_finite_amounts_show_nan_marker(amount):
    assert format_money(amount, "USD", "en") == NOT_A_NUMBER


@pytest.mark.parametrize("first", [0, -0.0])
def test_a_kept_answer_is_the_one_a_fresh_call_gives_for_either_zero(first):
    """Formatted numbers are kept per value, and ``-0.0 == 0``: the kept entry must not answer
    for the other zero (whichever came first)."""
    format_money(first, "USD", "en")
    format_area(-0.3 if first else 0, "m", "en")
    assert format_money(0, "USD", "en") == "$0.00"
    assert format_money(-0.0, "USD", "en") == "-$0.00"
    assert format_area(0, "m", "en") == "0\u00a0m²"
    assert format_area(-0.3, "m", "en") == "-0\u00a0m²"


def test_vectors_cover_the_required_locales_and_cases():
    locales = {v["locale"] for v in VECTORS["money"]}
    assert {"en", "de", "he", "ar", "ja", "pt-br", "zh-cn"} <= locales
    assert any(v["options"].get("numbering") == "arab" for v in VECTORS["money"])
    for vector in VECTORS["money"]:
        assert "icu" not in vector or vector.get("why"), "a difference must say why"


def test_currency_digits_are_cldr_and_list_every_currency_without_two():
    """static_src/format.js keeps its own table of these (the browser's defaults vary by ICU
    version); the vectors hold CLDR's value for every currency we sell and every exception."""
    digits = VECTORS["currency_digits"]
    assert set(currencies()) <= set(digits)
    assert {c for c in list_currencies() if get_currency_precision(c) != 2} <= set(digits)
    for currency, expected in digits.items():
        assert currency_decimals(currency) == expected, currency


def test_vectors_cover_the_twins_disagreements_of_issue_11():
    money = {(v["locale"], v["currency"]) for v in VECTORS["money"]}
    assert {("pt", "EUR"), ("hu", "HUF"), ("id", "IDR")} <= money
    negative = {v["locale"] for v in VECTORS["money"] if str(v["amount"]).startswith("-")}
    assert {"sv", "fi", "et", "hr", "lt", "sl"} <= negative
    spaced = {v["locale"] for v in VECTORS["money"] if v["currency"] in ("ISK", "CLP", "KZT")}
    assert {"en", "id", "ja", "ko", "ms", "th", "tl-ph", "tr", "zh-cn", "zh-tw"} <= spaced
    assert any(v["locale"] == "pt" for v in VECTORS["area"])
