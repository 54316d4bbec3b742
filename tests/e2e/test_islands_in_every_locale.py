"""Every island speaks the page's language once mounted, where script and layout are the point.

The server's HTML is translated; this checks what the islands render after they mount: the
header, footer and unit toggle, then each dialog (phone menu sheet, currency, language, country,
login, date picker, guests), then a search saved in the browser on /searches and in the search
box's recent searches, then a hotel page's favorite toggle, gallery and full-screen viewer, then
the lead popup with its form. No visible text or accessible name may be a catalog key
(``nav.hotels``) or the English text of a message that the locale's catalog words differently.
One browser context per locale.

Chromium runs it in English and the locales whose script or direction changes what the islands
draw (he and ar right to left; ja, zh-cn and zh-tw CJK; th, which has no spaces between words).
Every one of the 39 locales is checked without a browser by
``tests/islands/test_island_words.py``: every key the islands' code asks for exists, no island
writes English words itself, and the props and first words each island gets speak the locale.
"""

from datetime import date, timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from tests.e2e.helpers import mounted
from tests.words import Words

DIALOGS = {  # control (at 375 px) -> the key of the dialog's title
    "menu": ("header button.menu-button", "header.menu"),
    "currency": ("header button.currency-picker", "currency.title"),
    "language": ("header button.language-picker", "language.title"),
    "country": ("footer button.country-button", "country.title"),
    "login": ("header a.login-button", "pages.login.title"),
    "date picker": ("form.search-form #search-check-in", "picker.title"),
    "guests": ("form.search-form .guests-field button[aria-haspopup]", "guests.title"),
}
_IN = (date.today() + timedelta(days=30)).isoformat()
_OUT = (date.today() + timedelta(days=33)).isoformat()
SAVED = {  # a search as the search box saves it in the browser (state.js)
    "router": f"/hotels/search?place=2002&check_in={_IN}&check_out={_OUT}&guests=2-7,1",
    "label": "Barcelona",
    "params": {"check_in": _IN, "check_out": _OUT, "guests": "2-7,1"},
}
HOTEL = "/hotels/spain/barcelona/barcelona-excelsior-hotel"
NAMED_BY = ("aria-label", "aria-description", "title", "placeholder", "alt")
# Names that come from CLDR or the locale table, not from the catalogs: the language, currency and
# country rows and the continents. Only a catalog key would be wrong there.
DATA = "[data-locale], [data-currency], .country-group"

# Every rendered text node under `roots`, the naming attributes of every element under them, and
# the accessible name of each open dialog.
SCAN = """([roots, attributes, data]) => {
  const found = [];
  for (const root of document.querySelectorAll(roots)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const parent = node.parentElement;
      if (text && parent.checkVisibility({ visibilityProperty: true })) {
        found.push(["text", text, parent.closest(data) !== null]);
      }
    }
    for (const element of [root, ...root.querySelectorAll("*")]) {
      for (const name of attributes) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push([name, value, element.closest(data) !== null]);
      }
    }
  }
  for (const dialog of document.querySelectorAll("dialog[open]")) {
    const ids = (dialog.getAttribute("aria-labelledby") || "").split(/\\s+/).filter(Boolean);
    const name = ids.map((id) => document.getElementById(id)?.textContent.trim() ?? "").join(" ");
    found.push(["dialog name", name || dialog.getAttribute("aria-label") || "", false]);
  }
  return found;
}"""


def _problems(page, words, where, roots):
    return [
        f"{where}: {kind} {text!r} is {problem}"
        for kind, text, data in page.evaluate(SCAN, [roots, list(NAMED_BY), DATA])
        if (problem := words.problem(text, data))
    ]


# Where the script or direction is the point; every locale: tests/islands/test_island_words.py.
BROWSER_LOCALES = ("en", "he", "ar", "ja", "zh-cn", "zh-tw", "th")


