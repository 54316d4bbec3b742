"""The colour-theme toggle: cycles system -> light -> dark -> system, persists, no flash."""

from playwright.sync_api import expect

from tests.e2e.helpers import tab_to


def test_theme_toggle_cycles_and_persists(new_page, server_url):
    page = new_page(color_scheme="light")
    page.goto(f"{server_url}/")
    # The first click lands on the server's control: the island, loading, carries it out.
    button = page.locator("header .theme-toggle")
    html = page.locator("html")
    assert html.get_attribute("data-theme") == "system"

    for mode in ["light", "dark", "system"]:
        button.click()
        expect(html).to_have_attribute("data-theme", mode)
        stored = page.evaluate("() => JSON.parse(localStorage.getItem('color-mode'))")
        assert stored == mode
    assert page.url == f"{server_url}/"  # in place: not the no-JS control's round trip

    button.click()  # -> light, then -> dark
    button.click()
    expect(html).to_have_attribute("data-theme", "dark")
    label = button.get_attribute("aria-label")
    assert label == "Colour theme: Dark theme. Switch to System theme."
    page.reload()
    # The server renders the stored choice: no flash of the wrong theme before JS runs.
    assert page.locator("html").get_attribute("data-theme") == "dark"
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(11, 18, 38)"


def test_theme_control_works_without_javascript(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/de/hotels")
    page.locator(".theme-toggle").first.click()
    page.wait_for_url(f"{server_url}/de/hotels")
    assert page.locator("html").get_attribute("data-theme") == "light"


def test_island_is_keyboard_operable(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/")
    # Tabbing into the header loads its island; the focus stays on the control it reached.
    tab_to(page, page.locator("header button.theme-toggle"))
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("data-theme", "light")
