"""Results and browse pages against the sandbox: counts, prices and orderings are the provider's
answers, shown in the visitor's currency and price display; every locale renders them; unknown
places give the 404 page; a provider that fails gives a page with a notice, never a 500."""

import re
from datetime import timedelta
from html import unescape

import pytest
import requests
from django.conf import settings
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.catalog.formatting import format_money
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today

pytestmark = pytest.mark.usefixtures("provider")

CHECK_IN = today() + timedelta(days=40)
CHECK_OUT = CHECK_IN + timedelta(days=3)
DATES = {"check_in": CHECK_IN.isoformat(), "check_out": CHECK_OUT.isoformat()}
BARCELONA = 2002


def sandbox(method, path, **kwargs):
    """The provider's own answer, asked directly."""
    headers = {"Authorization": f"Bearer {settings.UPSTREAM_CLIENT_TOKEN}"}
    response = requests.request(method, settings.UPSTREAM_URL + path, headers=headers, **kwargs)
    response.raise_for_status()
    return response.json()["data"]


def lowest_offers(currency="USD", guests=((2, ()),)):
    body = {
        "place": BARCELONA,
        **DATES,
        "occupancies": [{"adults": a, "children": list(c)} for a, c in guests],
        "currency": currency,
        "guest_country": None,
        "locale": "en",
        "mode": "lowest",
    }
    return {h["hotel_id"]: h for h in sandbox("POST", "/v3/hotels/rates", json=body)}


def cards(html):
    """(name, nightly text) of each hotel card, in page order ("" without a price)."""
    found = []
    for card in html.split('<li class="hotel-card')[1:]:
        name = re.search(r'class="hotel-card__name"><a href="[^"]*">([^<]*)</a>', card).group(1)
        nightly = re.search(r'<p class="hotel-card__nightly">([^<]*)</p>', card)
        found.append((name, nightly.group(1) if nightly else ""))
    return found


def test_every_hotel_of_the_place_is_counted_and_the_first_page_has_twenty(client):
    hotels = sandbox("GET", "/v3/hotels", params={"place": BARCELONA, "locale": "en"})
    html = client.get("/hotels/search", {"destination": "Barcelona"}).content.decode()
    assert translate("results.count", "en", count=len(hotels)) in html
    assert len(cards(html)) == 20
    first = sorted(hotels, key=lambda h: (h["rank"], h["id"]))[0]
    assert cards(html)[0][0] == escape(first["name"])


def test_price_sort_shows_the_providers_cheapest_offers_in_order(client):
    offers = lowest_offers()
    hotels = {h["id"]: h for h in sandbox("GET", "/v3/hotels", params={"place": BARCELONA})}
    nightly = {
        hid: min(o["price"]["net_per_night"] for o in h["offers"])
        for hid, h in offers.items()
        if h["offers"]
    }
    expected = sorted(nightly, key=lambda hid: (nightly[hid], hotels[hid]["rank"], hid))[:20]
    html = client.get(
        "/hotels/search", {"place": BARCELONA, **DATES, "sort": "price_asc"}
    ).content.decode()
    shown = cards(html)
    assert [n for n, _ in shown] == [escape(hotels[h]["name"]) for h in expected]
    for (_, text), hid in zip(shown, expected, strict=True):
        assert format_money(nightly[hid], "USD", "en") in text


def test_a_currency_and_gross_display_show_the_same_offer_converted(client):
    """In EUR and gross, the dearest hotel's card shows the provider's EUR gross per night of
    its cheapest offer (cheapest by what is paid)."""
    offers = lowest_offers("EUR")
    gross = {
        hid: min(h["offers"], key=lambda o: o["price"]["gross"])["price"]
        for hid, h in offers.items()
        if h["offers"]
    }
    top = max(gross.values(), key=lambda p: p["gross_per_night"])
    client.cookies["priceDisplay"] = "gross"
    html = client.get(
        "/hotels/search", {"place": BARCELONA, **DATES, "sort": "price_desc", "currency": "EUR"}
    ).content.decode()
    _name, text = cards(html)[0]
    assert format_money(top["gross_per_night"], "EUR", "en") in text
    assert translate("results.gross_note", "en") in html


def test_filters_leave_only_matching_hotels(client):
    html = client.get(
        "/hotels/search",
        {"place": BARCELONA, **DATES, "stars": ["4", "5"], "free_cancellation": "1"},
    ).content.decode()
    hotels = {h["name"]: h for h in sandbox("GET", "/v3/hotels", params={"place": BARCELONA})}
    offers = lowest_offers()
    expected = [
        h
        for h in hotels.values()
        if h["stars"] in (4, 5) and any(o["refundable"] for o in offers[h["id"]]["offers"])
    ]
    assert translate("results.matching", "en", count=len(expected)) in html
    for name, _ in cards(html):
        assert hotels[name.replace("&#39;", "'").replace("&amp;", "&")]["stars"] in (4, 5)


@pytest.mark.parametrize("code", list(LOCALES))
def test_results_render_in_every_locale_without_keys(client, code):
    prefix = LOCALES[code].prefix
    html = client.get(f"{prefix}/hotels/places/es/barcelona", DATES).content.decode()
    assert 'class="hotel-card' in html
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    shown = re.sub(r"<script[^>]*>.*?</script>", "", main, flags=re.S)  # props carry keys
    words = r"results|filters|sort|board|review|guests|search|favorites|amenities|pagination"
    keys = re.findall(rf"[>\s\"]((?:{words})\.[a-z_.]+)", shown)
    assert not keys, (code, keys[:5])
    assert escape(translate("filters.title", code)) in main
    # Each card's heart, drawn by the server for an anonymous visitor, is named in the locale.
    for name, _ in cards(html):
        named = escape(translate("favorites.toggle", code, hotel=unescape(name)))
        assert f'title="{named}"' in main and f">{named}</span>" in main, (code, name)


