"""Logging in, failing, registering and logging out, as a visitor does it in Chromium: the
login page without JavaScript, and the header's login modal with the keyboard only."""

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.sandbox.views import messages as provider_messages
from tests.e2e.helpers import mounted, open_dialog_with_keyboard, tab_to

pytestmark = pytest.mark.usefixtures("demo_data")


def _open_login_from(page, server_url, path):
    """Without JavaScript the header's Login is a link to the login page."""
    page.goto(f"{server_url}{path}")
    page.locator('header [data-link="login"]').click()
    page.wait_for_url("**/login?next=*")


def _login_modal(page, server_url, path):
    page.goto(f"{server_url}{path}")
    mounted(page, "Header")
    return open_dialog_with_keyboard(page, page.locator('header [data-link="login"]'))


def _account_menu(page):
    mounted(page, "Header")
    tab_to(page, page.locator("header .account-menu button.chip"))
    page.keyboard.press("Enter")
    panel = page.locator("header .account-menu .dropdown__panel")
    panel.wait_for()
    return panel


@pytest.mark.parametrize("locale,scheme,width", [("de", "light", 1280), ("he", "dark", 375)])
def test_log_in_with_the_modal_and_stay_on_the_same_page(
    new_page, server_url, locale, scheme, width
):
    page = new_page(width=width, color_scheme=scheme)
    page.context.add_cookies([{"name": "priceDisplay", "value": "gross", "url": server_url}])
    dialog = _login_modal(page, server_url, f"/{locale}/hotels?currency=EUR")
    email = dialog.get_by_label(translate("auth.email", locale))
    assert page.evaluate("(el) => document.activeElement === el", email.element_handle())
    page.keyboard.type("agent@example.com")
    page.keyboard.press("Tab")
    page.keyboard.type(DEMO_PASSWORD)
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server_url}/{locale}/hotels?currency=EUR")
    panel = _account_menu(page)
    assert panel.locator('[data-link="dashboard"]').is_visible()
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies["priceDisplay"] == "net"


def test_a_login_in_another_tab_does_not_break_the_modal(new_page, server_url):
    """Logging in rotates Django's CSRF token; a tab opened before must still log in."""
    first = new_page()
    second = first.context.new_page()
    for page in (first, second):
        page.goto(f"{server_url}/hotels")
        mounted(page, "Header")
    for page in (first, second):
        dialog = open_dialog_with_keyboard(page, page.locator('header [data-link="login"]'))
        dialog.get_by_label("Email").fill("traveller@example.com")
        dialog.get_by_label("Password", exact=True).fill(DEMO_PASSWORD)
        with page.expect_navigation(url=f"{server_url}/hotels"):
            page.keyboard.press("Enter")
        assert page.locator("header .account-menu").is_visible()


def test_both_theme_toggles_show_one_mode(new_page, server_url):
    page = new_page(color_scheme="light")
    _login_modal(page, server_url, "/hotels")
    page.keyboard.type("traveller@example.com")
    page.keyboard.press("Tab")
    page.keyboard.type(DEMO_PASSWORD)
    with page.expect_navigation():
        page.keyboard.press("Enter")
    panel = _account_menu(page)
    panel.locator("button.theme-toggle").click()
    bar = page.locator("header .site-header__end > button.theme-toggle")
    assert page.locator("html").get_attribute("data-theme") == "light"
    assert bar.get_attribute("data-mode") == "light"
    assert panel.locator("button.theme-toggle").get_attribute("data-mode") == "light"


def test_modal_shows_loading_then_the_providers_error_under_the_field(new_page, server_url):
    page = new_page()
    held = []
    page.route("**/de/login", lambda route: held.append(route))
    dialog = _login_modal(page, server_url, "/de/hotels")
    page.keyboard.type("agent@example.com")
    page.keyboard.press("Tab")
    page.keyboard.type("falsch")
    page.keyboard.press("Enter")
    submit = dialog.locator("button[type=submit]")
    page.wait_for_function("() => document.querySelector('dialog[open] form[aria-busy=true]')")
    assert submit.is_disabled()
    assert submit.inner_text() == translate("auth.submitting", "de")
    for _ in range(500):  # the request was made (the form is busy): its handler runs at once
        if held:
            break
        page.wait_for_timeout(20)
    assert held, "the login request never reached the route handler"
    held[0].continue_()
    error = dialog.locator("#login-modal-email-error")
    error.wait_for()
    assert error.inner_text() == provider_messages()["de"]["bad_credentials"]
    email = dialog.get_by_label(translate("auth.email", "de"))
    assert email.get_attribute("aria-invalid") == "true"
    assert email.input_value() == "agent@example.com"
    assert page.evaluate("(el) => document.activeElement === el", email.element_handle())
    assert submit.inner_text() == translate("auth.submit_login", "de")


