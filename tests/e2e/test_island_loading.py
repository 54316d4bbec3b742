"""When islands load: those nothing asks for before the visitor does (the anonymous header, the
footer's country and unit controls, the home page's search box) wait for the first pointer,
touch or focus in them, so a page made only of them loads no React before then; what the
visitor began meanwhile is not lost."""

import re

import pytest
from playwright.sync_api import expect

from storefront.catalog.formatting import format_list
from storefront.i18n.catalog import translate
from tests.e2e.helpers import mounted, tab_to
from tests.stays import open_stay


def _scripts(page):
    return [
        url.rsplit("/", 1)[-1]
        for url in page.evaluate(
            "() => performance.getEntriesByType('resource')"
            ".filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))"
            ".map((entry) => entry.name)"
        )
    ]


@pytest.mark.parametrize("path", ["/login", "/de/no-such-page", "/ja/choose/language?next=/ja/"])
def test_a_page_of_waiting_islands_loads_no_react_before_the_visitor_acts(
    new_page, server_url, path
):
    page = new_page()
    page.goto(f"{server_url}{path}", wait_until="networkidle")
    page.evaluate("() => new Promise((done) => requestIdleCallback(() => done(), {timeout: 2000}))")
    scripts = _scripts(page)
    assert scripts and all(not name.startswith(("mount-", "Header-", "i18n-")) for name in scripts)
    assert page.locator("[data-mounted]").count() == 0
    mounted(page, "Header")  # the pointer comes: React, the catalog and the header load
    assert any(name.startswith("mount-") for name in _scripts(page))


@pytest.mark.parametrize("width", [375, 1280])
def test_the_home_page_loads_its_search_box_when_the_visitor_comes_to_it(
    new_page, server_url, width
):
    """No React after the home page loaded (on a phone its evaluation was the page's one long
    task); a tap or a focus in the search form brings the search box (what the visitor began
    meanwhile is kept: test_search_box_at_first_touch.py)."""
    page = new_page(width=width)
    page.goto(f"{server_url}/", wait_until="networkidle")
    page.evaluate("() => new Promise((done) => requestIdleCallback(() => done(), {timeout: 2000}))")
    scripts = _scripts(page)
    assert scripts and all(not name.startswith(("mount-", "SearchBox-")) for name in scripts)
    assert page.locator("[data-mounted]").count() == 0
    page.locator("#search-destination").focus()
    expect(page.locator('[data-island="SearchBox"][data-mounted="true"]')).to_have_count(1)
    assert page.locator('[data-island="Header"][data-mounted]').count() == 0


@pytest.mark.parametrize("locale", ["en", "he", "ja"])
def test_the_search_box_speaks_before_i18next_loads_which_comes_with_its_dialogs(
    new_page, server_url, locale
):
    """Its first words come with its props, as do the hearts': no i18next and no catalog until a
    dialog opens."""
    prefix = "" if locale == "en" else f"/{locale}"
    page = new_page(width=375)
    page.goto(f"{server_url}{prefix}/hotels/spain?guests=2-5,1")  # a search box and hearts
    page.locator(".search-panel__summary").click()  # a phone shows the search as one line
    page.locator("#search-destination").hover()  # the search box loads as the visitor comes
    expect(page.locator('[data-island="SearchBox"][data-mounted="true"]')).to_have_count(1)
    loaded = _scripts(page)
    assert not [name for name in loaded if name.startswith(("i18n-", f"{locale}-"))], loaded
    summary = format_list(  # joined as the locale joins a list: "3 adults, 1 child, and 2 rooms"
        [
            translate(key, locale, count=count)
            for key, count in (("guests.adults", 3), ("guests.children", 1), ("guests.rooms", 2))
        ],
        locale,
    )
    expect(page.locator("#search-guests")).to_have_text(summary)
    expect(page.locator(".search-form__submit")).to_have_text(translate("search.submit", locale))
    assert not [name for name in _scripts(page) if name.startswith("i18n-")]
    page.locator("#search-guests").click()
    title = page.locator("dialog[open] .sheet__title")
    expect(title).to_have_text(translate("guests.title", locale))
    loaded = _scripts(page)
    assert [name for name in loaded if name.startswith("i18n-")], loaded
    assert [name for name in loaded if name.startswith(f"{locale}-")], loaded