@pytest.mark.parametrize(
    "path",
    [
        "/hotels/narnia",
        "/hotels/spain/atlantis",
        "/hotels/spain/barcelona/no-such-hotel",
        "/hotels/destination/spain/atlantis",
        "/hotels/place/999999/results",
        "/hotels/place/spain/99999999",
    ],
)
def test_unknown_places_and_hotels_give_the_404_page(client, path):
    assert client.get(path).status_code == 404


@pytest.mark.parametrize("code", ["en", "he", "ja", "de"])
def test_a_provider_that_fails_gives_a_localised_notice(client, settings, code):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"
    prefix = LOCALES[code].prefix
    response = client.get(f"{prefix}/hotels/search", {"destination": "Barcelona", **DATES})
    assert response.status_code == 200  # a page, never an error (tests/brands/test_resolution)
    assert escape(translate("results.unavailable", code)) in response.content.decode()
    assert "no-store" in response["Cache-Control"] and response["X-Robots-Tag"] == "noindex"


def test_the_no_js_guests_fields_become_one_guests_parameter(client):
    response = client.get(
        "/hotels/search",
        {
            "destination": "Barcelona",
            **DATES,
            "rooms": "1",
            "adults": "2",
            "children": "1",
            "age": "7",
        },
    )
    assert response.status_code == 302
    assert "guests=2-7" in response["Location"]


def test_bad_dates_are_explained_under_their_field(client):
    past = today() - timedelta(days=2)
    html = client.get(
        "/de/hotels/search",
        {"destination": "Barcelona", "check_in": past.isoformat(), "check_out": CHECK_OUT},
    ).content.decode()
    assert escape(translate("search.errors.past", "de")) in html
    assert 'aria-invalid="true"' in html


def _ld(html):
    import json

    block = html.split('<script type="application/ld+json"', 1)[1].split(">", 1)[1]
    return json.loads(block.split("</script>", 1)[0])


def test_browse_pages_describe_their_hotels_as_a_schema_org_item_list(client):
    data = _ld(client.get("/hotels/spain/barcelona").content.decode())
    assert data["@type"] == "ItemList" and len(data["itemListElement"]) == 20
    hotel = data["itemListElement"][0]["item"]
    assert hotel["@type"] == "Hotel" and hotel["address"]["addressCountry"] == "ES"
    assert 0 < hotel["aggregateRating"]["ratingValue"] <= 10
    assert hotel["url"].startswith("http") and "?" not in hotel["url"]


@pytest.mark.parametrize(
    "path",
    [
        f"/hotels/search?place=2002&check_in={CHECK_IN}&check_out={CHECK_OUT}&guests=2",
        f"/he/hotels/spain/barcelona?check_in={CHECK_IN}&check_out={CHECK_OUT}",
        "/hotels/spain/barcelona?stars=5",
        "/hotels/spain?guests=3",
    ],
)
def test_only_the_lists_own_address_carries_its_item_list(client, path):
    """A dated, narrowed or re-guested copy of a list names the browse page as canonical (or is
    noindex): the list's structured data is the browse page's, not repeated in each copy."""
    html = client.get(path).content.decode()
    assert 'class="hotel-card' in html  # the list is there
    assert '"ItemList"' not in html
    own = path.split("?")[0].replace("/hotels/search", "/hotels/spain/barcelona")
    assert '"ItemList"' in client.get(own).content.decode()


def test_a_hotel_name_cannot_close_the_structured_data(client, monkeypatch):
    from storefront.hotels import presenters

    assert presenters.ld_json({"name": "</script><script>alert(1)</script>"}).count("<") == 0


def test_the_sitemap_lists_every_country_and_destination(client):
    xml = client.get("/sitemaps/en-1.xml").content.decode()
    xml += client.get("/sitemaps/pages.xml").content.decode()
    locations = set(re.findall(r"<loc>http://127.0.0.1:8000(/hotels/[^<]*)</loc>", xml))
    countries = sandbox("GET", "/v3/places", params={"type": "country"})
    assert {f"/hotels/{c['slug']}" for c in countries} <= locations
    assert {"/hotels/spain/barcelona", "/hotels/israel/eilat", "/hotels/israel/dead-sea"} <= (
        locations
    )


def test_when_the_provider_fails_the_sitemap_lists_what_it_listed_before(client, provider_proxy):
    from django.core.cache import cache

    from storefront.serving import page_cache
    from storefront.upstream.inventory import content, memo

    paths = ("/sitemap.xml", "/sitemaps/ja-2.xml", "/sitemaps/he-6.xml")
    before = [client.get(path) for path in paths]
    assert [r.status_code for r in before] == [200, 200, 200]
    provider_proxy.mode, asked = "fail", provider_proxy.requests
    page_cache.invalidate()  # nothing kept by the page cache...
    memo.clear()  # ...nor by this process...
    cache.delete(content.key("directory"))  # ...nor as content: only the last whole directory
    after = [client.get(path) for path in paths]
    assert [r.content for r in after] == [r.content for r in before]
    assert provider_proxy.requests > asked  # it was asked again, and failed
