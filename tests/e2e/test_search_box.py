"""The search box island (static_src/islands/SearchBox.jsx) in Chromium, against the sandbox.

A visitor using only the keyboard chooses Barcelona in the destination combobox, picks a stay
in the date-range picker (2 to 31 days, within a year, weeks from Sunday, names in the page's
language, dd-mm-yyyy shown), chooses 2 adults and a child of 7, and lands on results whose URL
carries the one encoding (``guests=2-7``). The picker's chunk loads on first open only.
"""

import json
import re
from datetime import date, timedelta
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from storefront.catalog.formatting import format_list
from storefront.search.query import today
from tests.e2e.helpers import active_option, axe_violations, live_combobox, mounted, tab_to

ROOT = Path(__file__).resolve().parents[2]
LOCALES = {"en": "", "he": "/he", "ja": "/ja", "de": "/de"}
SUNDAY = {"en": "Sunday", "he": "יום ראשון", "ja": "日曜日", "de": "Sonntag"}
SATURDAY = {"en": "Saturday", "he": "יום שבת", "ja": "土曜日", "de": "Samstag"}
# A catalog key shown instead of its text ("picker.nights", "search.errors.past").
KEY_RE = re.compile(r"\b(?:search|guests|picker|combobox|place|dialog)\.[a-z_]+(?:\.[a-z_]+)?\b")
PICKER_CHUNK = "DatePickerDialog"
COMBOBOX_CHUNK = "DestinationCombobox"
GUESTS_CHUNK = "GuestsDialog"


def loaded(requests, chunk):
    return [url for url in requests if f"/{chunk}-" in url]


def iso(day: date) -> str:
    return day.isoformat()


def dmy(day: date) -> str:
    return day.strftime("%d-%m-%Y")


def no_keys(page):
    text = page.locator("body").inner_text()
    assert KEY_RE.findall(text) == [], "catalog keys shown"
    labels = page.evaluate(
        "() => [...document.querySelectorAll('[aria-label]')]"
        ".map((e) => e.getAttribute('aria-label'))"
    )
    assert [label for label in labels if KEY_RE.search(label)] == []


def barcelona(page, server_url, locale):
    answer = page.request.get(f"{server_url}/search/places?q=Barc&locale={locale}").json()
    return next(p for p in answer["places"] if p["type"] == "city" and p["country_code"] == "es")


def plural(page, messages, key, count):
    """The catalog's message for ``count`` in the page's plural category (as i18next picks it)."""
    category = page.evaluate(
        "(n) => new Intl.PluralRules(document.documentElement.lang).select(n)", count
    )
    return messages[f"{key}_{category}"].replace("{{count}}", str(count))


def focused_date(page) -> str:
    return page.evaluate("() => document.activeElement.dataset.date")


def cell(dialog, day: date):
    return dialog.locator(f'[data-date="{iso(day)}"]')


def open_search_page(new_page, server_url, prefix, width, **options):
    page = new_page(width=width, **options)
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(f"{server_url}{prefix}/")
    root = mounted(page, "SearchBox")
    return page, root, requests


