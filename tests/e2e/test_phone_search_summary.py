"""A phone shows results first (issue 32, item 4). At 375 x 667, in en, he, ja and de, light and
dark: a results page and a hotel page show their search as one line (the place, the dates and
the guests in the page's language) instead of the form, and the first hotel card (a hotel's
title and gallery) is on the first screen; the line, tapped or pressed with the keyboard, opens
the form and the focus goes on into it; tapped again, it closes. Without JavaScript too. From
the desktop width the form shows whole, without the line, as before; a page whose search names
no place yet keeps its form open."""

from datetime import timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.search.query import today
from storefront.upstream import inventory
from tests.e2e.helpers import axe_violations, live_combobox, mounted, tab_to
from tests.search.test_search_summary import expected

pytestmark = pytest.mark.usefixtures("demo_data")

PHONE = {"width": 375, "height": 667}
CHECK_IN = today() + timedelta(days=40)  # the stay tests/search/test_search_summary.py expects
STAY = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=3)}&guests=2-7"
RESULTS = f"/hotels/search?place=2002&{STAY}"
HOTEL = f"/hotels/spain/barcelona/metropole-sands?{STAY}"
# Whether the element drawn at the middle of ``el`` is ``el`` itself (or inside it): not covered.
UNCOVERED = """(el) => {
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return el === top || el.contains(top);
}"""


def _prefix(code):
    return "" if code == "en" else f"/{code}"


def _line(page):
    """The search's line as a person sees it: its text (whole, not cut) and its box."""
    summary = page.locator(".search-panel__summary")
    expect(summary).to_be_visible()
    text = summary.locator(".search-panel__text")
    assert text.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the line is cut"
    assert summary.evaluate(UNCOVERED)
    return summary, text.text_content()


def _first_screen(page, locator):
    """``locator`` starts on the first screen (its top above the fold) and is not covered."""
    box = locator.bounding_box()
    assert box and 0 <= box["y"] < PHONE["height"], box
    return box


# Each locale light and dark with JavaScript, and light without it.
LOOKS = [(c, s, True) for c in ("en", "he", "ja", "de") for s in ("light", "dark")]
LOOKS += [(c, "light", False) for c in ("en", "he", "ja", "de")]


@pytest.mark.parametrize("code,scheme,javascript", LOOKS)
def test_a_phone_shows_the_search_as_one_line_and_the_results_first(
    new_page, server_url, code, scheme, javascript
):
    page = new_page(
        **PHONE,
        color_scheme=scheme,
        has_touch=True,
        is_mobile=True,
        java_script_enabled=javascript,
        bypass_csp=True,
    )
    page.goto(f"{server_url}{_prefix(code)}{RESULTS}")
    summary, text = _line(page)
    assert text == expected(code)
    assert summary.bounding_box()["height"] <= 72  # two lines at most, where a form was 420 px
    form = page.locator("form.search-form")
    expect(form).to_be_hidden()
    _first_screen(page, page.locator(".hotel-card").first)
    if javascript:
        assert axe_violations(page) == []

    # Tapped, the line opens the form; the focus stays on the line and goes on into the form.
    if javascript:  # the search's island waits for the visitor's first touch in its form
        page.wait_for_function("() => new Promise((done) => requestIdleCallback(() => done(true)))")
        assert page.locator('[data-island="SearchBox"][data-mounted]').count() == 0
    summary.tap()
    expect(form).to_be_visible()
    if javascript:
        mounted(page, "SearchBox")
    expect(summary.locator(".search-panel__close")).to_have_text(translate("dialog.close", code))
    place = inventory.place(2002, code).name
    expect(page.locator("#search-destination")).to_have_value(place)
    assert page.evaluate("() => document.activeElement?.matches('.search-panel__summary')")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement?.id") == "search-destination"
    if javascript:
        assert axe_violations(page) == []
    summary.tap()
    expect(form).to_be_hidden()
    expect(summary.locator(".search-panel__change")).to_have_text(translate("search.change", code))


@pytest.mark.parametrize(
    "code,scheme", [("en", "light"), ("he", "dark"), ("ja", "light"), ("de", "dark")]
)
def test_a_phone_shows_a_hotels_title_and_gallery_first(new_page, server_url, code, scheme):
    page = new_page(**PHONE, color_scheme=scheme, has_touch=True, is_mobile=True)
    page.goto(f"{server_url}{_prefix(code)}{HOTEL}")
    _, text = _line(page)
    assert text == expected(code)
    expect(page.locator("form.search-form")).to_be_hidden()
    title = page.locator(".hotel-summary h1")
    box = _first_screen(page, title)
    assert box["y"] + box["height"] <= PHONE["height"]  # the whole name
    _first_screen(page, page.locator("#gallery-strip"))


def test_the_keyboard_opens_the_line_with_enter(new_page, server_url):
    page = new_page(**PHONE)
    page.goto(f"{server_url}/he{RESULTS}")
    summary = page.locator(".search-panel__summary")
    summary.focus()
    page.keyboard.press("Enter")
    expect(page.locator("form.search-form")).to_be_visible()
    page.keyboard.press("Enter")
    expect(page.locator("form.search-form")).to_be_hidden()


@pytest.mark.parametrize("code,scheme", [("en", "light"), ("he", "dark")])
@pytest.mark.parametrize("path", [RESULTS, HOTEL])
def test_a_desktop_shows_the_form_whole_without_the_line(new_page, server_url, code, scheme, path):
    page = new_page(width=1280, height=800, color_scheme=scheme)
    page.goto(f"{server_url}{_prefix(code)}{path}")
    mounted(page, "SearchBox")
    expect(page.locator(".search-panel__summary")).to_be_hidden()
    form = page.locator("form.search-form")
    expect(form).to_be_visible()
    # One row: the destination, the dates, the guests and the button side by side.
    tops = form.evaluate(
        "(f) => [...f.querySelectorAll('.search-form__field, .search-form__submit')]"
        ".map((el) => Math.round(el.getBoundingClientRect().bottom))"
    )
    assert len(set(tops)) == 1, tops
    # The keyboard reaches it as before (the closed disclosure's content is shown, not inert).
    # The destination's combobox comes first (it loads at the pointer, and its swap of the field
    # during the Tab walk sent the focus on past it, under load).
    destination = page.locator("#search-destination")
    destination.hover()
    live_combobox(destination)
    tab_to(page, destination)


@pytest.mark.parametrize("code", ["en", "ja"])
def test_without_a_place_yet_the_phone_keeps_the_form_open(new_page, server_url, code):
    page = new_page(**PHONE)
    page.goto(f"{server_url}{_prefix(code)}/hotels")
    expect(page.locator(".search-panel__summary")).to_have_count(0)
    expect(page.locator("form.search-form")).to_be_visible()
