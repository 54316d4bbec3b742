"""Switching language keeps the path and query, with JavaScript turned off and through the
header's language dialog (whose list loads with it)."""

from playwright.sync_api import expect

from tests.e2e.helpers import mounted


def test_switch_to_hebrew_without_javascript(new_page, server_url):
    from tests.e2e.helpers import open_picker

    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/hotels?currency=EUR")
    panel = open_picker(page, "language")
    panel.get_by_role("link", name="עברית").click()
    page.wait_for_url(f"{server_url}/he/hotels?currency=EUR")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("html").get_attribute("lang") == "he"
    assert page.locator("h1").inner_text() == "מלונות"


def test_switch_to_hebrew_and_back_in_the_language_dialog(new_page, server_url):
    page = new_page(width=375)
    page.goto(f"{server_url}/de/hotels?currency=EUR")
    mounted(page, "Header")
    page.locator("header button.language-picker").click()
    dialog = page.locator("dialog[open]")
    expect(dialog.locator("[data-locale]")).to_have_count(39)
    expect(dialog.locator('[data-locale="de"]')).to_have_attribute("aria-current", "true")
    dialog.get_by_role("link", name="עברית").click()
    page.wait_for_url(f"{server_url}/he/hotels?currency=EUR")
    assert page.locator("html").get_attribute("lang") == "he"
    mounted(page, "Header")
    page.locator("header button.language-picker").click()
    page.locator("dialog[open]").get_by_role("link", name="English").click()
    page.wait_for_url(f"{server_url}/hotels?currency=EUR")
    assert page.locator("html").get_attribute("lang") == "en"