def search_by_keyboard(page, root, requests, server_url, locale, width, check=lambda state: None):
    """The search box by keyboard only, from a page that has it to the results: Barcelona
    picked from the suggestions, a stay chosen in the date picker (its window, Sunday-first weeks,
    names in the page's language, the 31-day limit), two adults and a child of 7, then submit.
    ``check(state)`` runs with the picker and the guests panel open. Returns the place and dates.
    Walked by test_search_journey_js.py in en, he, ja and de at 375 and 1280 px."""
    props = page.evaluate(
        "(id) => JSON.parse(document.getElementById(id).textContent)",
        root.get_attribute("data-props"),
    )
    server_today, last = date.fromisoformat(props["today"]), date.fromisoformat(props["maxDate"])
    assert last == server_today + timedelta(days=365)
    # The window opens on the server's today (the earliest date still today somewhere), or on
    # the browser's own calendar day when that is later (between 00:00 and 12:00 UTC it is).
    browser_today = date.fromisoformat(
        page.evaluate(
            "() => { const d = new Date(); return [d.getFullYear(),"
            " String(d.getMonth() + 1).padStart(2, '0'),"
            " String(d.getDate()).padStart(2, '0')].join('-'); }"
        )
    )
    first = max(server_today, browser_today)
    target = barcelona(page, server_url, locale)

    # Destination: type, arrow down to Barcelona, Enter.
    # The combobox's and the guests panel's code wait for their first use, like the picker's.
    assert not loaded(requests, COMBOBOX_CHUNK) and not loaded(requests, GUESTS_CHUNK)
    field = root.get_by_role("combobox")
    assert field.get_attribute("aria-autocomplete") == "list"
    tab_to(page, field)
    page.keyboard.type("Barc")
    live_combobox(field)
    assert loaded(requests, COMBOBOX_CHUNK)
    listbox = page.locator(f"#{field.get_attribute('aria-controls')}")
    listbox.get_by_role("option").filter(has_text=target["name"]).first.wait_for()
    assert field.get_attribute("aria-expanded") == "true"
    status = root.locator(".combobox [role=status]")
    assert re.search(r"\d", status.inner_text()), "the number of suggestions is announced"
    no_keys(page)
    for _ in range(10):
        page.keyboard.press("ArrowDown")
        active = page.locator(f"#{field.get_attribute('aria-activedescendant')}")
        if target["name"] in active.inner_text() and target["country"] in active.inner_text():
            break
    else:
        raise AssertionError("Barcelona never became the active option")
    page.keyboard.press("Enter")
    assert field.input_value() == target["name"]
    assert field.get_attribute("aria-expanded") == "false"
    assert root.locator("input[name=place]").input_value() == str(target["id"])

    # Dates: the picker's code is not loaded until the first open.
    assert not [url for url in requests if PICKER_CHUNK in url]
    check_in_button = root.locator("#search-check-in")
    tab_to(page, check_in_button)
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[open]")
    dialog.locator("[role=grid]").first.wait_for()
    assert [url for url in requests if PICKER_CHUNK in url]
    assert focused_date(page) == iso(first), "the focus starts on the first bookable day"
    assert cell(dialog, first).get_attribute("aria-current") == "date"
    if first.day > 1:
        assert cell(dialog, first - timedelta(days=1)).get_attribute("aria-disabled") == "true"

    # Weeks start on Sunday; names in the page's language.
    headers = dialog.locator("[role=grid]").first.locator("th")
    assert headers.count() == 7
    assert headers.nth(0).get_attribute("abbr") == SUNDAY[locale]
    assert headers.nth(6).get_attribute("abbr") == SATURDAY[locale]
    month_name = page.evaluate(
        "([lang, d]) => new Intl.DateTimeFormat(lang, "
        "{month: 'long', year: 'numeric', timeZone: 'UTC'})"
        ".format(new Date(d))",
        [page.evaluate("document.documentElement.lang"), iso(first)],
    )
    assert dialog.locator(".picker-month__title").first.inner_text() == month_name
    full = page.evaluate(
        "([lang, d]) => new Intl.DateTimeFormat(lang, {dateStyle: 'full', timeZone: 'UTC'})"
        ".format(new Date(d))",
        [page.evaluate("document.documentElement.lang"), iso(first)],
    )
    assert cell(dialog, first).get_attribute("aria-label") == full
    if locale != "en":
        assert SUNDAY["en"] not in dialog.inner_text()

    # The one-year window: PageDown stops at the last bookable day, PageUp at the first.
    for _ in range(14):
        page.keyboard.press("PageDown")
    assert focused_date(page) == iso(last)
    assert cell(dialog, last).get_attribute("aria-disabled") is None
    after = cell(dialog, last + timedelta(days=1))
    assert after.count() == 0 or after.get_attribute("aria-disabled") == "true"
    for _ in range(14):
        page.keyboard.press("PageUp")
    assert focused_date(page) == iso(first)

    # Check-in two weeks on (ArrowDown twice), Enter.
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    check_in = first + timedelta(days=14)
    assert focused_date(page) == iso(check_in)
    page.keyboard.press("Enter")
    assert cell(dialog, check_in).get_attribute("aria-selected") == "true"
    # At most 31 days (30 nights); never before the check-in; at least 2 days (pressing the
    # check-in again would unselect it, never make a stay of one day).
    forward, back = ("ArrowLeft", "ArrowRight") if locale == "he" else ("ArrowRight", "ArrowLeft")
    focused = page.locator("dialog[open] [data-date]:focus")
    for _ in range(4):
        page.keyboard.press("ArrowDown")
    page.keyboard.press(forward)
    page.keyboard.press(forward)
    assert focused_date(page) == iso(check_in + timedelta(days=30))
    assert focused.get_attribute("aria-disabled") is None
    page.keyboard.press(forward)
    assert focused_date(page) == iso(check_in + timedelta(days=31))
    assert focused.get_attribute("aria-disabled") == "true"
    page.keyboard.press("Enter")  # does nothing
    assert root.locator("input[name=check_out]").is_disabled()
    page.keyboard.press("End")
    saturday = check_in + timedelta(days=31 + (5 - (check_in + timedelta(days=31)).weekday()) % 7)
    assert focused_date(page) == iso(saturday)
    page.keyboard.press("Home")
    assert focused_date(page) == iso(saturday - timedelta(days=6))
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    while focused_date(page) != iso(check_in):
        page.keyboard.press(forward if focused_date(page) < iso(check_in) else back)
    page.keyboard.press(back)
    assert focused.get_attribute("aria-disabled") == "true", "the day before the check-in"
    page.keyboard.press(forward)
    # Three days on (ArrowRight is "next" in LTR, "previous" in RTL).
    for _ in range(3):
        page.keyboard.press(forward)
    check_out = check_in + timedelta(days=3)
    assert focused_date(page) == iso(check_out)
    page.keyboard.press("Enter")
    picker_status = dialog.locator(".picker__status")
    catalog = json.loads((ROOT / "locales" / f"{locale}.json").read_text())
    dates = catalog["search"]["summary_dates"].replace("{{check_in}}", dmy(check_in))
    nights = catalog["picker"]["nights_other"].replace("{{count}}", "3")
    assert (
        picker_status.inner_text() == f"{dates.replace('{{check_out}}', dmy(check_out))} · {nights}"
    )
    no_keys(page)
    check("the open picker")
    dialog.locator(".picker__actions .button--primary").click()
    page.locator("dialog[open]").wait_for(state="detached")
    assert check_in_button.inner_text() == dmy(check_in)
    assert root.locator("#search-check-out").inner_text() == dmy(check_out)
    assert root.locator("input[name=check_in]").input_value() == iso(check_in)

    # Guests: 2 adults (the default) and a child of 7.
    guests_button = root.locator("#search-guests")
    tab_to(page, guests_button)
    assert not loaded(requests, GUESTS_CHUNK)
    page.keyboard.press("Enter")
    panel = (
        page.locator("dialog[open] .guests-editor")
        if width < 640
        else root.locator(".guests-popover")
    )
    panel.wait_for()
    fewer = panel.locator(".stepper").nth(0).locator("button").nth(0)
    more_children = panel.locator(".stepper").nth(1).locator("button").nth(1)
    fewer_children = panel.locator(".stepper").nth(1).locator("button").nth(0)
    assert fewer_children.is_disabled(), "no fewer than 0 children"
    assert more_children.get_attribute("aria-label") and not KEY_RE.search(
        more_children.get_attribute("aria-label")
    )
    more_children.click()
    panel.locator("select").select_option("7")
    no_keys(page)
    assert not fewer.is_disabled()
    check("the open guests picker")
    panel.locator(".guests-editor__footer .button--primary").click()
    panel.wait_for(state="hidden")
    messages = catalog["guests"]
    adults, child = (plural(page, messages, k, n) for k, n in (("adults", 2), ("children", 1)))
    kept = [words.replace(" ", "\u00a0") for words in (adults, child)]  # "2\u00a0adults"
    assert guests_button.inner_text() == format_list(kept, locale)  # 大人2名、子ども1名
    assert root.locator("input[name=guests]").input_value() == "2-7"
    assert root.locator("select[name=adults], select[name=rooms], select[name=age]").count() == 0

    # Submit: straight to the results, no redirect through rooms/adults/children.
    with page.expect_navigation():
        root.locator("button[type=submit]").click()
    url = urlsplit(page.url)
    query = parse_qs(url.query)
    assert url.path.endswith("/hotels/search")
    assert query["place"] == [str(target["id"])]
    assert query["check_in"] == [iso(check_in)]
    assert query["check_out"] == [iso(check_out)]
    assert query["guests"] == ["2-7"]
    assert not {"rooms", "adults", "children", "age"} & set(query)
    # The search is saved and offered first when the field is focused and empty.
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('searches'))")
    assert saved[-1]["params"]["check_in"] == iso(check_in)
    return target, check_in, check_out


