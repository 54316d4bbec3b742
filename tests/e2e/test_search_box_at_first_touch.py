"""The search box loads at the visitor's first pointer, touch or focus in its form, on the home
page and on the pages of a list or a hotel (``results.html``: a phone opens the one-line summary
first), so a phone runs no React after the page loaded; what the visitor began on the server's form
before the island was on screen is the island's: the text typed (and the suggestions for it),
the focus, a tap on a date field or the guests control (its own picker opens, once; no native
one), and a submit sends the server's form as it is.

The island's code is held (``page.route``) until the visitor has acted, so each step is known to
have happened before the island took over."""

import re

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from tests.e2e.helpers import live_combobox, tab_to

CHUNK = re.compile(r".*/islands/chunks/SearchBox-.*\.js")
SIZES = [("en", 375), ("en", 1280), ("he", 375), ("he", 1280)]
PAGES = ["/", "/hotels/spain/barcelona"]

# Dialogs opened (a <dialog>'s `open` attribute appearing, the guests popover of a desktop
# arriving), and each click with whether its default (the
# native date picker, the guests disclosure) was prevented, as the page saw them.
WATCH = """
window.__opened = 0;
new MutationObserver((records) => {
  for (const record of records) {
    const { target, oldValue, addedNodes } = record;
    if (record.type === "attributes") {
      if (target.tagName === "DIALOG" && oldValue === null && target.open) window.__opened++;
    } else {
      for (const node of addedNodes) {
        if (node.classList?.contains("guests-popover")) window.__opened++;
      }
    }
  }
}).observe(document, {
  attributes: true, attributeFilter: ["open"], attributeOldValue: true,
  childList: true, subtree: true,
});
window.__clicks = [];
window.addEventListener("click", (event) => {
  const control = event.target.closest("[id]");
  window.__clicks.push([control ? control.id : event.target.tagName, event.defaultPrevented]);
});
"""


def _open(new_page, server_url, locale, width, path="/"):
    """The page at ``path`` with the search box's code held, its form on screen (a phone's
    one-line summary of the search opened, which asks for no code); returns (page, held routes)."""
    phone = {"has_touch": True, "is_mobile": True} if width < 600 else {}
    page = new_page(width=width, **phone)
    page.add_init_script(WATCH)
    held = []
    page.route(CHUNK, lambda route: held.append(route))
    page.goto(f"{server_url}{'' if locale == 'en' else '/' + locale}{path}")
    summary = page.locator(".search-panel__summary")
    if summary.count() and summary.is_visible():
        summary.tap() if width < 600 else summary.click()
        expect(page.locator("#search-destination")).to_be_visible()
        page.evaluate("window.__clicks = []")
    assert not held
    return page, held


def _press(page, locator, width):
    """A tap on a phone, a click with the mouse (which comes over the form first) on a desktop;
    the search box's code is asked for."""
    with page.expect_request(CHUNK):
        locator.tap() if width < 600 else locator.click()


def _release(page, held):
    """The visitor has acted and the island is still not on screen; now its code arrives."""
    assert page.locator('[data-island="SearchBox"][data-mounted]').count() == 0
    assert len(held) == 1, "the search box's code was not held"
    held[0].continue_()
    page.locator('[data-island="SearchBox"][data-mounted="true"]').wait_for(state="attached")


@pytest.mark.parametrize("locale,width", SIZES)
def test_text_typed_before_the_search_box_loaded_stays_with_the_focus(
    new_page, server_url, locale, width
):
    page, held = _open(new_page, server_url, locale, width)
    field = page.locator("#search-destination")
    _press(page, field, width)
    page.keyboard.type("Bar")
    expect(field).to_have_value("Bar")  # the server's field
    _release(page, held)
    live_combobox(field)  # the combobox took over from the island's plain field
    expect(field).to_have_value("Bar")
    expect(field).to_be_focused()
    assert field.evaluate("(input) => [input.selectionStart, input.selectionEnd]") == [3, 3]
    page.keyboard.type("c")  # the caret at the end: the text goes on
    expect(field).to_have_value("Barc")
    answer = page.request.get(f"{server_url}/search/places?q=Barc&locale={locale}").json()
    city = next(p for p in answer["places"] if p["type"] == "city" and p["country_code"] == "es")
    expect(page.get_by_role("option").filter(has_text=city["name"]).first).to_be_visible()


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("locale,width", SIZES)
@pytest.mark.parametrize("control", ["search-check-in", "search-check-out"])
def test_a_tap_on_a_date_before_the_search_box_loaded_opens_its_picker_once(
    new_page, server_url, locale, width, path, control
):
    page, held = _open(new_page, server_url, locale, width, path)
    _press(page, page.locator(f"#{control}"), width)
    # The server's date field's click was held: no native picker.
    assert page.evaluate("window.__clicks") == [[control, True]]
    expect(page.locator("dialog[open]")).to_have_count(0)
    _release(page, held)
    dialog = page.locator("dialog[open]")
    expect(dialog.locator(".sheet__title")).to_have_text(translate("picker.title", locale))
    assert page.evaluate("window.__opened") == 1
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    # The focus goes back to the island's date button that took over from the server's field.
    expect(page.locator(f"button#{control}")).to_be_focused()
    assert page.evaluate("window.__opened") == 1


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("locale,width", SIZES)
def test_a_tap_on_the_guests_before_the_search_box_loaded_opens_its_panel_once(
    new_page, server_url, locale, width, path
):
    page, held = _open(new_page, server_url, locale, width, path)
    summary = page.locator("details.guests-field > summary")
    _press(page, summary, width)
    expect(page.locator("details.guests-field[open]")).to_have_count(0)  # held, not unfolded
    assert [prevented for _, prevented in page.evaluate("window.__clicks")] == [True]
    _release(page, held)
    # A bottom sheet on a phone, a popover on a desktop.
    dialog = page.get_by_role("dialog", name=translate("guests.title", locale))
    expect(dialog).to_be_visible()
    assert page.evaluate("window.__opened") == 1
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("button#search-guests")).to_be_focused()
    assert page.evaluate("window.__opened") == 1


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("locale", ["en", "he"])
def test_the_keyboard_focus_stays_in_the_date_field_it_was_in(new_page, server_url, locale, path):
    page, held = _open(new_page, server_url, locale, 1280, path)
    with page.expect_request(CHUNK):  # the first Tab into the form asks for it
        tab_to(page, page.locator("#search-destination"))
    tab_to(page, page.locator("input#search-check-in"))
    _release(page, held)
    expect(page.locator("button#search-check-in")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("dialog[open] .sheet__title")).to_have_text(
        translate("picker.title", locale)
    )


@pytest.mark.parametrize("locale,width", [("en", 375), ("he", 1280)])
def test_a_search_sent_before_the_search_box_loaded_is_the_servers_form(
    new_page, server_url, locale, width
):
    page, held = _open(new_page, server_url, locale, width)
    _press(page, page.locator("#search-destination"), width)
    page.keyboard.type("Barcelona")
    assert held and page.locator('[data-island="SearchBox"][data-mounted]').count() == 0
    with page.expect_request(
        lambda request: request.is_navigation_request() and "destination=Barcelona" in request.url
    ) as sent:
        page.locator(".search-form__submit").click()
    assert "rooms=1" in sent.value.url  # the server's fields, not the island's `guests`
