"""Every dialog of the header and footer islands, driven with the keyboard only.

Each picker and the login modal opens with Tab + Enter, holds the focus, locks the page's
scrolling, has no axe-core violations, closes on Escape and gives the focus back: in en and he,
light and dark, desktop and a 375 px phone. Then each one is used, and the sheets' swipes and
click-outside are checked.
"""

import re

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from tests.e2e.helpers import axe_violations, mounted, open_dialog_with_keyboard, tab_to

CONTROLS = {
    "menu": ("header button.menu-button", "header.menu"),
    "currency": ("header button.currency-picker", "currency.title"),
    "language": ("header button.language-picker", "language.title"),
    "login": ("header a.login-button", "pages.login.title"),
    "country": ("footer button.country-button", "country.title"),
}
MATRIX = [
    (locale, scheme, width)
    for locale in ("en", "he")
    for scheme in ("light", "dark")
    for width in (1280, 375)
]


def _prefix(locale):
    return "" if locale == "en" else f"/{locale}"


def _open_home(new_page, server_url, locale="en", **options):
    page = new_page(**options)
    page.goto(f"{server_url}{_prefix(locale)}/")
    mounted(page, "Header")
    mounted(page, "CountryPicker")
    return page


def _open_dialogs(page):
    return page.locator("dialog[open]")


@pytest.mark.parametrize("locale,scheme,width", MATRIX)
def test_every_dialog_opens_and_closes_with_the_keyboard(
    new_page, server_url, locale, scheme, width
):
    page = _open_home(
        new_page, server_url, locale, width=width, color_scheme=scheme, bypass_csp=True
    )
    names = [name for name in CONTROLS if name != "menu" or width < 1200]
    for name in names:
        selector, title_key = CONTROLS[name]
        control = page.locator(selector)
        dialog = open_dialog_with_keyboard(page, control)
        title = translate(title_key, locale)
        assert dialog.get_attribute("aria-labelledby")
        assert page.get_by_role("dialog", name=title).is_visible(), name
        assert page.evaluate("document.activeElement.closest('dialog[open]') !== null"), name
        assert page.evaluate("document.body.classList.contains('scroll-locked')"), name
        assert axe_violations(page) == [], name
        page.keyboard.press("Escape")
        _open_dialogs(page).first.wait_for(state="detached")
        assert page.evaluate("(el) => document.activeElement === el", control.element_handle())
        expect(page.locator("body")).not_to_have_class(re.compile("scroll-locked"))


def test_dialog_code_loads_on_first_open(new_page, server_url):
    page = new_page()
    scripts = []
    page.on("request", lambda request: scripts.append(request.url.rsplit("/", 1)[-1]))
    page.goto(f"{server_url}/")
    mounted(page, "SearchBox")  # the pointer comes over the search
    loaded = {name.split("-")[0] for name in scripts if name.endswith(".js")}
    assert "SearchBox" in loaded
    assert loaded & {"Header", "CountryPicker", "UnitToggle"} == set()  # the visitor's turn
    for island in ("Header", "UnitToggle", "CountryPicker"):
        mounted(page, island)
    loaded = {name.split("-")[0] for name in scripts if name.endswith(".js")}
    assert {"Header", "CountryPicker", "UnitToggle"} <= loaded
    dialogs = {"CurrencyDialog", "LanguageDialog", "LoginDialog", "CountryDialog", "MenuSheet"}
    assert loaded & dialogs == set()
    page.locator("header button.currency-picker").click()
    page.locator("dialog[open]").wait_for()
    assert any(name.startswith("CurrencyDialog-") for name in scripts)
    assert not any(name.startswith("LoginDialog-") for name in scripts)


@pytest.mark.parametrize("locale,width", [("en", 1280), ("he", 375)])
def test_choose_a_currency_with_the_keyboard(new_page, server_url, locale, width):
    page = new_page(width=width)
    page.goto(f"{server_url}{_prefix(locale)}/hotels?guests=2-7")
    mounted(page, "Header")
    dialog = open_dialog_with_keyboard(page, page.locator("header button.currency-picker"))
    popular = dialog.get_by_role("region", name=translate("currency.popular", locale))
    assert popular.locator("[data-currency]").all_inner_texts()[0].startswith("EUR")
    tab_to(page, dialog.locator('[data-currency="GBP"]'))
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{_prefix(locale)}/hotels?guests=2-7&currency=GBP")
    mounted(page, "Header")
    assert page.locator("header button.currency-picker .chip__text").inner_text() == "GBP"
    assert page.evaluate("JSON.parse(localStorage.getItem('currency'))") == "GBP"
    page.goto(f"{server_url}{_prefix(locale)}/")  # remembered by the server (cookie)
    assert page.locator("header .currency-picker .chip__text").inner_text() == "GBP"