@pytest.mark.parametrize("locale", ["en", "he"])
def test_a_click_before_the_header_loaded_opens_its_dialog_in_place(new_page, server_url, locale):
    page = new_page()
    prefix = "" if locale == "en" else f"/{locale}"
    page.goto(f"{server_url}{prefix}/hotels")
    assert page.locator('[data-island="Header"][data-mounted]').count() == 0
    page.locator("header a.currency-picker").click()  # the server's link, not yet the island's
    dialog = page.locator("dialog[open]")
    expect(dialog.locator(".sheet__title")).to_have_text(translate("currency.title", locale))
    assert page.url == f"{server_url}{prefix}/hotels"  # not the no-JS page of currencies
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    # The focus goes back to the island's control that took over from the link.
    expect(page.locator("header button.currency-picker")).to_be_focused()


def test_a_hotel_pages_dates_speak_before_i18next_loads_which_comes_with_the_picker(
    new_page, server_url
):
    page = new_page(width=375)
    page.goto(f"{server_url}/he/hotels/spain/barcelona/metropole-sands")
    form = page.locator('[data-island="StayDates"][data-mounted="true"]')
    expect(form.locator(".hotel-rooms__prompt")).to_have_text(translate("hotel.choose_dates", "he"))
    expect(form.locator("button[type=submit]")).to_have_text(translate("results.see_rooms", "he"))
    assert not [name for name in _scripts(page) if name.startswith(("i18n-", "he-"))]
    form.locator("#hotel-check-in").click()
    expect(page.locator("dialog[open] .sheet__title")).to_have_text(translate("picker.title", "he"))
    assert [name for name in _scripts(page) if name.startswith("i18n-")]


@pytest.mark.parametrize("locale", ["en", "he"])
def test_a_heart_tapped_before_it_loaded_keeps_the_hotel(new_page, server_url, locale):
    """An anonymous visitor's hearts are the server's until one is used: a page of cards mounts
    no heart at idle, and the first click is carried out once the heart has loaded."""
    prefix = "" if locale == "en" else f"/{locale}"
    page = new_page(width=375, has_touch=True, is_mobile=True)
    page.goto(f"{server_url}{prefix}/hotels/spain")
    # The browser has been idle since the page loaded (the islands that mount at idle did)...
    page.wait_for_function("() => new Promise((done) => requestIdleCallback(() => done(true)))")
    assert page.locator('[data-island="FavoriteToggle"][data-mounted]').count() == 0
    # ...and the search, folded into one line on a phone, waits to be opened.
    assert page.locator('[data-island="SearchBox"][data-mounted]').count() == 0
    card = page.locator(".hotel-card").first
    name = card.locator(".hotel-card__name").inner_text()
    heart = card.get_by_role("button", name=translate("favorites.toggle", locale, hotel=name))
    heart.tap()
    expect(heart).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".toast").last).to_contain_text(
        translate("favorites.saved", locale, hotel=name)
    )
    assert page.evaluate("JSON.parse(localStorage.favorites).length") == 1
    # Back on the page with a hotel kept: the hearts mount at idle, the kept one pressed.
    page.reload()
    expect(page.locator('[data-island="FavoriteToggle"][data-mounted]').first).to_be_attached()
    expect(heart).to_have_attribute("aria-pressed", "true")


def test_a_kept_hotels_page_holds_a_heart_clicked_before_the_hearts_loaded(new_page, server_url):
    """With a hotel kept, the hearts mount at idle, not at the first touch; a click that comes
    before their code has arrived is still carried out once it has."""
    page = new_page()
    page.goto(f"{server_url}/terms-of-use")
    page.evaluate("() => localStorage.setItem('favorites', JSON.stringify([999999]))")
    waiting = []
    chunk = re.compile(r".*/islands/chunks/FavoriteToggle-.*\.js")
    page.route(chunk, lambda route: waiting.append(route))
    with page.expect_request(chunk):  # the browser's first idle moment asks for the hearts
        page.goto(f"{server_url}/hotels/spain/barcelona/metropole-sands")
    heart = page.locator(".hotel-summary__title .favorite")
    heart.click()
    assert page.locator('[data-island="FavoriteToggle"][data-mounted]').count() == 0
    assert waiting, "the hearts' code was not held"
    waiting[0].continue_()
    expect(heart).to_have_attribute("aria-pressed", "true")
    assert len(page.evaluate("JSON.parse(localStorage.favorites)")) == 2


