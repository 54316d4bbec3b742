"""The language picker dialog: keyboard only, Escape, click outside, swipe, RTL, axe."""

import pytest

from tests.e2e.helpers import axe_violations

BUTTON = '[data-island="LanguagePicker"][data-mounted="true"] button.chip'


def _open_with_keyboard(page):
    page.locator(BUTTON).focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    return dialog


def test_keyboard_only_choose_hebrew(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/hotels?currency=EUR")
    dialog = _open_with_keyboard(page)
    assert page.evaluate("document.body.classList.contains('scroll-locked')")
    assert page.evaluate("document.activeElement.closest('dialog') !== null")  # focus inside
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    assert page.evaluate("document.activeElement.matches('button.chip')")  # focus returned
    assert not page.evaluate("document.body.classList.contains('scroll-locked')")
    dialog = _open_with_keyboard(page)
    dialog.get_by_role("link", name="עברית").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server_url}/he/hotels?currency=EUR")
    assert page.get_by_role("dialog").count() == 0 or page.get_by_role("dialog").is_hidden()


def test_click_outside_closes(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/")
    page.locator(BUTTON).click()
    dialog = page.get_by_role("dialog")
    dialog.wait_for()
    page.mouse.click(5, 5)  # the backdrop
    assert dialog.is_hidden()


def _drag(page, locator, dy):
    box = locator.bounding_box()
    x, y = box["x"] + 10, box["y"] + 5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, y + dy, steps=5)
    page.mouse.up()


@pytest.mark.parametrize("locale", ["", "/he"])
def test_bottom_sheet_swipes_down_to_close_on_a_phone(new_page, server_url, locale):
    page = new_page(width=375, height=800)
    page.goto(f"{server_url}{locale}/")
    page.locator(BUTTON).click()
    title = page.locator(".sheet__title")
    title.wait_for()
    _drag(page, title, -150)  # up: stays open
    assert page.get_by_role("dialog").is_visible()
    _drag(page, title, 150)  # down: closes
    assert page.get_by_role("dialog").is_hidden()


def test_no_swipe_to_close_on_wide_screens(new_page, server_url):
    page = new_page(width=1280)
    page.goto(f"{server_url}/")
    page.locator(BUTTON).click()
    title = page.locator(".sheet__title")
    title.wait_for()
    _drag(page, title, 150)
    assert page.get_by_role("dialog").is_visible()


@pytest.mark.parametrize("locale,scheme,width", [("", "light", 1280), ("/he", "dark", 375)])
def test_open_dialog_has_no_axe_violations(new_page, server_url, locale, scheme, width):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}{locale}/")
    page.locator(BUTTON).click()
    page.get_by_role("dialog").wait_for()
    assert axe_violations(page) == []
