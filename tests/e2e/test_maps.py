"""The two map views in the browser (issue 13, item 3): the library's code arrives only when a
map is shown; a hotel page's map (Leaflet over the sandbox's raster tiles) draws the hotel's pin
once scrolled to; results open a map beside the list (MapLibre GL over the sandbox's vector
style) with a price marker a hotel that leads to it; no CSP violation; axe finds nothing."""

import re
from datetime import timedelta

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.search.query import today
from tests.e2e.helpers import axe_violations, mounted

pytestmark = pytest.mark.usefixtures("demo_data")

HOTEL = "/hotels/spain/barcelona/metropole-sands"
CHECK_IN = today() + timedelta(days=28)
DATES = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=2)}"


def watch(page):
    """Map library chunks requested, and CSP violations reported, as they happen."""
    seen = {"chunks": [], "refused": []}
    page.on(
        "request",
        lambda r: (
            seen["chunks"].append(r.url)
            if re.search(r"/(leaflet|maplibre)-[A-Z0-9]+\.js", r.url)
            else None
        ),
    )
    page.on(
        "console",
        lambda m: seen["refused"].append(m.text) if "Content Security Policy" in m.text else None,
    )
    return seen


@pytest.mark.parametrize(
    "code,width,scheme", [("en", 1280, "light"), ("he", 375, "dark"), ("ja", 1280, "dark")]
)
def test_the_hotel_on_its_map(new_page, server_url, code, width, scheme):
    prefix = "" if code == "en" else f"/{code}"
    page = new_page(width=width, color_scheme=scheme)  # the page's own CSP, not bypassed
    seen = watch(page)
    page.goto(f"{server_url}{prefix}{HOTEL}")
    mounted(page, "Header")
    assert seen["chunks"] == []  # the map is far below: no map code yet
    page.locator(".hotel-location").scroll_into_view_if_needed()
    expect(page.locator('.map[data-map-state="ready"]')).to_be_visible(timeout=20_000)
    assert any("/leaflet-" in url for url in seen["chunks"])
    pin = page.get_by_role("img", name="Metropole Sands")
    expect(pin.locator(".map-pin")).to_be_visible()
    # The pin stands on the hotel's spot, in Hebrew too (its tip under its middle).
    spot, drawn = pin.bounding_box(), pin.locator(".map-pin").bounding_box()
    assert abs(drawn["x"] + drawn["width"] / 2 - spot["x"]) < 2, (code, spot, drawn)
    tiles = page.locator(".leaflet-tile-loaded")
    expect(tiles.first).to_be_visible()
    assert "/maps/tiles/" in tiles.first.get_attribute("src")
    zoom_in = page.get_by_role("button", name=translate("map.zoom_in", code))
    expect(zoom_in).to_be_visible()
    assert seen["refused"] == []


@pytest.mark.parametrize("code,width,scheme", [("de", 1280, "light"), ("he", 375, "dark")])
def test_results_on_a_map_beside_the_list(new_page, server_url, settings, code, width, scheme):
    settings.MAP_PROVIDER = "maplibre"
    page = new_page(width=width, color_scheme=scheme)
    seen = watch(page)
    page.goto(f"{server_url}/{code}/hotels/search?place=2002&{DATES}")
    toggle = mounted(page, "Map").get_by_role("button", name=translate("map.show_results", code))
    expect(toggle).to_have_attribute("aria-expanded", "false")
    assert seen["chunks"] == []
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator('.map[data-map-state="ready"]')).to_be_visible(timeout=30_000)
    assert any("/maplibre-" in url for url in seen["chunks"])
    markers = page.locator("#results-map .map-price")
    expect(markers).to_have_count(page.locator(".hotel-card").count())
    first_card = page.locator(".hotel-card").first
    name = first_card.locator(".hotel-card__name").inner_text()
    price = first_card.locator(".hotel-card__nightly").inner_text()
    marker = page.get_by_role(
        "link", name=translate("map.marker", code, hotel=name, price=re.sub(r"\s+", " ", price))
    )
    if not marker.count():  # the card reads "price per night"; the marker names the price alone
        marker = page.locator(f'#results-map .map-price[aria-label^="{name}"]')
    expect(marker.first).to_be_attached()
    assert_no_price_covers_another(page)
    if width >= 1024:  # beside the list
        map_box = page.locator("#results-map").bounding_box()
        list_box = page.locator(".results__list").bounding_box()
        assert map_box["x"] >= list_box["x"] + list_box["width"] - 1 or code == "he"
        assert abs(map_box["y"] - list_box["y"]) < 40
    assert seen["refused"] == []
    href = marker.first.get_attribute("href")
    marker.first.evaluate("(link) => link.click()")
    page.wait_for_url(re.compile(re.escape(href.split("?")[0])))
    assert page.locator(".hotel-summary h1").inner_text() == name


COVERING = """() => {
  const boxes = [...document.querySelectorAll("#results-map .map-price:not(.map-price--dot)")]
    .map((e) => e.getBoundingClientRect());
  return boxes.flatMap((a, i) => boxes.slice(i + 1).filter((b) =>
    a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top)).length;
}"""
UNCOVERED = """(e) => { const r = e.getBoundingClientRect();
  return e.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""


def assert_no_price_covers_another(page):
    """The sandbox's Barcelona has hotels a street apart: their prices would lie over one
    another, so all but the first in the list's order are dots (Map.jsx, declutter), and a
    dot pointed at reads its price."""
    assert page.evaluate(COVERING) == 0
    dots = page.locator("#results-map .map-price--dot")
    assert dots.count() > 0
    dot = next(d for d in dots.all() if d.evaluate(UNCOVERED))
    assert dot.bounding_box()["width"] < 20
    dot.hover()
    expect(dot).to_have_text(re.compile(r"\d"))
    assert dot.bounding_box()["width"] > 40  # the price, on top of the others


def test_maps_pass_axe(new_page, server_url, settings):
    settings.MAP_PROVIDER = "leaflet"  # markers are ours either way; Leaflet needs no WebGL
    page = new_page(width=1280, bypass_csp=True)
    page.goto(f"{server_url}{HOTEL}")
    page.locator(".hotel-location").scroll_into_view_if_needed()
    expect(page.locator('.map[data-map-state="ready"]')).to_be_visible(timeout=20_000)
    assert axe_violations(page) == []
    page.goto(f"{server_url}/hotels/search?place=2002&{DATES}")
    mounted(page, "Map").get_by_role("button").click()
    expect(page.locator('.map[data-map-state="ready"]')).to_be_visible(timeout=20_000)
    assert_no_price_covers_another(page)  # Leaflet's markers, too
    assert axe_violations(page) == []
