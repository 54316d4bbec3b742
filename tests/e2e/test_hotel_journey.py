"""The hotel page journey (issue 13, "how it is checked"), in en, he, ja and de, on a phone and a
desktop, light and dark: a hotel opened from results keeps the dates and guests and marks the
offer seen there; the gallery moves by keyboard (and by finger on a phone); the map shows the
hotel; the unit toggle changes room areas; rooms filtered to free cancellation; the hotel
kept as a favorite and found on /favorites after a reload; an offer chosen lands on /book with
its price. axe finds nothing at each step."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.search.query import today
from tests.e2e.helpers import axe_violations, mounted, tab_to, touch

pytestmark = pytest.mark.usefixtures("demo_data")

CHECK_IN = today() + timedelta(days=33)
STAY = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=3)}&guests=2-7"


@pytest.mark.parametrize(
    "code,width,scheme",
    [
        (code, *look)
        for code in ("en", "he", "ja", "de")
        for look in ((1280, "light"), (375, "dark"))
    ],
)
def test_the_hotel_page_journey(new_page, server_url, code, width, scheme):
    prefix = "" if code == "en" else f"/{code}"
    phone = width < 640
    page = new_page(
        width=width,
        height=860,
        color_scheme=scheme,
        bypass_csp=True,
        has_touch=phone,
        is_mobile=phone,
    )
    page.goto(f"{server_url}{prefix}/hotels/search?place=2002&{STAY}")
    card = page.locator(".hotel-card").filter(has=page.locator(".hotel-card__nightly")).first
    name = card.locator(".hotel-card__name").inner_text()
    with page.expect_navigation():
        card.locator(".hotel-card__name a").click()
    assert f"check_in={CHECK_IN}" in page.url and "guests=2-7" in page.url
    expect(page.locator(".hotel-summary h1")).to_have_text(name)
    expect(page.locator(".offer--chosen")).to_have_count(1)  # the offer seen on the card
    mounted(page, "Header")
    assert axe_violations(page) == []

    # The gallery, by keyboard; on a phone also by finger in the viewer.
    strip = page.locator("#gallery-strip")
    tab_to(page, strip)
    gallery = mounted(page, "Gallery")
    page.keyboard.press("ArrowLeft" if code == "he" else "ArrowRight")
    expect(gallery.locator("[data-gallery-count]")).to_have_text(re.compile(r"^2\s*/"))
    page.keyboard.press("Enter")
    viewer = page.locator("dialog.viewer[open]")
    total = page.locator("#gallery-strip li").count()
    label = viewer.locator(".viewer__count")
    expect(label).to_have_text(translate("gallery.photo", code, number=2, total=total))
    if phone:
        box = viewer.locator(".viewer__stage").bounding_box()
        middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        touch(page, [(middle, (160 if code == "he" else -160, 0))])
        expect(label).to_have_text(translate("gallery.photo", code, number=3, total=total))
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)

    # The map, once scrolled to.
    page.locator(".hotel-location").scroll_into_view_if_needed()
    expect(page.locator('.map[data-map-state="ready"]')).to_be_visible(timeout=20_000)
    expect(page.get_by_role("img", name=name).locator(".map-pin")).to_be_visible()

    # Room areas follow the unit.
    area = page.locator(".room-card [data-area-m]").first
    metres = int(area.get_attribute("data-area-m"))
    mounted(page, "UnitToggle").get_by_role("button").click()
    expect(area).to_have_text(re.compile(str(round(metres / 0.09290304))))

    # Rooms with free cancellation only.
    page.locator("details.room-filters > summary").click()
    page.locator(".room-filters__form input[name=free_cancellation]").check()
    with page.expect_navigation():
        page.locator(".room-filters__form button[type=submit]").click()
    offers = page.locator(".offer")
    assert offers.count() > 0
    expect(page.locator(".offer .offer__policy--free")).to_have_count(offers.count())
    assert axe_violations(page) == []

    # The hotel kept as a favorite, on /favorites after a reload.
    heart = page.locator(".hotel-summary__title").get_by_role(
        "button", name=translate("favorites.toggle", code, hotel=name)
    )
    heart.click()
    expect(heart).to_have_attribute("aria-pressed", "true")
    back = page.url
    page.goto(f"{server_url}{prefix}/favorites")
    page.wait_for_url(re.compile("hotels="))
    page.reload()
    expect(page.locator(".hotel-card__name")).to_have_text([name])
    page.goto(back)

    # An offer chosen: /book with it and its price.
    offer = page.locator(".offer").first
    total_text = offer.locator(".offer__total").inner_text()
    with page.expect_navigation():
        offer.locator(".offer__choose").click()
    assert f"{prefix}/book?" in page.url
    expect(page.locator(".book__hotel-name")).to_have_text(name)
    gross_or_net = page.locator(".book__lines").inner_text()
    assert re.search(r"\d", gross_or_net) and total_text
    expect(page.locator(".book__price h2")).to_have_text(translate("book.price_title", code))
    assert axe_violations(page) == []
