"""The two map views (issue 13, item 3): the Map island's props on a hotel page (the hotel's
pin) and on results (a price marker a hotel, linking to it), the library chosen by the brand or
the setting, the page's CSP widened by exactly the map's origins, and the sandbox's own map
service (tiles, a vector style over GeoJSON)."""

import re
from datetime import timedelta
from html import unescape

import pytest
import requests

from storefront.i18n.catalog import translate
from storefront.search.query import today
from tests.islands.helpers import island_props

pytestmark = pytest.mark.usefixtures("provider")

HOTEL = "/hotels/spain/barcelona/metropole-sands"


def csp(response, directive):
    header = response["Content-Security-Policy"]
    found = re.search(rf"(?:^|;\s*){directive} ([^;]*)", header)
    return found.group(1).split() if found else []


def test_a_hotel_page_shows_its_hotel_on_a_leaflet_map_by_default(client, sandbox_url):
    response = client.get(HOTEL)
    props = island_props(response.content.decode(), "Map")
    assert props["provider"] == "leaflet" and props["mode"] == "inline"
    assert props["tiles"] == f"{sandbox_url}/maps/tiles/{{z}}/{{x}}/{{y}}.png"
    assert props["title"] == translate("map.title", "en")
    [marker] = props["markers"]
    assert props["center"] == [marker["lat"], marker["lng"]] and marker["url"] == ""
    assert marker["name"] == "Metropole Sands"
    assert sandbox_url in csp(response, "img-src")
    assert sandbox_url not in csp(response, "connect-src")
    assert 'data-island="Map" data-props' in response.content.decode()
    assert 'data-load="visible"' in response.content.decode()
    # A page without a map does not widen its CSP for one.
    assert sandbox_url not in csp(client.get("/about"), "img-src")


def test_results_put_each_hotel_on_the_map_with_its_price(client, settings, sandbox_url):
    settings.MAP_PROVIDER = "maplibre"
    check_in = today() + timedelta(days=30)
    stay = {"check_in": check_in, "check_out": check_in + timedelta(days=2)}
    response = client.get("/hotels/search", {"place": 2002, **stay})
    html = response.content.decode()
    props = island_props(html, "Map")
    assert props["provider"] == "maplibre" and props["mode"] == "beside"
    assert props["style"] == f"{sandbox_url}/maps/style.json"
    assert 'id="results-map"' in html and props["slot"] == "results-map"
    cards = re.findall(r'class="hotel-card__name"><a href="([^"]*)">([^<]*)</a>', html)
    nightly = re.findall(r'<p class="hotel-card__nightly">([^<]*)</p>', html)
    assert len(props["markers"]) == len(cards) == 20
    for marker, (url, name) in zip(props["markers"], cards, strict=True):
        assert marker["url"] == unescape(url) and marker["name"] == unescape(name)
    priced = [m for m in props["markers"] if m["price"]]
    assert priced
    for marker in priced:
        assert translate("results.per_night", "en", price=marker["label"]) in nightly
        assert marker["description"] == translate(
            "map.marker", "en", hotel=marker["name"], price=marker["label"]
        )
    # MapLibre fetches its style: the style's origin is allowed to connect, and only it.
    assert csp(response, "connect-src") == ["'self'", sandbox_url]


def test_a_brand_may_choose_the_other_library(client, settings):
    from storefront.brands.models import BrandOverride

    settings.MAP_PROVIDER = "leaflet"
    BrandOverride.objects.create(
        kind="white-label", key="maps.example.com", map_provider="maplibre"
    )
    assert island_props(client.get(HOTEL).content.decode(), "Map")["provider"] == "leaflet"
    config = BrandOverride.objects.get(key="maps.example.com").as_config()
    assert config["map_provider"] == "maplibre"


def test_configured_tiles_and_style_replace_the_sandbox(client, settings):
    settings.MAP_TILES_URL = "https://tiles.example.net/{z}/{x}/{y}.png"
    settings.MAP_ATTRIBUTION = "© Example maps"
    response = client.get(HOTEL)
    props = island_props(response.content.decode(), "Map")
    assert props["tiles"] == "https://tiles.example.net/{z}/{x}/{y}.png"
    assert props["attribution"] == "© Example maps"
    assert "https://tiles.example.net" in csp(response, "img-src")


def test_the_sandbox_serves_tiles_and_a_vector_style(sandbox_url):
    tile = requests.get(f"{sandbox_url}/maps/tiles/15/16581/12238.png", timeout=10)
    assert tile.status_code == 200 and tile.headers["Content-Type"] == "image/png"
    assert tile.content[:8] == b"\x89PNG\r\n\x1a\n" and "immutable" in tile.headers["Cache-Control"]
    again = requests.get(f"{sandbox_url}/maps/tiles/15/16581/12238.png", timeout=10)
    assert again.content == tile.content
    assert requests.get(f"{sandbox_url}/maps/tiles/3/8/1.png", timeout=10).status_code == 404
    style = requests.get(f"{sandbox_url}/maps/style.json", timeout=10).json()
    assert style["version"] == 8
    source = style["sources"]["areas"]
    assert source["type"] == "geojson" and source["data"].endswith("/maps/areas.geojson")
    assert {layer["type"] for layer in style["layers"]} == {"background", "fill", "line"}
    areas = requests.get(source["data"], timeout=10).json()
    assert areas["type"] == "FeatureCollection"
    kinds = {f["properties"]["kind"] for f in areas["features"]}
    assert kinds == {"town", "park", "ring", "avenue", "sea"}
