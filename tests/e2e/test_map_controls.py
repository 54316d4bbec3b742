"""The map's controls follow the page (issue 32, item 2): in Hebrew and Arabic, read right to
left, the zoom buttons sit at the top right and the credits at the bottom left, mirroring the
top left and bottom right of an English page; every name the controls carry (the buttons', the
credits' toggle, the map's own) is the page's language. Leaflet, the default, and MapLibre GL
alike (Map.jsx, ``corners``; static_src/maps/)."""

import pytest
from playwright.sync_api import expect

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

pytestmark = pytest.mark.usefixtures("demo_data")

HOTEL = "/hotels/spain/barcelona/metropole-sands"
CONTROLS = {  # the zoom buttons' group, the credits
    "leaflet": (".leaflet-control-zoom", ".leaflet-control-attribution"),
    "maplibre": (".maplibregl-ctrl-group", ".maplibregl-ctrl-attrib"),
}
NAMES = """(map) => [...map.querySelectorAll("[title], [aria-label]")]
  .flatMap((e) => [e.getAttribute("title"), e.getAttribute("aria-label")])
  .filter((name) => name !== null)"""


def _centre(box):
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.mark.parametrize("library", ["leaflet", "maplibre"])
@pytest.mark.parametrize("code", ["en", "he", "ar"])
def test_the_controls_sit_and_speak_as_the_page_reads(
    new_page, server_url, settings, code, library
):
    settings.MAP_PROVIDER = library
    page = new_page(width=1280)
    page.goto(f"{server_url}{LOCALES[code].prefix}{HOTEL}")
    page.locator(".hotel-location").scroll_into_view_if_needed()
    shown = page.locator(f'.map[data-map-state="ready"][data-map-provider="{library}"]')
    expect(shown).to_be_visible(timeout=30_000)

    zoom_in = shown.get_by_role("button", name=translate("map.zoom_in", code), exact=True)
    zoom_out = shown.get_by_role("button", name=translate("map.zoom_out", code), exact=True)
    expect(zoom_in).to_be_visible()
    expect(zoom_out).to_be_visible()
    expect(zoom_in).to_have_attribute("title", translate("map.zoom_in", code))

    zoom, credits = (shown.locator(selector) for selector in CONTROLS[library])
    expect(credits).to_be_visible()
    map_box = shown.bounding_box()
    middle_x, middle_y = _centre(map_box)
    zoom_x, zoom_y = _centre(zoom.bounding_box())
    credits_x, credits_y = _centre(credits.bounding_box())
    assert zoom_y < middle_y < credits_y  # zoom at the top, the credits at the bottom
    if LOCALES[code].dir == "rtl":
        assert credits_x < middle_x < zoom_x, (code, library, zoom_x, credits_x)
    else:
        assert zoom_x < middle_x < credits_x, (code, library, zoom_x, credits_x)

    # No name in the map is the library's English: each is one of the catalog's, or the pin's.
    ours = {translate(f"map.{key}", code) for key in ("title", "zoom_in", "zoom_out", "credits")}
    names = set(shown.evaluate(NAMES))
    assert names - ours == {"Metropole Sands"}, (code, library, names)
