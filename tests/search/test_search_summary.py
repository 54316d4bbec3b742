"""The search as one line (issue 32, item 4): a results page and a hotel page carry a summary of
their search (the place, the dates, the guests) that a phone shows instead of the form, in every
locale's own words and formats, with no catalog key and nothing left in English; a page whose
search names no place yet, or has a field to correct, keeps the form open and has none."""

import re
from datetime import timedelta
from html import unescape

import pytest

from storefront.catalog.formatting import format_list, format_stay
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today
from storefront.upstream import inventory

pytestmark = pytest.mark.usefixtures("provider")

BARCELONA = 2002
CHECK_IN = today() + timedelta(days=40)
CHECK_OUT = CHECK_IN + timedelta(days=3)
STAY = f"check_in={CHECK_IN}&check_out={CHECK_OUT}&guests=2-7"
SUMMARY = re.compile(
    r'<summary class="search-panel__summary"><span class="search-panel__text">([^<]*)</span>'
    r'<span class="search-panel__action"><span class="search-panel__change">([^<]*)</span>'
)
NBSP, NNBSP = "\u00a0", "\u202f"


def summary_of(html: str) -> tuple[str, str] | None:
    """(the line, its action's word), as the page writes them; None without a summary."""
    found = SUMMARY.search(html)
    return (unescape(found.group(1)), unescape(found.group(2))) if found else None


def whole(text: str) -> str:
    """``text`` kept whole on a line: no-break spaces."""
    return text.replace(" ", NBSP).replace("\u2009", NNBSP)


def expected(code: str, *, dated: bool = True) -> str:
    guests = format_list(
        [
            whole(translate("guests.adults", code, count=2)),
            whole(translate("guests.children", code, count=1)),
        ],
        code,
    )
    place = inventory.place(BARCELONA, code).name
    if not dated:
        return translate("search.summary_undated", code, place=place, guests=guests)
    dates = whole(format_stay(CHECK_IN, CHECK_OUT, code))
    return translate("search.summary", code, place=place, dates=dates, guests=guests)


def test_the_english_line_reads_as_an_english_reader_expects(client):
    """Written out here, not derived as the page derives it: "Barcelona · Mar 10 – 13 · 2 adults
    and 1 child", each part kept whole on a line."""
    html = client.get(f"/hotels/search?place={BARCELONA}&{STAY}").content.decode()
    if CHECK_IN.month == CHECK_OUT.month:
        dates = f"{CHECK_IN:%b}{NBSP}{CHECK_IN.day}{NNBSP}–{NNBSP}{CHECK_OUT.day}"
    else:
        dates = (
            f"{CHECK_IN:%b}{NBSP}{CHECK_IN.day}{NNBSP}–{NNBSP}{CHECK_OUT:%b}{NBSP}{CHECK_OUT.day}"
        )
    line = f"Barcelona · {dates} · 2{NBSP}adults and 1{NBSP}child"
    assert summary_of(html) == (line, "Change")


# English words a reader of another language must not find in its line, unless its own
# catalog says them (Catalan's "2 adults"). Month names are the locale's own from CLDR, and
# the place's name is the provider's.
ENGLISH = re.compile(r"\b(?:adults?|child(?:ren)?|rooms?|and|Change|Choose|dates?)\b")


def english_left(code: str, text: str) -> list[str]:
    own = " ".join(v for k, v in messages(code).items() if k.startswith(("guests.", "search.")))
    return [word for word in ENGLISH.findall(text) if not re.search(rf"\b{word}\b", own)]


@pytest.mark.parametrize("code", list(LOCALES))
def test_every_locale_writes_the_line_in_its_own_words(client, code):
    prefix = LOCALES[code].prefix
    html = client.get(f"{prefix}/hotels/search?place={BARCELONA}&{STAY}").content.decode()
    line, action = summary_of(html)
    assert line == expected(code)
    assert action == translate("search.change", code)
    assert "search." not in line and "guests." not in line and "{{" not in line
    if code != "en":
        place = inventory.place(BARCELONA, code).name
        dates = whole(format_stay(CHECK_IN, CHECK_OUT, code))
        words = line.replace(place, "").replace(dates, "")
        assert not english_left(code, words), (code, line)
        assert action != "Change", code


@pytest.mark.parametrize("code", list(LOCALES))
def test_a_city_page_without_dates_asks_for_them_in_the_line(client, code):
    prefix = LOCALES[code].prefix
    html = client.get(f"{prefix}/hotels/places/es/barcelona?guests=2-7").content.decode()
    line, _ = summary_of(html)
    assert line == expected(code, dated=False)
    if code != "en":
        place = inventory.place(BARCELONA, code).name
        assert not english_left(code, line.replace(place, "")), (code, line)


def test_a_hotel_page_sums_up_the_search_it_came_with(client):
    path = f"/de/hotels/spain/barcelona/metropole-sands?{STAY}"
    line, action = summary_of(client.get(path).content.decode())
    assert line == expected("de") and action == "Ändern"


@pytest.mark.parametrize(
    "path",
    [
        "/hotels",  # no place yet
        "/hotels/search?destination=Narnia",  # nothing found
        f"/hotels/search?place={BARCELONA}&check_in={today() - timedelta(days=3)}"
        f"&check_out={today() + timedelta(days=2)}",  # a date to correct
    ],
)
def test_without_a_place_or_with_a_field_to_correct_the_form_stays_open(client, path):
    html = client.get(path).content.decode()
    assert summary_of(html) is None
    assert 'class="search-panel' not in html
    assert '<form class="search-form"' in html


def test_the_form_behind_the_line_names_the_place_the_search_chose(client):
    """A search by the place's id (the combobox's choice) used to show an empty destination;
    the line says "Barcelona", and so does the form it opens."""
    html = client.get(f"/hotels/search?place={BARCELONA}&{STAY}").content.decode()
    field = re.search(r'<input class="input" id="search-destination"[^>]*>', html).group(0)
    assert 'value="Barcelona"' in field
    assert f'<input type="hidden" name="place" value="{BARCELONA}">' in html
