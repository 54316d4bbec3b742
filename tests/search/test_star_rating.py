"""A hotel's stars (``star_rating()``, storefront/hotels/templating.py): a drawn row as wide as
the rating, hidden from readers, beside the catalog's words for them, in every locale, on the
cards and in the stars filter; no "★" glyph, which the page's fonts lack."""

import re
from html import unescape

import pytest

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

pytestmark = pytest.mark.usefixtures("provider")
STARS = re.compile(
    r'<span class="stars stars--(\d)" aria-hidden="true"></span>'
    r'<span class="visually-hidden">([^<]*)</span>'
)


@pytest.mark.parametrize("code", list(LOCALES))
def test_every_locale_draws_the_stars_and_says_them(client, code):
    html = client.get(f"{LOCALES[code].prefix}/hotels/spain/barcelona").content.decode()
    assert "★" not in html
    found = STARS.findall(html)
    counts = [int(count) for count, _ in found]
    # The filter's five rows (5 to 1), then a row on each rated card.
    assert counts[:5] == [5, 4, 3, 2, 1] and len(counts) > 5, counts
    for count, words in found:
        assert unescape(words) == translate("results.stars", code, count=int(count)), code
    assert "results.stars" not in html