@pytest.mark.parametrize("code", BROWSER_LOCALES)
def test_islands_are_translated_in_every_locale(new_page, server_url, code):
    words = Words(code)
    page = new_page(width=375, height=800)
    page.goto(f"{server_url}{LOCALES[code].prefix}/", wait_until="domcontentloaded")
    islands = page.locator("[data-island]")
    # The islands that mount at idle; then those that wait for the visitor (the pointer goes
    # over each); the lead popup mounts when its timer says (checked last).
    expect(page.locator("[data-island]:not([data-mounted]):not([data-load])")).to_have_count(0)
    for name in ("Header", "CountryPicker", "UnitToggle"):
        mounted(page, name)
    names = {islands.nth(i).get_attribute("data-island") for i in range(islands.count())}
    assert names == {"Header", "CountryPicker", "SearchBox", "UnitToggle", "LeadPopup"}
    problems = _problems(page, words, "page at 375 px", "[data-island]")

    for name, (selector, title_key) in DIALOGS.items():
        page.locator(selector).click()
        dialog = page.locator("dialog[open]")
        expect(dialog.locator(".sheet__title")).to_be_visible()
        problems += _problems(page, words, f"{name} dialog", "dialog[open]")
        title = dialog.locator(".sheet__title").inner_text()
        if title != translate(title_key, code):
            problems.append(f"{name} dialog: title {title!r}, not {translate(title_key, code)!r}")
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)

    page.set_viewport_size({"width": 1280, "height": 800})  # the desktop navigation shows
    expect(page.locator("header .site-nav")).to_be_visible()
    problems += _problems(page, words, "page at 1280 px", "[data-island]")

    # A search this browser saved: listed on /searches, offered first by the combobox.
    page.evaluate("(s) => localStorage.setItem('searches', JSON.stringify([s]))", SAVED)
    page.goto(f"{server_url}{LOCALES[code].prefix}/searches", wait_until="domcontentloaded")
    expect(page.locator('[data-island="SavedSearches"] .saved-search')).to_have_count(1)
    problems += _problems(page, words, "saved searches", "[data-island]")
    page.locator("#search-destination").focus()  # the search form below the list
    expect(page.locator('[data-island="SearchBox"] [role=option]')).to_have_count(1)
    problems += _problems(page, words, "recent searches", '[data-island="SearchBox"]')

    # A hotel's gallery: its controls, then the viewer (Gallery.jsx).
    page.goto(f"{server_url}{LOCALES[code].prefix}{HOTEL}", wait_until="domcontentloaded")
    page.locator("#gallery-strip").hover()
    expect(page.locator('[data-island="Gallery"][data-mounted]')).to_have_count(1)
    problems += _problems(page, words, "gallery", "#gallery")
    mounted(page, "FavoriteToggle")  # an anonymous visitor's heart loads when the pointer comes
    problems += _problems(page, words, "favorite toggle", '[data-island="FavoriteToggle"]')
    page.locator(".gallery__all").click()
    expect(page.locator("dialog.viewer[open] img")).to_be_visible()
    problems += _problems(page, words, "gallery viewer", "dialog[open]")

    # The lead popup, its first visit two minutes old, 10 s after a page mounts (page clock).
    page.clock.install()
    page.evaluate("() => localStorage.setItem('visited', String(Date.now() - 300000))")
    page.goto(f"{server_url}{LOCALES[code].prefix}/hotels", wait_until="domcontentloaded")
    page.clock.run_for(10_500)
    popup = page.locator("dialog[open]:has(#lead-popup-title)")
    expect(popup.locator("#lead-name")).to_be_visible()
    problems += _problems(page, words, "lead popup", "dialog[open]")
    for selector, key in (
        (".sheet__title", "leads.title"),
        ("button[type=submit]", "leads.submit"),
    ):
        if popup.locator(selector).inner_text() != translate(key, code):
            problems.append(f"lead popup: {selector} is not {translate(key, code)!r}")
    assert problems == [], "\n".join(dict.fromkeys(problems))
