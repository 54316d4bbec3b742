"""A hotel's gallery in the browser (issue 13, item 1): its code arrives on the first
interaction only; the strip moves by keyboard and by buttons; the full-screen viewer opens from
a photo (even one clicked before the code arrived) or "show all", moves by keys and by a finger
swipe (mirrored in Hebrew), zooms by a pinch and by its buttons, closes on Escape and gives the
focus back; axe finds nothing in any state."""

import re

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from tests.e2e.helpers import axe_violations, mounted, tab_to, touch
from tests.search.test_hotel_page import hotels

pytestmark = pytest.mark.usefixtures("demo_data")

PHONE = {"width": 375, "height": 800, "has_touch": True, "is_mobile": True}


def hotel_path(locale="en"):
    hotel = hotels(2002, 1)[0]
    prefix = "" if locale == "en" else f"/{locale}"
    return (
        f"{prefix}/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}",
        len(hotel["photos"]),
    )


def photo_label(locale, number, total):
    return translate("gallery.photo", locale, number=number, total=total)


@pytest.mark.parametrize("locale,scheme", [("en", "light"), ("ja", "dark")])
def test_the_gallery_by_keyboard(new_page, server_url, locale, scheme):
    path, total = hotel_path(locale)
    page = new_page(width=1280, color_scheme=scheme, bypass_csp=True)
    chunks = []
    page.on("request", lambda r: chunks.append(r.url) if "/Gallery-" in r.url else None)
    page.goto(server_url + path)
    mounted(page, "Header")
    assert chunks == []  # not in the page's initial code

    strip = page.locator("#gallery-strip")
    tab_to(page, strip)  # the first focus in the gallery brings its code; the focus stays
    gallery = mounted(page, "Gallery")
    assert chunks
    expect(strip).to_be_focused()
    count = gallery.locator("[data-gallery-count]")
    expect(count).to_have_text(re.compile(r"^1\s*/\s*\d+$"))
    page.keyboard.press("ArrowRight")
    expect(count).to_have_text(re.compile(r"^2\s*/"))
    page.keyboard.press("End")
    expect(gallery.get_by_role("button", name=translate("gallery.next", locale))).to_be_disabled()
    page.keyboard.press("Home")
    expect(count).to_have_text(re.compile(r"^1\s*/"))
    assert axe_violations(page) == []
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the viewer opens on the strip's photo
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer.locator(".viewer__count")).to_have_text(photo_label(locale, 2, total))
    page.keyboard.press("Escape")
    expect(strip).to_be_focused()
    page.keyboard.press("Home")
    expect(count).to_have_text(re.compile(r"^1\s*/"))

    show_all = gallery.get_by_role(
        "button", name=translate("gallery.show_all", locale, count=total)
    )
    tab_to(page, show_all)
    page.keyboard.press("Enter")
    expect(viewer).to_be_visible()
    expect(viewer.get_by_role("button", name=translate("gallery.close", locale))).to_be_focused()
    expect(viewer.locator(".viewer__count")).to_have_text(photo_label(locale, 1, total))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(viewer.locator(".viewer__count")).to_have_text(photo_label(locale, 3, total))
    photo = viewer.locator("img")
    expect(photo).to_have_attribute("alt", photo_label(locale, 3, total))
    assert photo.evaluate("(img) => img.decode().then(() => img.naturalWidth)") > 0
    page.keyboard.press("+")
    expect(viewer.locator(".viewer__stage")).not_to_have_attribute("data-zoom", "1.00")
    assert axe_violations(page) == []
    page.keyboard.press("Escape")
    expect(viewer).to_have_count(0)
    expect(show_all).to_be_focused()
    expect(count).to_have_text(re.compile(r"^3\s*/"))  # the strip shows where the viewer was


@pytest.mark.parametrize("locale,scheme", [("he", "dark"), ("de", "light")])
def test_the_gallery_by_finger_on_a_phone(new_page, server_url, locale, scheme):
    path, total = hotel_path(locale)
    page = new_page(**PHONE, color_scheme=scheme, bypass_csp=True)
    page.goto(server_url + path)
    mounted(page, "Header")

    # The photo is tapped before the gallery's code is there: it opens all the same.
    release = []
    page.route("**/Gallery-*.js", lambda route: release.append(route))
    with page.expect_request("**/Gallery-*.js"):
        page.locator(".gallery__item").first.tap()
    while not release:  # the route handler runs when Playwright next reads the page's events
        page.evaluate("0")
    assert page.url == server_url + path  # the tap was held: the link did not navigate
    for route in release:
        route.continue_()
    mounted(page, "Gallery")
    viewer = page.locator("dialog.viewer[open]")
    expect(viewer).to_be_visible()
    label = viewer.locator(".viewer__count")
    expect(label).to_have_text(photo_label(locale, 1, total))

    box = viewer.locator(".viewer__stage").bounding_box()
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    forward = 1 if locale == "he" else -1  # the next photo lies to the left in Hebrew
    touch(page, [(middle, (forward * 160, 0))])
    expect(label).to_have_text(photo_label(locale, 2, total))
    touch(page, [(middle, (-forward * 160, 0))])
    expect(label).to_have_text(photo_label(locale, 1, total))
    touch(page, [(middle, (0, 40))])  # mostly down: no change of photo
    expect(label).to_have_text(photo_label(locale, 1, total))

    # Two fingers moving apart zoom in; while zoomed a swipe pans instead of changing photo.
    x, y = middle
    touch(page, [((x - 30, y), (-70, 0)), ((x + 30, y), (70, 0))])
    stage = viewer.locator(".viewer__stage")
    assert float(stage.get_attribute("data-zoom")) > 1.5
    touch(page, [(middle, (forward * 160, 0))])
    expect(label).to_have_text(photo_label(locale, 1, total))
    zoom_out = viewer.get_by_role("button", name=translate("gallery.zoom_out", locale))
    while zoom_out.is_enabled():
        zoom_out.tap()
    expect(stage).to_have_attribute("data-zoom", "1.00")
    assert axe_violations(page) == []
    viewer.get_by_role("button", name=translate("gallery.close", locale)).tap()
    expect(viewer).to_have_count(0)
