"""Logging in, failing, registering and logging out, as a visitor does it in Chromium."""

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD

pytestmark = pytest.mark.usefixtures("demo_data")


def _open_login_from(page, server_url, path):
    page.goto(f"{server_url}{path}")
    page.locator('header [data-link="login"]').click()
    page.wait_for_url("**/login?next=*")


def test_log_in_and_land_back_on_the_same_page(new_page, server_url):
    page = new_page()
    _open_login_from(page, server_url, "/de/hotels?currency=EUR")
    page.get_by_label("E-Mail").fill("agent@example.com")
    page.get_by_label("Passwort", exact=True).fill(DEMO_PASSWORD)
    page.get_by_role("button", name=translate("auth.submit_login", "de")).click()
    page.wait_for_url(f"{server_url}/de/hotels?currency=EUR")
    page.locator("details.account-menu > summary").click()
    assert page.locator('[data-link="dashboard"]').is_visible()


def test_wrong_password_shows_the_providers_message_in_german(new_page, server_url):
    page = new_page(java_script_enabled=False)
    _open_login_from(page, server_url, "/de/hotels")
    page.get_by_label("E-Mail").fill("agent@example.com")
    page.get_by_label("Passwort", exact=True).fill("falsch")
    page.get_by_role("button", name=translate("auth.submit_login", "de")).click()
    error = page.locator("#auth-email-error")
    assert error.inner_text() == translate("provider.bad_credentials", "de")
    assert page.get_by_label("E-Mail").input_value() == "agent@example.com"
    assert page.get_by_label("E-Mail").get_attribute("aria-invalid") == "true"


def test_register_with_a_mismatched_confirmation(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/login")
    page.get_by_role("link", name=translate("auth.to_register", "en")).click()
    page.get_by_label("Full name").fill("Nina Novak")
    page.get_by_label("Email").fill("nina@example.com")
    page.get_by_label("Password", exact=True).fill("long-enough-1")
    page.get_by_label("Confirm password").fill("long-enough-2")
    page.get_by_role("button", name="Create account").click()
    assert page.locator("#auth-password-error").inner_text() == translate(
        "provider.password_mismatch", "en"
    )


def test_logout_asks_for_confirmation(new_page, server_url):
    page = new_page(width=375)
    page.goto(f"{server_url}/he/login?next=/he/hotels")
    page.locator("#auth-email").fill("traveller@example.com")
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    page.locator(".auth-form button[type=submit]").click()
    page.wait_for_url(f"{server_url}/he/hotels")
    page.locator("details.account-menu > summary").click()
    page.locator('[data-link="logout"]').click()
    assert page.locator("h1").inner_text() == translate("auth.logout_question", "he")
    page.get_by_role("button", name=translate("auth.logout_confirm", "he")).click()
    page.wait_for_url(f"{server_url}/he/hotels")
    assert page.locator('header [data-link="login"]').is_visible()
