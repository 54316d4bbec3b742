"""The contact form as a visitor uses it (issue 35, item 4): without JavaScript on a phone in
English and Hebrew, errors first, then sent; and axe on each of its states."""

import re

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.models import SupportMessage
from storefront.support.models import ContactMessage
from tests.e2e.helpers import axe_violations


@pytest.mark.parametrize("code,prefix", [("en", ""), ("he", "/he")])
def test_the_form_works_without_javascript_on_a_phone(new_page, server_url, code, prefix):
    page = new_page(width=375, height=800, java_script_enabled=False)
    page.goto(f"{server_url}{prefix}/contact-support")
    assert page.locator("html").get_attribute("dir") == ("rtl" if code == "he" else "ltr")
    page.get_by_role("button", name=translate("support.submit", code)).click()
    # Sent empty: the summary has the focus and names every field to fix, each under its own.
    summary = page.locator("#contact-errors")
    assert summary.evaluate("element => element === document.activeElement")
    assert summary.locator("li").count() == 4  # name, email, topic, message: reference is optional
    name = page.locator("#contact-name")
    assert name.get_attribute("aria-invalid") == "true"
    assert page.locator("#contact-name-error").inner_text() == translate(
        "support.errors.name_required", code
    )
    summary.locator("a").first.click()  # the summary's first link: its field has the focus
    assert name.evaluate("element => element === document.activeElement")
    # Nothing overflows the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375

    name.fill("Noa Bar")
    page.locator("#contact-email").fill("noa@example.com")
    page.locator("#contact-topic").select_option("payment")
    page.locator("#contact-reference").fill("TN-TESS2A")
    page.locator("#contact-message").fill(
        "המחיר חויב פעמיים." if code == "he" else "Charged twice."
    )
    page.get_by_role("button", name=translate("support.submit", code)).click()
    page.wait_for_url(re.compile(r"\?sent=1$"))
    assert translate("support.sent_title", code) in page.locator("main").inner_text()
    message = ContactMessage.objects.get()
    assert (message.status, message.locale, message.topic) == ("sent", code, "payment")
    assert SupportMessage.objects.filter(key=message.key).count() == 1
    page.reload()  # a reload of the confirmation sends nothing again
    assert ContactMessage.objects.count() == 1


@pytest.mark.parametrize("prefix,scheme,width", [("", "light", 1280), ("/he", "dark", 375)])
def test_no_axe_violations_on_the_form_its_errors_and_its_confirmation(
    new_page, server_url, prefix, scheme, width
):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}{prefix}/contact-support")
    problems = {"form": axe_violations(page)}
    page.locator(".contact-form button[type=submit]").click()
    page.wait_for_selector("#contact-errors")
    problems["errors"] = axe_violations(page)
    page.goto(f"{server_url}{prefix}/contact-support?sent=1")
    problems["sent"] = axe_violations(page)
    assert problems == {"form": [], "errors": [], "sent": []}
