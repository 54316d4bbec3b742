"""Switching language works with JavaScript turned off and keeps the path and query."""


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


def test_switch_currency_without_javascript_keeps_the_query(new_page, server_url):
    from tests.e2e.helpers import open_picker

    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/de/hotels?check_in=2026-12-01")
    panel = open_picker(page, "currency")
    panel.get_by_label("Währung").select_option("GBP")
    panel.get_by_role("button").click()
    page.wait_for_url(f"{server_url}/de/hotels?check_in=2026-12-01&currency=GBP")
    assert "GBP" in page.locator("details.currency-picker > summary").inner_text()