def test_a_dialog_opened_before_the_page_finished_loading_stays_open(new_page, server_url):
    """A visitor may open a picker while an image is still loading; the page's load event
    (and the pageshow after it) must not close it under their hands."""
    page = new_page()
    held = []
    page.route(  # the first page's image is held; the next page's is answered
        "**/still-loading.png",
        lambda route: route.fulfill(status=404) if held else held.append(route),
    )
    page.add_init_script(
        "document.addEventListener('DOMContentLoaded', () => {"
        " const img = document.createElement('img'); img.alt = ''; img.src = '/still-loading.png';"
        " document.body.append(img); });"
    )
    page.goto(f"{server_url}/hotels", wait_until="domcontentloaded")
    mounted(page, "Header")
    dialog = open_dialog_with_keyboard(page, page.locator("header button.currency-picker"))
    assert page.evaluate("document.readyState") != "complete"  # the image holds the load event
    assert held, "the image request was not intercepted"
    held[0].fulfill(status=404)
    page.wait_for_load_state("load")
    page.evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    expect(dialog).to_be_visible()
    tab_to(page, dialog.locator('[data-currency="GBP"]'))
    page.keyboard.press("Enter")
    page.wait_for_url("**/hotels?currency=GBP")


def test_change_price_display_with_the_keyboard(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/hotels")
    mounted(page, "Header")
    dialog = open_dialog_with_keyboard(page, page.locator("header button.currency-picker"))
    net = dialog.get_by_label(translate("price_display.net", "en"))
    assert net.is_checked()
    tab_to(page, net)
    with page.expect_navigation():
        page.keyboard.press("ArrowDown")  # the radio group moves to "gross": closes, reloads
    mounted(page, "Header")
    cookies = {c["name"]: c["value"] for c in page.context.cookies()}
    assert cookies["priceDisplay"] == "gross"
    dialog = open_dialog_with_keyboard(page, page.locator("header button.currency-picker"))
    assert dialog.get_by_label(translate("price_display.gross", "en")).is_checked()


@pytest.mark.parametrize(
    "locale,typed,code,name",
    [("en", "isra", "IL", "Israel"), ("he", "ישרא", "IL", "ישראל"), ("de", "mexi", "MX", "Mexiko")],
)
def test_search_and_choose_a_country_with_the_keyboard(
    new_page, server_url, locale, typed, code, name
):
    page = new_page(width=375)
    page.goto(f"{server_url}{_prefix(locale)}/hotels?guests=2")
    mounted(page, "CountryPicker")
    dialog = open_dialog_with_keyboard(page, page.locator("footer button.country-button"))
    search = dialog.get_by_label(translate("country.search", locale))
    assert page.evaluate("(el) => document.activeElement === el", search.element_handle())
    page.keyboard.type(typed)
    expect(dialog.locator("[data-country]")).to_have_count(1)  # the one match, nothing else
    expected = translate("country.matches", locale, query=typed, number=1)
    expect(dialog.get_by_role("status")).to_have_text(expected)
    tab_to(page, dialog.locator(f'[data-country="{code}"]'))
    page.keyboard.press("Enter")
    page.wait_for_url(f"**{_prefix(locale)}/hotels?guests=2&country={code}")
    mounted(page, "CountryPicker")
    assert page.evaluate("JSON.parse(localStorage.getItem('country'))") == code
    button = page.locator("footer button.country-button")
    assert translate("country.current", locale, name=name) in button.inner_text()


def test_country_search_says_how_many_match_or_that_none_does(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/fr/")
    mounted(page, "CountryPicker")
    dialog = open_dialog_with_keyboard(page, page.locator("footer button.country-button"))
    status = dialog.get_by_role("status")
    expect(status).to_have_text("")  # nothing to say before a search
    page.keyboard.type("ali")  # Australie, Italie, Mali, Somalie …
    expect(status).to_contain_text("ali")  # the list below is filtered in the same render
    rows = dialog.locator("[data-country]")
    assert rows.count() > 3
    assert status.inner_text() == translate(
        "country.matches", "fr", query="ali", number=rows.count()
    )
    page.keyboard.type("zzzz")
    expected = translate("country.no_results", "fr", query="alizzzz")
    expect(status).to_have_text(expected)
    assert rows.count() == 0


@pytest.mark.parametrize("locale", ["en", "he"])
def test_choose_a_language_with_the_keyboard(new_page, server_url, locale):
    target, name = ("he", "עברית") if locale == "en" else ("de", "Deutsch")
    page = new_page()
    page.goto(f"{server_url}{_prefix(locale)}/hotels?currency=EUR")
    mounted(page, "Header")
    dialog = open_dialog_with_keyboard(page, page.locator("header button.language-picker"))
    tab_to(page, dialog.get_by_role("link", name=name))
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server_url}/{target}/hotels?currency=EUR")
    assert page.locator("dialog[open]").count() == 0


def _drag(page, locator, dx, dy):
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx, y + dy, steps=5)
    page.mouse.up()