def test_recent_search_is_offered_first(new_page, server_url, demo_data):
    page, root, _ = open_search_page(new_page, server_url, "", 1280)
    day = date.today() + timedelta(days=20)
    out = day + timedelta(days=2)
    router = f"/hotels/search?destination=Lisbon&check_in={iso(day)}&check_out={iso(out)}"
    page.evaluate(
        "(s) => localStorage.setItem('searches', JSON.stringify([s]))",
        {
            "router": router,
            "label": "Lisbon",
            "params": {
                "check_in": iso(day),
                "check_out": iso(day + timedelta(days=2)),
                "guests": "2",
            },
        },
    )
    page.reload()
    root = mounted(page, "SearchBox")
    field = root.get_by_role("combobox")
    field.focus()
    page.keyboard.press("ArrowDown")  # pressed at once, even before the combobox's code is here
    active = active_option(page, field)
    assert "Lisbon" in active.inner_text()
    assert dmy(day) in active.inner_text()
    group = page.locator(f"#{field.get_attribute('aria-controls')} [role=group]").first
    assert group.get_attribute("aria-labelledby")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    assert page.url.endswith(router)


def test_picker_is_mirrored_in_hebrew(new_page, server_url, demo_data):
    page, root, _ = open_search_page(new_page, server_url, "/he", 1280)
    root.locator("#search-check-in").click()
    grid = page.locator("dialog[open] [role=grid]").first
    grid.wait_for()
    sunday = grid.locator("th").nth(0).bounding_box()
    saturday = grid.locator("th").nth(6).bounding_box()
    assert sunday["x"] > saturday["x"], "Sunday is on the right in Hebrew"
    months = page.locator("dialog[open] .picker-month__title")
    assert months.nth(0).bounding_box()["x"] > months.nth(1).bounding_box()["x"], (
        "the next month is on the left"
    )
    previous = page.locator("dialog[open] .picker__prev").bounding_box()
    following = page.locator("dialog[open] .picker__next").bounding_box()
    assert previous["x"] > following["x"]
    # Each arrow points outward, the way it moves: previous to the right, next to the left.
    assert pointing(page.locator("dialog[open] .picker__prev span")) == "right"
    assert pointing(page.locator("dialog[open] .picker__next span")) == "left"


