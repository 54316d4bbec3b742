"""Sheets close on a real finger swipe on a phone, and a long sheet still scrolls under a finger.

Touches go through Chromium's input pipeline (CDP ``Input.dispatchTouchEvent``), so the browser
decides, as on a phone, whether a gesture scrolls (and cancels the pointer) or stays with the page.
"""

import pytest
from playwright.sync_api import expect

from tests.e2e.helpers import mounted, swipe

PHONE = {"width": 375, "height": 800, "has_touch": True, "is_mobile": True}


def _open_home(new_page, server_url, locale):
    page = new_page(**PHONE)
    page.goto(f"{server_url}{'' if locale == 'en' else f'/{locale}'}/")
    mounted(page, "Header")
    return page


def _open_sheet(page, control):
    page.locator(control).tap()
    sheet = page.locator("dialog[open]")
    expect(sheet.locator(".sheet__title")).to_be_visible()
    return sheet


@pytest.mark.parametrize("locale", ["en", "he"])
def test_bottom_sheet_closes_on_a_finger_swipe_down(new_page, server_url, locale):
    page = _open_home(new_page, server_url, locale)
    sheet = _open_sheet(page, "header button.language-picker")
    box = sheet.locator(".sheet__title").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    swipe(page, x, y, 0, 200)
    expect(sheet).to_have_count(0)
    sheet = _open_sheet(page, "header button.language-picker")
    swipe(page, x, y, 0, -150)  # up: stays open
    expect(sheet).to_be_visible()


@pytest.mark.parametrize("locale,outward", [("en", -150), ("he", 150)])
def test_side_sheet_closes_on_a_finger_swipe_towards_its_edge(
    new_page, server_url, locale, outward
):
    page = _open_home(new_page, server_url, locale)
    sheet = _open_sheet(page, "header button.menu-button")
    box = sheet.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6
    swipe(page, x, y, -outward, 0)  # away from its edge: stays open
    expect(sheet).to_be_visible()
    swipe(page, x, y, outward, 0)
    expect(sheet).to_have_count(0)


def test_a_long_sheet_scrolls_under_a_finger_and_closes_from_its_top(new_page, server_url):
    page = _open_home(new_page, server_url, "en")
    sheet = _open_sheet(page, "header button.currency-picker")
    assert sheet.evaluate("(el) => el.scrollHeight > el.clientHeight")  # a long list
    box = sheet.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.7
    swipe(page, x, y, 0, -300)  # the finger pushes the list up: it scrolls
    scrolled = sheet.evaluate("(el) => el.scrollTop")
    assert scrolled > 100
    swipe(page, x, y - 200, 0, 150)  # and pulls it back down a little: it scrolls back
    expect(sheet).to_be_visible()
    assert 0 < sheet.evaluate("(el) => el.scrollTop") < scrolled
    sheet.evaluate("(el) => el.scrollTo(0, 0)")
    swipe(page, x, box["y"] + 100, 0, 200)  # at its top, a swipe down closes it
    expect(sheet).to_have_count(0)
