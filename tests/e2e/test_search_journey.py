"""Finding a hotel without JavaScript, as a traveller would, in en, he, ja and de on a phone and
a desktop, light and dark: type a destination and dates, say two adults and a child of 7 (the
server asks the child's age), search, open page 2 and come back, filter 4+ stars with free
cancellation, sort by price, switch to EUR, then to prices with taxes and fees."""

import re
from datetime import timedelta

import pytest

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today
from tests.e2e.helpers import card_texts, open_picker

CHECK_IN = today() + timedelta(days=50)
CHECK_OUT = CHECK_IN + timedelta(days=3)
NUMBER = re.compile(r"[\d.,\s\u00a0\u202f]+")


def four_stars_free_cancellation_by_price(page):
    """On results filtered to 4+ stars with free cancellation, sorted by price: check that they
    are; return the prices per night and the hotel names, in page order."""
    assert "sort=price_asc" in page.url and "free_cancellation=1" in page.url
    prices = nightly_numbers(page)
    assert prices and prices == sorted(prices)
    # Each card draws its stars (a row as wide as the rating) and says them to a reader.
    stars = page.locator(".hotel-card__stars .stars").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width"
        " / parseFloat(getComputedStyle(e).fontSize) / 1.1)"
    )
    assert stars and all(round(count) in (4, 5) for count in stars)
    said = card_texts(page, ".hotel-card__stars .visually-hidden")
    assert len(said) == len(stars) and all(re.search(r"[45]", words) for words in said)
    assert page.locator(".badge--good").count() == page.locator(".hotel-card").count()
    return prices, card_texts(page, ".hotel-card__name")


def nightly_numbers(page):
    """The price per night of each card, as numbers, in page order."""
    values = []
    for text in card_texts(page, ".hotel-card__nightly"):
        digits = (
            max(NUMBER.findall(text), key=len)
            .strip()
            .replace("\u00a0", "")
            .replace("\u202f", "")
            .replace(" ", "")
        )
        # Both 1,234.56 and 1.234,56: the last separator followed by 2 digits is the decimal one.
        match = re.fullmatch(r"([\d.,]*?)[.,](\d{2})", digits)
        whole, cents = (match.group(1), match.group(2)) if match else (digits, "0")
        values.append(float(re.sub(r"[.,]", "", whole) + "." + cents))
    return values


@pytest.mark.parametrize(
    "code,width,scheme",
    [(c, w, s) for c in ("en", "he", "ja", "de") for w, s in ((375, "light"), (1280, "dark"))],
)
def test_find_a_hotel_without_javascript(new_page, server_url, code, width, scheme):
    page = new_page(java_script_enabled=False, width=width, color_scheme=scheme)
    prefix = LOCALES[code].prefix
    page.goto(f"{server_url}{prefix}/")
    form = page.locator("form.search-form")
    form.locator("[name=destination]").fill("Barcelona")
    form.locator("[name=check_in]").fill(CHECK_IN.isoformat())
    form.locator("[name=check_out]").fill(CHECK_OUT.isoformat())
    form.locator(".guests-field__summary").click()
    form.locator("[name=adults]").select_option("2")
    form.locator("[name=children]").select_option("1")
    form.locator(".search-form__submit").click()
    page.wait_for_load_state("load")  # the whole new page, not its first bytes

    # The server asks for the child's age, under the guests field, in the page's language.
    error = page.locator("#search-guests-error")
    assert error.inner_text() == translate("search.errors.child_ages", code)
    page.locator("form.search-form [name=age]").select_option("7")
    page.locator("form.search-form .search-form__submit").click()
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    assert "guests=2-7" in page.url and f"check_in={CHECK_IN}" in page.url
    heading = page.locator("h1.results__title").inner_text()
    assert "results." not in heading and heading.strip()
    assert page.locator(".hotel-card").count() == 20

    # Page 2 and back.
    first_page = card_texts(page, ".hotel-card__name")
    page.locator("a[rel=next]").click()
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    assert "page=2" in page.url
    assert page.locator(".pagination [aria-current=page]").inner_text() == "2"
    assert not set(card_texts(page, ".hotel-card__name")) & set(first_page)
    page.go_back()
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    assert card_texts(page, ".hotel-card__name") == first_page

    # Filters and sort (behind a disclosure on a phone).
    if width < 1024:
        page.locator(".filters-panel > summary").click()
    filters = page.locator("form.filters")
    filters.locator("input[name=stars][value='4']").check()
    filters.locator("input[name=stars][value='5']").check()
    filters.locator("input[name=free_cancellation]").check()
    filters.locator("select[name=sort]").select_option("price_asc")
    filters.locator("button[type=submit]").click()
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    prices, names = four_stars_free_cancellation_by_price(page)

    # EUR: the same hotels in the same order, prices in euros.
    picker = open_picker(page, "currency")
    picker.locator("select[name=currency]").select_option("EUR")
    picker.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: "/choose/" not in url)  # back on the results
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    assert "currency=EUR" in page.url
    assert card_texts(page, ".hotel-card__name") == names
    assert all("€" in t for t in card_texts(page, ".hotel-card__nightly"))
    assert nightly_numbers(page) == sorted(nightly_numbers(page))

    # Gross: taxes and fees included, still cheapest first (by what is paid).
    picker = open_picker(page, "currency")
    picker.locator("input[value=gross]").check()
    picker.locator("button[type=submit]").click()
    page.wait_for_url(lambda url: "/choose/" not in url)  # back on the results
    page.wait_for_load_state("load")  # the whole new page, not its first bytes
    assert page.locator(".hotel-card__note").first.inner_text() == translate(
        "results.gross_note", code
    )
    gross = nightly_numbers(page)
    assert gross == sorted(gross)
