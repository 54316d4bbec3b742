"""The provider's hosted payment page in Chromium (the sandbox's own origin, its own policy): a
traveller types a test card with the keyboard in en and he, at desktop and phone widths, the
number grouped as typed, and lands back at the shop with a signed success; errors take the focus
and axe finds nothing; the 3-D Secure challenge answers with a button."""

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from storefront.sandbox.models import Booking, Charge
from tests.e2e.helpers import axe_violations, tab_to
from tests.sandbox.payments import Api


class _Shop(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        self.wfile.write(b"<!doctype html><title>Shop</title><p>Back at the shop</p>")

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def shop():
    """The shop's return address: a server of its own (another origin than the provider's)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Shop)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def _payment(sandbox_url, shop, locale):
    return Api(sandbox_url).paid_for(locale=locale, return_url=f"{shop}/transaction/t1/return")


def _query(url):
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


@pytest.mark.parametrize("locale", ["en", "he"])
@pytest.mark.parametrize("width", [1280, 375])
def test_a_card_typed_with_the_keyboard_pays_and_returns(
    new_page, sandbox_url, shop, locale, width
):
    payment = _payment(sandbox_url, shop, locale)
    page = new_page(width=width)
    problems = []
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.goto(payment["url"])
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if locale == "he" else "ltr")
    # Its own stylesheet and script, admitted by its own policy.
    button = page.locator("[data-pay-button]")
    assert button.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(31, 58, 138)"
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing overflows
    number = page.locator("#number")
    tab_to(page, number)
    page.keyboard.type("4242424242424242")
    expect(number).to_have_value("4242 4242 4242 4242")
    expect(page.locator(".brand--visa")).to_have_class(re.compile("is-detected"))
    page.keyboard.press("Tab")
    page.keyboard.type("1230")
    expect(page.locator("#expiry")).to_have_value("12/30")
    page.keyboard.press("Tab")
    page.keyboard.type("123")
    page.keyboard.press("Tab")
    page.keyboard.type("Ada Lovelace")
    with page.expect_navigation(url=re.compile(re.escape(shop))):
        page.keyboard.press("Enter")
    back = _query(page.url)
    assert back["status"] == "succeeded" and back["payment_id"] == payment["id"]
    assert problems == []
    assert Booking.objects.filter(payment__public_id=payment["id"]).count() == 1
    assert Charge.objects.filter(payment__public_id=payment["id"]).count() == 1


@pytest.mark.parametrize(("locale", "width"), [("en", 1280), ("he", 375)])
def test_errors_take_the_focus_and_axe_finds_nothing(new_page, sandbox_url, shop, locale, width):
    payment = _payment(sandbox_url, shop, locale)
    page = new_page(width=width, bypass_csp=True)
    page.goto(payment["url"])
    assert axe_violations(page) == []
    page.locator("#number").fill("4242 4242 4242 4241")
    page.locator("[data-pay-button]").click()
    summary = page.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(page.locator("#number")).to_have_attribute("aria-invalid", "true")
    assert page.locator(".field__error").count() == 4
    assert axe_violations(page) == []
    summary.locator("a[href='#expiry']").click()  # the summary leads to its field
    expect(page.locator("#expiry")).to_be_focused()


def test_a_3d_secure_challenge_is_answered_with_a_button(new_page, sandbox_url, shop):
    payment = _payment(sandbox_url, shop, "en")
    page = new_page(width=1280)
    page.goto(payment["url"])
    page.locator("#number").fill("4000 0000 0000 3220")
    page.locator("#expiry").fill("12/30")
    page.locator("#cvc").fill("123")
    page.locator("#name").fill("Ada Lovelace")
    page.locator("[data-pay-button]").click()
    page.wait_for_url("**/challenge")
    expect(page.locator("h1")).to_have_text("Confirm it's you")
    with page.expect_navigation(url=re.compile(re.escape(shop))):
        page.get_by_role("button", name="Authorize payment").click()
    assert _query(page.url)["status"] == "succeeded"
