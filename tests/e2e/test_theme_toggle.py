"""The colour-theme toggle: cycles system -> light -> dark -> system, persists, no flash."""

from tests.e2e.helpers import tab_to


def test_theme_toggle_cycles_and_persists(new_page, server_url):
    page = new_page(color_scheme="light")
    page.goto(f"{server_url}/")
    island = page.locator('[data-island="Header"][data-mounted="true"]')
    button = island.locator("button.theme-toggle")
    html = page.locator("html")
    assert html.get_attribute("data-theme") == "system"

    seen = []
    for _ in range(3):
        button.click()
        seen.append(html.get_attribute("data-theme"))
        stored = page.evaluate("() => JSON.parse(localStorage.getItem('color-mode'))")
        assert stored == seen[-1]
    assert seen == ["light", "dark", "system"]

    button.click()  # -> light, then -> dark
    button.click()
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
    page.locator('[data-island="Header"][data-mounted="true"]').wait_for()
    tab_to(page, page.locator("header button.theme-toggle"))
    page.keyboard.press("Enter")
    assert page.locator("html").get_attribute("data-theme") == "light"
