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