def pointing(glyph) -> str:
    """Which way an arrow glyph ("‹", "›") points as drawn: its tip, the ink at mid-height, lies
    further along than its arms' ends, the ink at the top and bottom."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(glyph.screenshot())).convert("L")
    width, height = image.size
    pixels = {(x, y): image.getpixel((x, y)) for y in range(height) for x in range(width)}
    paper = max(set(pixels.values()), key=list(pixels.values()).count)  # the commonest shade
    # Ink: what differs from the paper (a disabled button's arrow is pale, a dark theme's light).
    ink = [at for at, shade in pixels.items() if abs(shade - paper) > 30]
    top, bottom = min(y for _, y in ink), max(y for _, y in ink)
    third = (bottom - top) / 3
    middle = [x for x, y in ink if top + third <= y <= bottom - third]
    ends = [x for x, y in ink if y < top + third or y > bottom - third]
    return "right" if sum(middle) / len(middle) > sum(ends) / len(ends) else "left"


def test_picker_arrows_point_outward_in_english(new_page, server_url, demo_data):
    page, root, _ = open_search_page(new_page, server_url, "", 1280)
    root.locator("#search-check-in").click()
    page.locator("dialog[open] [role=grid]").first.wait_for()
    assert pointing(page.locator("dialog[open] .picker__prev span")) == "left"
    assert pointing(page.locator("dialog[open] .picker__next span")) == "right"


def test_provider_down_keeps_what_was_typed(new_page, server_url, provider_proxy):
    """The provider fails: the suggestions answer 503; the text stays, nothing pops up."""
    page = new_page(width=1280)
    page.goto(f"{server_url}/")
    root = mounted(page, "SearchBox")
    provider_proxy.mode = "fail"
    field = root.get_by_role("combobox")
    with page.expect_response(lambda r: "/search/places" in r.url) as answer:
        field.type("Barc")
    assert answer.value.status == 503
    assert field.input_value() == "Barc"
    assert field.get_attribute("aria-expanded") == "false"
    assert page.locator("dialog[open], [role=alert]").count() == 0


@pytest.mark.parametrize(
    "locale,scheme,width", [("", "light", 1280), ("/he", "dark", 375), ("/ja", "light", 375)]
)
def test_no_axe_violations_with_combobox_and_picker_open(
    new_page, server_url, demo_data, locale, scheme, width
):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}{locale}/")
    root = mounted(page, "SearchBox")
    field = root.get_by_role("combobox")
    field.type("Barc")
    live_combobox(field)
    page.locator(f"#{field.get_attribute('aria-controls')} [role=option]").first.wait_for()
    page.keyboard.press("ArrowDown")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    root.locator("#search-check-in").click()
    dialog = page.locator("dialog[open]")
    dialog.locator("[role=grid]").first.wait_for()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # a check-in chosen: disabled days beyond 30 nights
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    root.locator("#search-guests").click()
    page.locator(".guests-editor").wait_for()
    assert axe_violations(page) == []


def test_without_javascript_the_form_is_unchanged(new_page, server_url):
    page = new_page(width=1280, java_script_enabled=False)
    page.goto(f"{server_url}/")
    form = page.locator('[data-island="SearchBox"] form.search-form')
    assert form.locator("input[type=date][name=check_in]").count() == 1
    assert form.locator("select[name=rooms]").count() == 1
    assert form.locator("details.guests-field").count() == 1


@pytest.mark.parametrize("locale", ["en", "he"])
def test_tabbing_out_of_the_guests_popover_closes_it_and_keeps_the_rooms(
    new_page, server_url, locale
):
    """The desktop popover is not modal: when Tab takes the focus past its last control it
    closes, so it never covers the control the focus went to, and what was chosen stays."""
    page = new_page(width=1280)
    page.goto(f"{server_url}{LOCALES[locale]}/")
    root = mounted(page, "SearchBox")
    button = root.locator("#search-guests")
    tab_to(page, button)
    page.keyboard.press("Enter")
    popover = root.locator(".guests-popover")
    popover.wait_for()
    assert popover.evaluate("(panel) => panel.contains(document.activeElement)")
    before = button.inner_text()
    popover.locator(".stepper").nth(0).locator("button").nth(1).click()  # a third adult
    left = False
    for _ in range(20):
        page.keyboard.press("Tab")
        if not page.evaluate("() => !!document.activeElement.closest('.guests-popover')"):
            left = True
            break
    assert left, "Tab never left the popover"
    popover.wait_for(state="detached")
    # The control the focus went to is on screen and nothing lies over it.
    assert page.evaluate(
        """() => {
          const el = document.activeElement, box = el.getBoundingClientRect();
          const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return box.width > 0 && (top === el || el.contains(top));
        }"""
    )
    assert button.inner_text() != before
    assert root.locator("input[name=guests]").input_value() == "3"


def test_typing_before_the_combobox_arrives_loses_nothing(new_page, server_url, demo_data):
    """The combobox's code loads on first focus; on a slow link the visitor types on in the
    plain field meanwhile, and presses ArrowDown: the text, the focus and the key all carry over."""
    page = new_page(width=1280)
    held = []
    page.route(f"**/{COMBOBOX_CHUNK}-*.js", lambda route: held.append(route))
    page.goto(f"{server_url}/")
    root = mounted(page, "SearchBox")
    field = root.locator("#search-destination")
    tab_to(page, field)
    page.keyboard.type("Barc")
    page.keyboard.press("ArrowDown")
    assert len(held) == 1 and field.get_attribute("aria-controls") is None
    assert field.input_value() == "Barc"
    held[0].continue_()
    active = active_option(page, live_combobox(field))
    assert "Barcelona" in active.inner_text()
    assert page.evaluate("() => document.activeElement.id") == "search-destination"
    page.keyboard.type("e")
    assert field.input_value() == "Barce"


def test_the_thai_picker_counts_years_as_the_fields_do(new_page, server_url, demo_data):
    """Thai's default calendar is Buddhist (2026 is 2569): the picker's months and days said
    one year and the fields, the status line and the server another."""
    page, root, _ = open_search_page(new_page, server_url, "/th", 1280)
    root.locator("#search-check-in").click()
    page.locator("dialog[open] [role=grid]").first.wait_for()
    year = today().year
    titles = page.locator("dialog[open] .picker-month__title").all_inner_texts()
    assert titles and all(re.search(rf"\b{year}|\b{year + 1}", title) for title in titles), titles
    assert not any(str(year + 543) in title for title in titles), titles
    labels = page.locator(
        "dialog[open] [role=gridcell] [aria-label], dialog[open] [role=gridcell][aria-label]"
    )
    label = labels.first.get_attribute("aria-label")
    assert str(year + 543) not in label and re.search(r"\b20\d\d\b", label), label
