"""Finding a hotel with JavaScript, as a traveller would, in en, he, ja and de on a phone (dark)
and a desktop (light) — test_search_journey.py walks the same road without JavaScript in the
other two combinations. Keyboard only up to the results (test_search_box.search_by_keyboard: a
destination picked from the suggestions, the dates in the picker with its limits, two adults and
a child of 7); then filter 4+ stars with free
cancellation, sort by price, switch to EUR in the currency dialog (the same hotels, prices
converted with the provider's exchange rates), then to prices with taxes and fees, open page 2,
come back, and find the search in /searches. axe finds nothing in any of these states (checked
on an English desktop and a Hebrew phone)."""

from urllib.parse import parse_qs, urlsplit

import pytest

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.upstream.inventory import exchange_rates
from tests.e2e.helpers import axe_violations as check_axe
from tests.e2e.helpers import card_texts
from tests.e2e.test_search_box import open_search_page, search_by_keyboard
from tests.e2e.test_search_journey import four_stars_free_cancellation_by_price, nightly_numbers

# axe runs in every state of the journey on an English desktop (light) and a Hebrew phone (dark);
# the other six walk the same journey for their words and layout (every page's axe run in en and
# he at both widths in both schemes is tests/e2e/test_accessibility.py's).
AXE_RUNS = (("en", 1280), ("he", 375))


def open_filters(page, width):
    if width < 1024:
        page.locator(".filters-panel > summary").click()
    return page.locator("form.filters")


def currency_dialog(page):
    # The header's control: its island's button, or the server's link if the island has not
    # loaded yet (the click is held for it).
    page.locator("header .currency-picker").click()
    dialog = page.locator("dialog[open]")
    dialog.locator("[data-currency]").first.wait_for()
    return dialog


def cards(page):
    return card_texts(page, ".hotel-card__name")


@pytest.mark.parametrize(
    "code,width,scheme",
    [(c, w, s) for c in ("en", "he", "ja", "de") for w, s in ((375, "dark"), (1280, "light"))],
)
def test_find_a_hotel_with_javascript(new_page, server_url, demo_data, code, width, scheme):
    page, root, requests = open_search_page(
        new_page, server_url, LOCALES[code].prefix, width, color_scheme=scheme, bypass_csp=True
    )
    prefix = LOCALES[code].prefix

    def no_axe_violations(state):
        if (code, width) in AXE_RUNS:
            assert check_axe(page) == [], state

    target, check_in, _ = search_by_keyboard(
        page, root, requests, server_url, code, width, check=no_axe_violations
    )
    page.wait_for_load_state("load")
    query = parse_qs(urlsplit(page.url).query)
    assert query["check_in"] == [check_in.isoformat()] and query["guests"] == ["2-7"]
    assert page.locator(".hotel-card").count() == 20
    heading = page.locator("h1.results__title").inner_text()
    assert target["name"] in heading
    no_axe_violations("the results")

    # Filters and sort.
    filters = open_filters(page, width)
    filters.locator("input[name=stars][value='4']").check()
    filters.locator("input[name=stars][value='5']").check()
    filters.locator("input[name=free_cancellation]").check()
    filters.locator("select[name=sort]").select_option("price_asc")
    no_axe_violations("the filters, open")
    with page.expect_navigation():
        filters.locator("button[type=submit]").click()
    page.wait_for_load_state("load")
    usd, names = four_stars_free_cancellation_by_price(page)
    no_axe_violations("the filtered, sorted results")

    # EUR: the same hotels in the same order, each price converted at the provider's rate.
    fx = exchange_rates()
    dialog = currency_dialog(page)
    no_axe_violations("the currency dialog")
    with page.expect_navigation():
        dialog.locator('[data-currency="EUR"]').click()
    page.wait_for_load_state("load")
    assert "currency=EUR" in page.url
    assert cards(page) == names
    assert all("€" in t for t in card_texts(page, ".hotel-card__nightly"))
    eur = nightly_numbers(page)
    ratio = float(fx["EUR"] / fx.get("USD", 1))  # the provider's rates are Decimal
    pairs = list(zip(eur, usd, strict=True))
    assert all(abs(e - u * ratio) <= max(0.02, u * ratio * 0.005) for e, u in pairs), pairs

    # Gross: taxes and fees included, more than before, still cheapest first.
    dialog = currency_dialog(page)
    with page.expect_navigation():
        dialog.locator("input[value=gross]").click()
    page.wait_for_load_state("load")
    note = page.locator(".hotel-card__note").first.inner_text()
    assert note == translate("results.gross_note", code)
    gross = nightly_numbers(page)
    assert gross == sorted(gross)
    assert sum(gross) > sum(eur)
    no_axe_violations("the results with gross prices")

    # Page 2 and back (on a filter narrow enough for one page, widen it again first).
    if not page.locator("a[rel=next]").count():
        filters = open_filters(page, width)
        filters.locator("input[name=stars][value='4']").uncheck()
        filters.locator("input[name=stars][value='5']").uncheck()
        with page.expect_navigation():
            filters.locator("button[type=submit]").click()
        page.wait_for_load_state("load")
    first_page = cards(page)
    with page.expect_navigation():
        page.locator("a[rel=next]").click()
    page.wait_for_load_state("load")
    assert "page=2" in page.url
    assert page.locator(".pagination [aria-current=page]").inner_text() == "2"
    assert not set(cards(page)) & set(first_page)
    no_axe_violations("page 2")
    page.go_back()
    page.wait_for_load_state("load")
    assert cards(page) == first_page

    # The search is in /searches, and reopens its results.
    page.goto(f"{server_url}{prefix}/searches")
    listed = page.locator(".saved-search__link").filter(has_text=target["name"])
    listed.first.wait_for()
    assert check_in.strftime("%d-%m-%Y") in listed.first.inner_text()
    no_axe_violations("/searches")
    with page.expect_navigation():
        listed.first.click()
    page.wait_for_load_state("load")
    assert parse_qs(urlsplit(page.url).query)["check_in"] == [check_in.isoformat()]
    assert page.locator(".hotel-card").count() > 0