@pytest.mark.parametrize("locale,outward", [("en", -150), ("he", 150)])
def test_side_sheet_swipes_out_towards_its_edge(new_page, server_url, locale, outward):
    """LTR: the menu hangs on the left and swipes left; RTL: right, and swipes right."""
    page = _open_home(new_page, server_url, locale, width=375, height=800)
    page.locator("header button.menu-button").click()
    sheet = page.locator("dialog[open]")
    sheet.wait_for()
    box = sheet.bounding_box()
    assert (box["x"] == 0) == (locale == "en")  # the inline-start edge
    # A finger on the middle of the sheet, below its links, moving 150 px sideways.
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] * 0.6
    for dx, closes in ((-outward, False), (outward, True)):
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x + dx, y, steps=5)
        page.mouse.up()
        if not closes:
            assert sheet.is_visible()  # the wrong way: stays open
    sheet.wait_for(state="detached")


@pytest.mark.parametrize("locale", ["en", "he"])
def test_bottom_sheet_swipes_down_to_close_on_a_phone(new_page, server_url, locale):
    page = _open_home(new_page, server_url, locale, width=375, height=800)
    page.locator("header button.language-picker").click()
    title = page.locator("dialog[open] .sheet__title")
    title.wait_for()
    _drag(page, title, 0, -150)  # up: stays open
    assert page.locator("dialog[open]").is_visible()
    _drag(page, title, 0, 150)
    page.locator("dialog[open]").wait_for(state="detached")


def test_no_swipe_to_close_on_wide_screens(new_page, server_url):
    page = _open_home(new_page, server_url, width=1280)
    page.locator("header button.language-picker").click()
    title = page.locator("dialog[open] .sheet__title")
    title.wait_for()
    _drag(page, title, 0, 150)
    assert page.locator("dialog[open]").is_visible()


def test_click_outside_closes(new_page, server_url):
    page = _open_home(new_page, server_url)
    page.locator("header button.currency-picker").click()
    page.locator("dialog[open]").wait_for()
    page.mouse.click(5, 400)  # the backdrop
    page.locator("dialog[open]").wait_for(state="detached")


def test_mobile_menu_closes_on_route_change(new_page, server_url):
    page = _open_home(new_page, server_url, width=375)
    dialog = open_dialog_with_keyboard(page, page.locator("header button.menu-button"))
    tab_to(page, dialog.locator('[data-link="hotels"]'))
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server_url}/hotels")
    mounted(page, "Header")
    assert page.locator("dialog[open]").count() == 0
    page.go_back()
    page.wait_for_url(f"{server_url}/")
    mounted(page, "Header")
    assert page.locator("dialog[open]").count() == 0


def test_back_button_on_other_routes_returns_to_the_previous_page(new_page, server_url):
    page = new_page(width=375)
    page.goto(f"{server_url}/hotels?guests=3")
    mounted(page, "Header")
    page.evaluate("location.assign('/terms-of-use')")  # a page of this site, as a link does
    page.wait_for_url(f"{server_url}/terms-of-use")
    mounted(page, "Header")
    assert page.locator("header button.menu-button").count() == 0
    tab_to(page, page.locator("header a.back-button"))
    page.keyboard.press("Enter")
    page.wait_for_url(f"{server_url}/hotels?guests=3")


def test_a_menu_left_open_is_closed_when_the_page_returns_from_the_back_forward_cache(
    playwright, server_url
):
    """Playwright turns the back/forward cache off by default: this browser has it on, and the
    test checks the page really came back from it (same JavaScript heap) before asserting."""
    from storefront.islands.chromium import launch

    cached = launch(playwright, ignore_default_args=["--disable-back-forward-cache"])
    try:
        page = cached.new_context(viewport={"width": 375, "height": 800}).new_page()
        page.goto(f"{server_url}/")
        mounted(page, "Header")
        page.evaluate("window.__sameHeap = true")
        page.locator("header button.menu-button").click()
        page.locator("dialog[open]").wait_for()
        page.goto(f"{server_url}/terms-of-use")  # away, with the menu still open
        mounted(page, "Header")
        page.go_back(wait_until="commit")  # a restored page fires pageshow, not load
        page.wait_for_url(f"{server_url}/", wait_until="commit")
        assert page.evaluate("window.__sameHeap === true"), "not restored from the bfcache"
        page.locator("dialog[open]").wait_for(state="detached")
    finally:
        cached.close()
