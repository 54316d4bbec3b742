"""A percentage never wraps: number and % are joined as CLDR writes them for the locale."""

import json
import re

import pytest
from babel import Locale
from django.conf import settings

from storefront.i18n.catalog import flatten
from storefront.i18n.locales import LOCALE_CODES, LOCALES


def _values(code):
    with open(settings.LOCALES_DIR / f"{code}.json", encoding="utf-8") as fh:
        return flatten(json.load(fh))


def _cldr_percent(code):
    """("suffix" or "prefix", the characters between number and %) from CLDR's pattern."""
    pattern = Locale.parse(LOCALES[code].babel).percent_formats[None].pattern
    if pattern.startswith("%"):
        return "prefix", pattern[1 : pattern.index("#")]
    return "suffix", pattern[pattern.rindex("0") + 1 : pattern.index("%")]


@pytest.mark.parametrize("code", LOCALE_CODES)
def test_no_breakable_space_between_a_number_and_its_percent_sign(code):
    """(A word space before a leading %, as in Turkish "… %75'e", is a word space.)"""
    breakable = r"[^\S\u00a0\u202f]+"
    for key, value in _values(code).items():
        assert not re.search(rf"\d{breakable}%|%{breakable}\d", value), (code, key, value)


@pytest.mark.parametrize("code", LOCALE_CODES)
def test_percentages_are_written_as_cldr_formats_them(code):
    side, joiner = _cldr_percent(code)
    found = 0
    for key, value in _values(code).items():
        if side == "suffix":
            for between in re.findall(r"\d(\s*)%", value):
                assert between == joiner, (code, key, value, joiner)
                found += 1
            assert not re.search(r"%\s*\d", value), (code, key, value)
        else:
            for between in re.findall(r"%(\s*)\d", value):
                assert between == joiner, (code, key, value, joiner)
                found += 1
            assert not re.search(r"\d\s*%", value), (code, key, value)
    assert found >= 3, code  # the savings in the description, the headline and its benefit


def test_the_locales_that_space_their_percent_use_a_no_break_space():
    spaced = {code for code in LOCALE_CODES if _cldr_percent(code)[1]}
    assert {"ca", "cs", "da", "de", "lt", "sk", "sl", "sv", "fr", "es"} <= spaced
    assert {_cldr_percent(code)[1] for code in spaced} == {"\u00a0"}
    assert "75\u00a0%" in _values("de")["home.benefit_savings_title"]