def test_a_tap_before_the_header_loaded_opens_the_menu_on_a_phone(new_page, server_url):
    page = new_page(width=375, has_touch=True, is_mobile=True)
    page.goto(f"{server_url}/de/")
    page.locator("header .menu-button summary").tap()
    sheet = page.locator("dialog[open]")
    expect(sheet.get_by_role("link", name=translate("nav.hotels", "de"))).to_be_visible()
    # The server's disclosure did not open under the sheet as well.
    assert page.locator("header details[open]").count() == 0


@pytest.mark.parametrize(
    "control,title", [("currency-picker", "currency.title"), ("language-picker", "language.title")]
)
def test_a_press_the_header_took_over_midway_still_opens_the_dialog(
    new_page, server_url, control, title
):
    """The browser sends no click when the pressed element leaves the page before the button is
    released; the island's control that replaced it gets the click instead."""
    page = new_page()
    waiting = []
    page.route(re.compile(r".*/islands/chunks/Header-.*\.js"), lambda route: waiting.append(route))
    page.goto(f"{server_url}/hotels")
    box = page.locator(f"header a.{control}").bounding_box()
    with page.expect_request(re.compile(r".*/islands/chunks/Header-.*\.js")):
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()  # the button goes down on the server's link; then the island arrives
    assert page.locator('[data-island="Header"][data-mounted]').count() == 0
    assert waiting, "the header's code was not held"
    waiting[0].continue_()
    page.locator('[data-island="Header"][data-mounted="true"]').wait_for(state="attached")
    assert page.locator(f"header a.{control}").count() == 0  # replaced under the pressed button
    page.mouse.up()
    expect(page.locator("dialog[open] .sheet__title")).to_have_text(translate(title, "en"))
    assert page.url == f"{server_url}/hotels"


def test_the_keyboard_focus_stays_where_it_was_when_the_header_loads(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/de/hotels")
    language = page.locator("header .language-picker")
    tab_to(page, language)  # the link at first; the island's button once the header has loaded
    expect(page.locator('header button.language-picker[aria-haspopup="dialog"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("dialog[open] .sheet__title")).to_have_text(
        translate("language.title", "de")
    )


def test_a_modified_click_before_the_header_loaded_is_left_to_the_browser(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/hotels")
    with page.context.expect_page() as opened:
        page.locator("header a.language-picker").click(modifiers=["Control"])
    assert "/choose/language" in opened.value.url
    assert page.locator("dialog[open]").count() == 0


def test_a_stored_area_unit_is_shown_without_waiting_for_the_visitor(new_page, server_url):
    page = new_page()
    hotel = "/hotels/spain/barcelona/metropole-sands"
    check_in, check_out = open_stay(hotel, after=30, nights=2, rooms=1)
    url = f"{server_url}{hotel}?check_in={check_in}&check_out={check_out}&guests=2"
    page.goto(f"{server_url}/terms-of-use")
    page.evaluate("() => localStorage.setItem('unit', JSON.stringify('f'))")
    page.goto(url)
    area = page.locator(".room-card [data-area-m]").first
    feet = round(int(area.get_attribute("data-area-m")) / 0.09290304)
    expect(area).to_have_text(re.compile(rf"^{feet}\b"))  # no pointer has moved
    expect(page.locator('[data-island="UnitToggle"] button')).to_have_attribute("data-unit", "f")


def test_a_click_held_for_an_island_whose_props_are_refused_does_what_the_link_does(
    new_page, server_url
):
    from tests.e2e.test_island_props import _break_header_props

    page = new_page()

    def corrupt(route):
        response = route.fetch()
        route.fulfill(response=response, body=_break_header_props(response.text(), mobile="x"))

    page.route(f"{server_url}/hotels", corrupt)
    page.goto(f"{server_url}/hotels")
    page.locator("header a.language-picker").click()
    page.wait_for_url(f"{server_url}/choose/language?next=*")
    expect(page.locator("main .language-list")).to_be_visible()
