"""Favorites in the browser (issue 13, item 4): the toggle on a results card and on the hotel
page keeps the hotel at once (aria-pressed, a toast in the visitor's words), /favorites lists the
browser's after a reload with current prices for the dates given, removes one and all; at login
they move into the account, where another browser finds them. axe finds nothing."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.search.query import today
from tests.e2e.helpers import axe_violations, mounted, tab_to

pytestmark = pytest.mark.usefixtures("demo_data")

CHECK_IN = today() + timedelta(days=25)
DATES = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=2)}"


def names(page):
    return page.locator(".hotel-card__name").all_inner_texts()


@pytest.mark.parametrize(
    "code,width,scheme", [("en", 1280, "light"), ("he", 375, "dark"), ("ja", 375, "light")]
)
def test_favorites_from_cards_and_the_hotel_page(new_page, server_url, code, width, scheme):
    prefix = "" if code == "en" else f"/{code}"
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}{prefix}/hotels/search?place=2002&{DATES}")
    mounted(page, "Header")
    cards = page.locator(".hotel-card")
    first = cards.nth(0).locator(".hotel-card__name").inner_text()
    toggle = cards.nth(0).get_by_role(
        "button", name=translate("favorites.toggle", code, hotel=first)
    )
    # Its island loads when the pointer or the focus first comes to it: loaded before the Tab
    # walk, its swap of the button cannot send a walk on past it on a busy machine.
    island = cards.nth(0).locator('[data-island="FavoriteToggle"]')
    island.hover()
    expect(island).to_have_attribute("data-mounted", "true")
    tab_to(page, toggle)  # by keyboard
    page.keyboard.press("Enter")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".toast").last).to_have_text(
        re.compile(re.escape(translate("favorites.saved", code, hotel=first)))
    )
    assert axe_violations(page) == []

    # The second hotel, from its own page.
    second = cards.nth(1).locator(".hotel-card__name").inner_text()
    cards.nth(1).locator(".hotel-card__name a").click()
    page.wait_for_url(re.compile(r"/hotels/spain/barcelona/"))
    heart = page.locator(".hotel-summary__title").get_by_role(
        "button", name=translate("favorites.toggle", code, hotel=second)
    )
    expect(heart).to_have_attribute("aria-pressed", "false")
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")

    # /favorites after a reload: both, the newest first, with prices for the dates.
    page.goto(f"{server_url}{prefix}/favorites?{DATES}")
    page.wait_for_url(re.compile(r"hotels="))
    mounted(page, "Favorites")
    page.reload()
    expect(page.locator(".hotel-card")).to_have_count(2)
    assert names(page) == [second, first]
    expect(page.locator(".hotel-card__nightly").first).to_be_visible()
    assert axe_violations(page) == []

    # Remove one with its toggle: the list follows.
    page.locator(".hotel-card").first.get_by_role("button", name=re.compile(".")).first.click()
    expect(page.locator(".hotel-card")).to_have_count(1)
    assert names(page) == [first]
    # Remove all.
    page.get_by_role("button", name=translate("favorites.clear", code)).click()
    expect(page.locator(".favorites__empty")).to_have_text(translate("favorites.empty", code))
    assert page.evaluate("localStorage.getItem('favorites')") == "[]"


def test_at_login_the_browsers_favorites_move_into_the_account(new_page, server_url):
    page = new_page(width=1280, color_scheme="dark", bypass_csp=True)
    page.goto(f"{server_url}/de/hotels/search?place=2002&{DATES}")
    mounted(page, "Header")
    card = page.locator(".hotel-card").first
    kept = card.locator(".hotel-card__name").inner_text()
    card.locator(".favorite").click()
    expect(card.locator(".favorite")).to_have_attribute("aria-pressed", "true")

    page.goto(f"{server_url}/de/login")
    page.locator("#auth-email").fill("traveller@example.com")
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    with page.expect_navigation():
        page.locator("#auth-password").press("Enter")
    mounted(page, "Header")
    page.wait_for_function("() => JSON.parse(localStorage.favorites || '[]').length === 0")

    other = new_page(width=375, color_scheme="light", bypass_csp=True)
    other.goto(f"{server_url}/de/login")
    other.locator("#auth-email").fill("traveller@example.com")
    other.locator("#auth-password").fill(DEMO_PASSWORD)
    with other.expect_navigation():
        other.locator("#auth-password").press("Enter")
    other.goto(f"{server_url}/de/favorites")
    assert names(other) == [kept]
    # The account's toggle on the hotel's card shows it kept, and a click drops it for good.
    other.goto(f"{server_url}/de/hotels/search?place=2002&{DATES}")
    mounted(other, "Header")
    toggle = other.locator(".hotel-card").first.locator("[data-mounted] .favorite")
    expect(toggle).to_have_attribute("aria-pressed", "true")
    # The toggle answers at once (optimistic); the account's list changes when its call has.
    with other.expect_response(lambda response: response.url.endswith("/favorites/toggle")):
        toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    other.goto(f"{server_url}/de/favorites")
    expect(other.locator(".favorites__empty")).to_have_text(translate("favorites.empty", "de"))
    assert axe_violations(other) == []