def test_modal_register_mode_checks_every_field(new_page, server_url):
    page = new_page(width=375)
    dialog = _login_modal(page, server_url, "/he/")
    tab_to(page, dialog.get_by_role("button", name=translate("auth.to_register", "he")))
    page.keyboard.press("Enter")
    name = dialog.get_by_label(translate("auth.name", "he"))
    name.wait_for()
    assert page.get_by_role("dialog", name=translate("auth.register_title", "he")).is_visible()
    assert page.evaluate("(el) => document.activeElement === el", name.element_handle())
    page.keyboard.type("נינה")
    tab_to(page, dialog.get_by_role("button", name=translate("auth.submit_register", "he")))
    page.keyboard.press("Enter")
    error = dialog.locator("#login-modal-name-error")
    error.wait_for()
    assert error.inner_text() == translate("auth.name_english", "he")
    assert dialog.locator("#login-modal-email-error").inner_text() == translate(
        "auth.email_required", "he"
    )
    assert dialog.locator("#login-modal-password_confirmation-error").inner_text() == translate(
        "auth.confirmation_required", "he"
    )
    assert dialog.get_by_role("alert").inner_text() == translate("auth.error_summary", "he")


def test_wrong_password_shows_the_providers_message_in_german(new_page, server_url):
    page = new_page(java_script_enabled=False)
    _open_login_from(page, server_url, "/de/hotels")
    page.get_by_label("E-Mail").fill("agent@example.com")
    page.get_by_label("Passwort", exact=True).fill("falsch")
    page.get_by_role("button", name=translate("auth.submit_login", "de")).click()
    error = page.locator("#auth-email-error")
    assert error.inner_text() == provider_messages()["de"]["bad_credentials"]
    assert page.get_by_label("E-Mail").input_value() == "agent@example.com"
    assert page.get_by_label("E-Mail").get_attribute("aria-invalid") == "true"


def test_register_with_a_mismatched_confirmation(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/login")
    page.get_by_role("link", name=translate("auth.to_register", "en")).click()
    page.get_by_label("Full name").fill("Nina Novak")
    page.get_by_label("Email").fill("nina@example.com")
    page.get_by_label("Password", exact=True).fill("long-enough-1")
    page.get_by_label("Confirm password").fill("long-enough-2")
    page.get_by_role("button", name="Create account").click()
    assert (
        page.locator("#auth-password-error").inner_text()
        == provider_messages()["en"]["password_mismatch"]
    )


def test_logout_asks_for_confirmation(new_page, server_url):
    page = new_page(width=375)
    page.goto(f"{server_url}/he/login?next=/he/hotels")
    page.locator("#auth-email").fill("traveller@example.com")
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    page.locator(".auth-form button[type=submit]").click()
    page.wait_for_url(f"{server_url}/he/hotels")
    panel = _account_menu(page)
    tab_to(page, panel.locator('[data-link="logout"]'))
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=translate("account.logout", "he"))
    dialog.wait_for()
    assert dialog.get_by_text(translate("auth.logout_question", "he")).is_visible()
    page.keyboard.press("Escape")  # not now
    account_button = page.locator("header .account-menu button.chip")
    assert page.evaluate("(el) => document.activeElement === el", account_button.element_handle())
    assert page.locator('header [data-link="login"]').count() == 0
    panel = _account_menu(page)
    tab_to(page, panel.locator('[data-link="logout"]'))
    page.keyboard.press("Enter")
    tab_to(page, dialog.get_by_role("button", name=translate("auth.logout_confirm", "he")))
    with page.expect_navigation(url=f"{server_url}/he/hotels"):
        page.keyboard.press("Enter")
    assert page.locator('header [data-link="login"]').is_visible()


def test_logout_asks_for_confirmation_without_javascript(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/login?next=/hotels")
    page.locator("#auth-email").fill("traveller@example.com")
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    page.locator(".auth-form button[type=submit]").click()
    page.wait_for_url(f"{server_url}/hotels")
    page.locator("details.account-menu > summary").click()
    page.locator('[data-link="logout"]').click()
    assert page.locator("h1").inner_text() == translate("auth.logout_question", "en")
    page.get_by_role("button", name=translate("auth.logout_confirm", "en")).click()
    page.wait_for_url(f"{server_url}/hotels")
    assert page.locator('header [data-link="login"]').is_visible()
