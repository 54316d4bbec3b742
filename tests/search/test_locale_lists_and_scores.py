"""Words and numbers as each language writes them (issue 32, item 2): the guests summary is
joined by the locale's list pattern, not an ASCII ", " ("大人2名, 子ども1名", "بالغان, طفل"), and
review scores are numbers in the locale's form ("9,4" in de and fr)."""

import re
from html import unescape

import pytest

from storefront.catalog.formatting import format_list
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

pytestmark = pytest.mark.usefixtures("provider")
SUMMARY = re.compile(
    r'<summary class="input guests-field__summary"[^>]*><span class="guests-button__text">'
    r"(.*?)</span>",
    re.S,
)
SCORE = re.compile(r'<span class="score" aria-hidden="true">([^<]+)</span>')


@pytest.mark.parametrize("code", list(LOCALES))
def test_the_guests_summary_is_joined_the_locales_way(client, code):
    html = client.get(f"{LOCALES[code].prefix}/hotels/spain?guests=2-7,1").content.decode()
    words = [
        translate("guests.adults", code, count=3),
        translate("guests.children", code, count=1),
        translate("guests.rooms", code, count=2),
    ]
    summary = unescape(SUMMARY.search(html).group(1)).strip()
    # Each count is kept whole on a line: "3\u00a0adults".
    assert summary == format_list([word.replace(" ", "\u00a0") for word in words], code)
    if code in ("ja", "zh-cn", "zh-tw", "ar", "th"):
        assert ", " not in summary, summary  # these languages do not join with an ASCII comma


@pytest.mark.parametrize(
    "code,pattern", [("en", r"\d{1,2}\.\d"), ("de", r"\d{1,2},\d"), ("fr", r"\d{1,2},\d")]
)
def test_review_scores_are_numbers_in_the_locales_form(client, code, pattern):
    html = client.get(f"{LOCALES[code].prefix}/hotels/spain").content.decode()
    scores = SCORE.findall(html)
    assert scores and all(re.fullmatch(pattern, score) for score in scores), scores[:5]
