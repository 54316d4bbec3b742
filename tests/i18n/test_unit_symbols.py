"""The area unit toggle writes both symbols in the page's own script where the locale has one
(a Hebrew reader saw "מ״ר / ft²")."""

import re

import pytest

from storefront.i18n.catalog import translate


@pytest.mark.parametrize("code", ["he", "ar", "ru", "th"])
def test_both_area_symbols_are_in_the_locales_script(code):
    symbols = [translate("unit.short_m", code), translate("unit.short_f", code)]
    assert not any(re.search(r"[A-Za-z]", symbol) for symbol in symbols), symbols
