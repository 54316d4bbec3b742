"""A hotel's rooms and rates in the browser: the rooms for the stay in the query, room areas
following the visitor's area unit (1 sq ft = 0.09290304 m², whole numbers), the taxes and fees
opened by keyboard, axe clean, in en on a desktop (light) and he on a phone (dark)."""

from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from tests.e2e.helpers import axe_violations, mounted, tab_to
from tests.stays import open_stay, sells

pytestmark = pytest.mark.usefixtures("demo_data")

HOTEL = "/hotels/spain/barcelona/metropole-sands"


@pytest.mark.parametrize("code,width,scheme", [("en", 1280, "light"), ("he", 375, "dark")])
def test_rooms_follow_the_area_unit_and_open_their_taxes(new_page, server_url, code, width, scheme):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    check_in, check_out = open_stay(HOTEL, after=30, nights=2)
    prefix = "" if code == "en" else f"/{code}"
    page.goto(f"{server_url}{prefix}{HOTEL}?check_in={check_in}&check_out={check_out}&guests=2")
    rooms = page.locator(".room-card")
    assert rooms.count() >= 2
    area = rooms.first.locator("[data-area-m]")
    metres = int(area.get_attribute("data-area-m"))
    assert area.inner_text().startswith(str(metres))

    toggle = mounted(page, "UnitToggle").get_by_role("button")
    toggle.click()
    feet = round(metres / 0.09290304)
    assert area.inner_text().replace(",", "").startswith(str(feet))
    assert translate("unit.short_f", code) in area.inner_text() or "ft²" in area.inner_text()

    summary = rooms.first.locator(".offer__items summary").first
    tab_to(page, summary)
    page.keyboard.press("Enter")
    items = rooms.first.locator(".offer__items").first.locator("li")
    assert items.count() >= 1 and items.first.is_visible()
    assert axe_violations(page) == []


def test_dates_chosen_on_the_hotel_page_show_its_rooms(new_page, server_url):
    """Without JavaScript: the hotel's own date form, filled in, brings back the same hotel with
    its rooms for that stay."""
    page = new_page(width=375, java_script_enabled=False)
    page.goto(f"{server_url}/ja{HOTEL}")
    check_in, check_out = open_stay(HOTEL, after=20, nights=4)
    page.locator("#hotel-check-in").fill(check_in.isoformat())
    page.locator("#hotel-check-out").fill(check_out.isoformat())
    with page.expect_navigation():
        page.locator(".hotel-rooms__dates button[type=submit]").click()
    assert f"/ja{HOTEL}?" in page.url
    assert f"check_in={check_in.isoformat()}" in page.url
    assert page.locator(".room-card").count() >= 2
    total = page.locator(".offer__total").first.inner_text()
    words = translate("results.total", "ja", price="\0", count=4).split("\0")
    assert all(part.strip() in total for part in words), (words, total)  # "4泊の合計：…"


@pytest.mark.parametrize("code,width,scheme", [("he", 375, "dark"), ("de", 1280, "light")])
def test_dates_chosen_with_the_search_boxs_picker(new_page, server_url, code, width, scheme):
    """With JavaScript the hotel's date form has the search box's date picker; the stay
    chosen there brings back the same hotel with its rooms, the guests kept."""
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}/{code}{HOTEL}?guests=2-7")
    form = mounted(page, "StayDates")
    form.locator("#hotel-check-in").click()
    picker = page.locator("dialog[open]")
    # Two days the picker offers (its window starts on the later of the server's and the
    # browser's today), two nights apart, for which the hotel sells two rooms to the guests.
    days = picker.locator("[data-date]:not([aria-disabled])")
    days.nth(3).wait_for()
    offered = [
        date.fromisoformat(d) for d in days.evaluate_all("ds => ds.map(d => d.dataset.date)")
    ]
    check_in = next(
        day
        for day in offered[1:]
        if day + timedelta(days=2) in offered
        and sells(HOTEL, day, day + timedelta(days=2), ((2, (7,)),))
    )
    check_in, check_out = check_in.isoformat(), (check_in + timedelta(days=2)).isoformat()
    picker.locator(f'[data-date="{check_in}"]').click()
    picker.locator(f'[data-date="{check_out}"]').click()
    picker.get_by_role("button", name=translate("picker.done", code)).click()
    expect(picker).to_have_count(0)
    with page.expect_navigation():
        form.get_by_role("button", name=translate("results.see_rooms", code)).click()
    assert f"check_in={check_in}" in page.url and f"check_out={check_out}" in page.url
    assert "guests=2-7" in page.url
    assert page.locator(".room-card").count() >= 2
    assert axe_violations(page) == []
