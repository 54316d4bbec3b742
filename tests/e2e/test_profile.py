"""The profile page in Chromium: without JavaScript, a name refused under its field in Hebrew,
then a change saved at the provider and said by the page and the header at once; with it, no
accessibility violations with or without errors."""

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.sandbox.models import Account
from tests.e2e.helpers import axe_violations

pytestmark = pytest.mark.usefixtures("demo_data")


def _log_in(page, server_url, email, next_path):
    """Through the login page, which sends the visitor on to ``next_path``."""
    page.goto(f"{server_url}/he/login?next={next_path}")
    page.locator("#auth-email").fill(email)
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    with page.expect_navigation(url=f"{server_url}{next_path}"):
        page.locator(".auth-form button[type=submit]").click()


@pytest.mark.parametrize("width", [1280, 375])
def test_change_the_name_without_javascript_in_hebrew(new_page, server_url, width):
    page = new_page(java_script_enabled=False, width=width)
    _log_in(page, server_url, "traveller@example.com", "/he/profile")
    name = page.get_by_label(translate("profile.name", "he"))
    assert name.input_value() == "Tess Traveller"
    hint = page.locator("#profile-name-hint")
    assert hint.inner_text() == translate("profile.name_hint", "he") and hint.is_visible()
    reset = page.get_by_role("link", name=translate("profile.change_password", "he"))
    assert reset.get_attribute("rel") == "noopener" and reset.is_visible()

    name.fill("עדה לאבלייס")
    page.get_by_role("button", name=translate("profile.save", "he")).click()
    error = page.locator("#profile-name-error")
    assert error.inner_text() == translate("profile.name_latin", "he") and error.is_visible()
    assert name.get_attribute("aria-invalid") == "true"
    assert Account.objects.get(email="traveller@example.com").name == "Tess Traveller"

    name.fill("Ada Lovelace")
    with page.expect_navigation(url=f"{server_url}/he/profile?saved=1"):
        page.get_by_role("button", name=translate("profile.save", "he")).click()
    assert page.get_by_role("status").inner_text() == translate("profile.saved", "he")
    assert page.locator("#profile-name-title").inner_text() == "Ada Lovelace"
    if width > 375:  # a phone's header keeps the account menu behind the menu button
        assert "Ada Lovelace" in page.locator("header .account-menu summary").inner_text()
    assert Account.objects.get(email="traveller@example.com").name == "Ada Lovelace"
    # The page fits the phone: nothing wider than the viewport.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("locale,scheme,width", [("en", "light", 1280), ("he", "dark", 375)])
def test_no_axe_violations_on_the_profile_and_its_errors(
    new_page, server_url, locale, scheme, width
):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    _log_in(page, server_url, "power@example.com", f"/{locale}/profile".replace("/en/", "/"))
    assert axe_violations(page) == []
    page.locator("#profile-name").fill("")
    page.locator("#profile-avatar").fill("not an address")
    page.locator(".profile__edit button[type=submit]").click()
    page.wait_for_selector("#profile-avatar-error")
    assert page.locator("#profile-name-error").inner_text() == translate(
        "profile.name_required", locale
    )
    assert axe_violations(page) == []
    refused = "the server responded with a status of 422"  # the page itself, said on purpose
    assert [e for e in errors if refused not in e] == []
