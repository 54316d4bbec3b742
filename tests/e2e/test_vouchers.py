"""Vouchers in Chromium, without JavaScript: logged in through the plain form, /vouchers shows
the voucher with its QR code, its PDF link answers a PDF, and printed (the print stylesheet) the
page is the voucher alone, black on white whatever the theme, its QR code visible."""

import io

import pypdf
import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD

pytestmark = pytest.mark.usefixtures("demo_bookings")

REFERENCE = "TN-ACME2A"


def _logged_in(new_page, server_url, code, **options):
    page = new_page(java_script_enabled=False, **options)
    prefix = "" if code == "en" else f"/{code}"
    page.goto(f"{server_url}{prefix}/vouchers")  # sent to log in, then back
    page.locator("main input[name=email]").fill("power@example.com")
    page.locator("main input[name=password]").fill(DEMO_PASSWORD)
    page.locator("main form.auth-form button[type=submit]").click()
    page.wait_for_url(f"{server_url}{prefix}/vouchers")
    return page


@pytest.mark.parametrize("code,scheme,width", [("en", "dark", 1280), ("he", "light", 375)])
def test_the_voucher_on_screen_printed_and_as_a_pdf(new_page, server_url, code, scheme, width):
    page = _logged_in(new_page, server_url, code, color_scheme=scheme, width=width)
    voucher = page.locator("article.voucher")
    assert voucher.count() == 1
    assert voucher.locator(".voucher__reference").inner_text() == REFERENCE
    qr = voucher.locator(".voucher__qr svg")
    box = qr.bounding_box()
    assert box and box["width"] >= 120 and box["height"] >= 120
    # Nothing sticks out of a phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    link = voucher.get_by_role(
        "link", name=translate("vouchers.download_label", code, reference=REFERENCE)
    )
    answer = page.request.get(server_url + link.get_attribute("href"))
    assert answer.status == 200 and answer.headers["content-type"] == "application/pdf"
    assert answer.body().startswith(b"%PDF-")

    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".site-footer").is_visible()
    assert not link.is_visible()
    assert voucher.is_visible() and qr.is_visible()
    colors = page.evaluate(
        """() => [getComputedStyle(document.body).backgroundColor,
                  getComputedStyle(document.querySelector('.voucher')).color,
                  getComputedStyle(document.querySelector('.voucher')).backgroundColor]"""
    )
    assert colors == ["rgb(255, 255, 255)", "rgb(0, 0, 0)", "rgb(255, 255, 255)"], colors
    assert page.locator(".voucher .logo__img--light").is_visible()
    assert not page.locator(".voucher .logo__img--dark").is_visible()
    printed = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4")))  # Chromium's print
    assert len(printed.pages) == 1  # the voucher on one sheet
    assert REFERENCE in printed.pages[0].extract_text()
