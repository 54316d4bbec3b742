"""The agents' dashboard in Chromium: an agent logs in, searches a guest, opens the booking and
comes back, without JavaScript, on a phone and on a desktop, left to right and right to left;
the table fits the width it has (a phone shows each booking as a card)."""

import re

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD

pytestmark = pytest.mark.usefixtures("demo_bookings")

FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


def _log_in(page, server_url, prefix, email):
    page.goto(f"{server_url}{prefix}/login?next={prefix}/dashboard/bookings")
    page.locator("#auth-email").fill(email)
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    page.locator("#auth-password").press("Enter")
    page.wait_for_url(re.compile(r".*/dashboard/bookings$"))


@pytest.mark.parametrize(
    "locale,prefix,scheme,width",
    [("en", "", "light", 1280), ("he", "/he", "dark", 375), ("ja", "/ja", "light", 375)],
)
def test_an_agent_finds_a_guest_and_opens_the_booking_without_javascript(
    new_page, server_url, locale, prefix, scheme, width
):
    page = new_page(width=width, color_scheme=scheme, java_script_enabled=False)
    _log_in(page, server_url, prefix, "agent@example.com")
    rows = page.locator(".dash-table tbody tr")
    assert rows.count() == 6
    assert page.evaluate(FITS), "the listing is wider than the screen"
    page.get_by_label(translate("dashboard.q", locale)).fill("Sato")
    page.get_by_role("button", name=translate("dashboard.apply", locale)).click()
    page.wait_for_url(re.compile(r".*q=Sato.*"))
    assert rows.count() == 1
    row = rows.first
    assert "Haruto Sato" in row.inner_text()
    assert translate("dashboard.status.confirmed", locale) in row.inner_text()
    if width < 760:  # a card: each value named by its column
        label = row.locator("td").nth(5)
        assert translate("dashboard.columns.gross", locale) in label.evaluate(
            "(el) => getComputedStyle(el, '::before').content"
        )
    row.get_by_role("link", name="TN-SUNY3B").click()
    page.wait_for_url(re.compile(r".*/dashboard/bookings/[0-9a-f-]{36}$"))
    assert page.evaluate(FITS), "the booking is wider than the screen"
    money = page.locator("#dash-money-title").locator("xpath=..")
    assert translate("dashboard.columns.commission", locale) in money.inner_text()
    page.get_by_role("link", name=translate("dashboard.back", locale)).click()
    page.wait_for_url(re.compile(r".*/dashboard/bookings$"))


def test_hotel_confirmation_number_lands_on_the_reference_search(new_page, server_url):
    page = new_page(java_script_enabled=False)
    _log_in(page, server_url, "", "agent@example.com")
    page.locator("header .account-menu summary").click()
    page.locator('header [data-link="hotel-confirmation"]').click()
    page.wait_for_url(re.compile(r".*/dashboard/bookings#find$"))
    search = page.get_by_label(translate("dashboard.q", "en"))
    assert search.evaluate("(el) => el.closest(':target') !== null")
    search.fill("TN-SUNY7F")
    search.press("Enter")
    page.wait_for_url(re.compile(r".*q=TN-SUNY7F.*"))
    assert page.locator(".dash-table tbody tr").count() == 1
