"""After the booking, as a person goes through it in Chromium (issue 34): My Reservations and one
reservation in en, he, ja and de on a desktop and a phone, light and dark (in the page's language
and direction, nothing running off the screen, axe finding nothing); and a guest without
JavaScript who finds a booking by reference and email and cancels it after reading the penalty.
(Booking then seeing it in the account is the checkout journey's last step,
tests/e2e/test_checkout_journey.py.)

``RESERVATION_SHOTS=/some/dir`` keeps a screenshot of each page (for a person to look at)."""

import os
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from storefront.catalog.formatting import format_money
from storefront.i18n.catalog import translate
from storefront.sandbox.models import Account, Booking
from tests.e2e.helpers import LOOKS, axe_violations, log_in
from tests.sandbox.bookings import write_booking

SHOTS = os.environ.get("RESERVATION_SHOTS")


def _shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _prefix(code):
    return "" if code == "en" else f"/{code}"


def _looks_right(page, code, width):
    html = page.locator("html")
    expect(html).to_have_attribute("lang", code)
    expect(html).to_have_attribute("dir", "rtl" if code in ("he", "ar") else "ltr")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert axe_violations(page) == []


@pytest.mark.parametrize(("code", "width", "scheme"), LOOKS)
def test_my_reservations_and_one_reservation_in_four_languages(
    new_page, server_url, demo_bookings, code, width, scheme
):
    size = {"width": width, "height": 900}
    if width < 640:
        size = {"width": width, "height": 812, "has_touch": True, "is_mobile": True}
    page = new_page(color_scheme=scheme, bypass_csp=True, **size)
    log_in(page, server_url, "traveller@example.com")
    page.goto(f"{server_url}{_prefix(code)}/account/reservations")
    cards = page.locator(".reservation-card")
    expect(cards).to_have_count(2)
    expect(cards.first).to_contain_text(translate("reservations.status.confirmed", code))
    _looks_right(page, code, width)
    _shot(page, f"list-{code}-{width}-{scheme}")
    with page.expect_navigation():
        cards.filter(has_text="TN-TESS2A").locator(".reservation-card__open").click()
    expect(page.locator(".reservation")).to_contain_text("TN-TESS2A")
    booked = next(b for b in demo_bookings if b.reference == "TN-TESS2A")
    refund = format_money(booked.total_paid, booked.currency, code)
    expect(page.locator(".reservation__quote")).to_have_text(
        translate("reservations.cancel.free", code, refund=refund)
    )
    _looks_right(page, code, width)
    _shot(page, f"detail-{code}-{width}-{scheme}")
    with page.expect_navigation():
        page.get_by_role("link", name=translate("reservations.cancel.start", code)).click()
    expect(page.locator(".reservation__confirm")).to_be_visible()
    _looks_right(page, code, width)
    _shot(page, f"confirm-{code}-{width}-{scheme}")


def test_a_guest_without_javascript_finds_the_booking_and_cancels_after_the_penalty(
    new_page, server_url, demo_bookings
):
    me = Account.objects.get(email="traveller@example.com")
    booking = write_booking(
        starts=1, total="900.00", nights=3, account=me, email="traveller@example.com"
    )
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/he/reservation")
    # A wrong email first: the one answer whichever was wrong, announced.
    page.locator("#lookup-reference").fill(booking.reference.lower())
    page.locator("#lookup-email").fill("someone@example.com")
    with page.expect_navigation():
        page.locator(".reservation__lookup button[type=submit]").click()
    expect(page.locator("#lookup-error")).to_have_text(
        translate("reservations.lookup.not_found", "he")
    )
    _shot(page, "lookup-error-he")
    page.locator("#lookup-email").fill("Traveller@example.com")
    with page.expect_navigation():
        page.locator(".reservation__lookup button[type=submit]").click()
    expect(page.locator(".reservation")).to_contain_text(booking.reference)
    assert booking.reference not in page.url
    quote = page.locator(".reservation__quote")
    expect(quote).to_contain_text("300")  # the hotel keeps the first night, said before
    with page.expect_navigation():
        page.get_by_role("link", name=translate("reservations.cancel.start", "he")).click()
    _shot(page, "lookup-confirm-he")
    with page.expect_navigation():
        page.get_by_role("button", name=translate("reservations.cancel.confirm", "he")).click()
    expect(page.locator(".notice--success")).to_be_visible()
    expect(page.locator(".badge--cancelled")).to_have_text(
        translate("reservations.status.cancelled", "he")
    )
    booking.refresh_from_db()
    assert booking.status == Booking.CANCELLED and booking.penalty == Decimal("300.00")
