"""Search engines see one site (issue 32, item 1): a page's canonical is the address the sitemap
lists and its hreflang alternates point to; a list reachable by several addresses names one of
them; narrowed lists are noindex; the sitemap is an index of files that list every country,
destination and hotel once, with alternates; structured data says what the page shows."""

import json
import re
from html import unescape

import pytest

from storefront.i18n.locales import LOCALES
from storefront.pages import sitemaps
from storefront.pages.routes import PAGES
from tests.stays import open_stay

pytestmark = pytest.mark.usefixtures("demo_data")

ORIGIN = "http://127.0.0.1:8000"
HOTEL = "/hotels/spain/barcelona/metropole-sands"


def _head(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    html = response.content.decode()
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    noindex = '<meta name="robots" content="noindex">' in html
    return (canonical[0] if canonical else None), alternates, noindex, html


@pytest.mark.parametrize("locale", ["fr", "he", "en"])
def test_every_address_of_a_city_list_names_the_one_the_sitemap_lists(client, locale):
    prefix = LOCALES[locale].prefix
    paths = [
        "/hotels/spain/barcelona",
        "/hotels/places/es/barcelona",
        "/hotels/destination/spain/barcelona",
        "/hotels/destination/spain/barcelona/results",
        "/hotels/destination/barcelona/results",
        "/hotels/search?place=2002",
        "/hotels/search?destination=Barcelona&place=2002&currency=EUR",
        "/hotels/place/results?place=2002",
        "/hotels/place/2002/results",
        "/hotels/spain/barcelona?check_in=2027-03-10&check_out=2027-03-13&guests=2-7",
    ]
    wanted = f"{ORIGIN}{prefix}/hotels/spain/barcelona"
    for path in paths:
        canonical, alternates, noindex, _ = _head(client, prefix + path)
        assert canonical == wanted, path
        assert not noindex, path
        assert alternates[LOCALES[locale].iso] == wanted
        assert alternates["x-default"] == f"{ORIGIN}/hotels/spain/barcelona"
        assert alternates["ja"] == f"{ORIGIN}/ja/hotels/spain/barcelona"


def test_a_country_and_a_hotel_name_one_address_whichever_form_was_asked(client):
    for path in ("/de/hotels/spain", "/de/hotels/destination/spain"):
        assert _head(client, path)[0] == f"{ORIGIN}/de/hotels/spain"
    hotel = f"{ORIGIN}/de{HOTEL}"
    for path in (
        f"/de{HOTEL}",
        f"/de{HOTEL}?check_in=2027-03-10&check_out=2027-03-13&guests=2&currency=ILS",
        "/de/hotels/destination/spain/barcelona/metropole-sands",
    ):
        canonical, alternates, _, _ = _head(client, path)
        assert canonical == hotel and alternates["de"] == hotel, path
        assert alternates["zh-TW"] == f"{ORIGIN}/zh-tw{HOTEL}"


@pytest.mark.parametrize(
    "query",
    ["sort=price_asc", "stars=4", "page=2", "amenity=pool&review=8", "free_cancellation=1"],
)
def test_a_narrowed_list_is_noindex_and_names_no_canonical(client, query):
    canonical, alternates, noindex, _ = _head(client, f"/it/hotels/spain/barcelona?{query}")
    assert noindex and canonical is None and not alternates


def test_a_search_that_found_no_one_place_is_noindex(client):
    _, _, noindex, html = _head(client, "/hotels/search?destination=Zzyzx+Nowhere")
    assert noindex
    _, _, bare, _ = _head(client, "/hotels/search")  # the search page itself is indexable
    assert not bare


def _locs(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    xml = response.content.decode()
    entries = re.findall(r"<url><loc>([^<]+)</loc>(.*?)</url>", xml)
    return [
        (loc, dict(re.findall(r'hreflang="([^"]+)" href="([^"]+)"', links)))
        for loc, links in entries
    ]


def test_the_sitemap_is_an_index_of_files_within_the_protocol_limits(client):
    index = client.get("/sitemap.xml")
    assert index.status_code == 200 and index["Content-Type"].startswith("application/xml")
    files = re.findall(r"<sitemap><loc>([^<]+)</loc></sitemap>", index.content.decode())
    assert files[0] == f"{ORIGIN}/sitemaps/pages.xml"
    per_locale = {
        code: [f for f in files if re.search(rf"/sitemaps/{code}-\d+\.xml$", f)] for code in LOCALES
    }
    counts = {len(found) for found in per_locale.values()}
    assert len(counts) == 1 and counts.pop() >= 2  # thousands of hotels: several files each
    assert len(files) == 1 + sum(len(found) for found in per_locale.values()) < 50_000
    last = client.get(per_locale["ko"][-1].removeprefix(ORIGIN))
    assert last.status_code == 200 and len(last.content) < 50 * 1024 * 1024
    assert 0 < last.content.count(b"<url>") <= sitemaps.PER_FILE
    after_last = per_locale["ko"][-1].removeprefix(ORIGIN).replace(".xml", "0.xml")
    assert client.get(after_last).status_code == 404


def test_a_locale_lists_every_country_destination_and_hotel_once(client):
    files = [
        f.removeprefix(ORIGIN)
        for f in re.findall(r"<loc>([^<]+)</loc>", client.get("/sitemap.xml").content.decode())
        if re.search(r"/sitemaps/es-\d+\.xml$", f) or f.endswith("/pages.xml")
    ]
    locs = [loc for path in files for loc, _ in _locs(client, path)]
    spanish = [loc for loc in locs if loc.startswith(f"{ORIGIN}/es/")]
    assert len(spanish) == len(set(spanish))  # nothing twice (/hotels/israel was)
    assert spanish.count(f"{ORIGIN}/es/hotels/israel") == 1
    assert f"{ORIGIN}/es{HOTEL}" in spanish
    assert f"{ORIGIN}/es/hotels/israel/eilat" in spanish
    from storefront.sandbox.inventory.store import inventory

    assert sum("/hotels/" in loc and loc.count("/") == 7 for loc in spanish) == len(
        inventory().hotels
    )


OPERATORS_PAGES = tuple(
    f"/{page.paths[0]}" for page in PAGES if page.view == "storefront.content.views.content_page"
)


def test_sitemap_entries_are_pages_whose_canonical_and_alternates_agree(client):
    """A crawl of a sample of every file's entries: each answers 200, names itself canonical,
    and writes the very alternates the sitemap gives it (which are reciprocal by construction:
    every alternate lists the same set)."""
    index = client.get("/sitemap.xml").content.decode()
    files = [f.removeprefix(ORIGIN) for f in re.findall(r"<loc>([^<]+)</loc>", index)]
    sample = [f for f in files if f.endswith(("/pages.xml", "/he-1.xml", "/ja-6.xml", "/de-3.xml"))]
    assert len(sample) == 4
    for path in sample:
        entries = _locs(client, path)
        for loc, alternates in entries[:: max(1, len(entries) // 12)]:
            canonical, page_alternates, noindex, _ = _head(client, loc.removeprefix(ORIGIN))
            assert canonical == loc and not noindex, loc
            assert page_alternates == alternates, loc
            assert loc in alternates.values()
            # An operator's page exists in the locales it is written in (storefront/content):
            # its alternates are those; every other page is in all 39, and x-default.
            if not loc.removeprefix(ORIGIN).endswith(OPERATORS_PAGES):
                assert len(alternates) == len(LOCALES) + 1, loc


def _ld(html, kind):
    for text in re.findall(r'<script type="application/ld\+json">(.*?)</script>', html):
        data = json.loads(text)
        if data.get("@type") == kind:
            return data
    raise AssertionError(f"no {kind}")


@pytest.mark.parametrize("locale", ["en", "he", "ja"])
def test_a_dated_hotel_page_says_what_it_sells_and_where_it_is(client, locale):
    check_in, check_out = open_stay(HOTEL, after=40, nights=2, rooms=1)
    prefix = LOCALES[locale].prefix
    _, _, _, html = _head(client, f"{prefix}{HOTEL}?check_in={check_in}&check_out={check_out}")
    hotel = _ld(html, "Hotel")
    offers = hotel["makesOffer"]
    shown = len(re.findall(r'class="[^"]*\boffer-row\b', html)) or len(
        re.findall(r'href="[^"]*/book\?', html)
    )
    assert offers and len(offers) == shown
    for offer in offers:
        assert offer["@type"] == "Offer" and offer["priceCurrency"] == "USD"
        assert re.fullmatch(r"\d+\.\d\d", offer["price"])
        assert offer["availability"].startswith("https://schema.org/")
        assert offer["name"]
    assert hotel["telephone"].startswith("+34 ")
    assert re.fullmatch(r"\d{5}", hotel["address"]["postalCode"])
    assert not re.search("[\u200e\u200f\u2066-\u2069\u061c]", hotel["priceRange"])
    # Undated: no offers, and no rates were asked for.
    _, _, _, undated = _head(client, f"{prefix}{HOTEL}")
    assert "makesOffer" not in _ld(undated, "Hotel")


@pytest.mark.parametrize(
    "path",
    [
        "/hotels/spain",
        "/hotels/spain/barcelona",
        HOTEL,
        "/hotels/israel",
        "/hotels/places/de/berlin",
    ],
)
@pytest.mark.parametrize("locale", ["en", "ar", "ko"])
def test_the_breadcrumb_data_matches_the_visible_trail(client, path, locale):
    _, _, _, html = _head(client, LOCALES[locale].prefix + path)
    trail = re.search(r'<nav class="trail"[^>]*>(.*?)</nav>', html, re.S).group(1)
    visible = [
        unescape(re.sub(r"<[^>]+>", "", item)) for item in re.findall(r"<li[^>]*>(.*?)</li>", trail)
    ]
    data = _ld(html, "BreadcrumbList")["itemListElement"]
    assert [item["name"] for item in data] == visible
    assert [item["position"] for item in data] == list(range(1, len(visible) + 1))
    links = re.findall(r'<a href="([^"]+)"', trail)
    assert [ORIGIN + link for link in links] == [item["item"] for item in data[:-1]]
    assert 'aria-current="page"' in trail
    for item in data:  # every step is a page that names that address as its own
        assert _head(client, item["item"].removeprefix(ORIGIN))[0] == item["item"]


def test_the_lead_form_passes_the_html_checker_autofill_rules(client):
    """Nu Html Checker: ``tel-national`` is refused on ``type=tel``, and a select of country
    codes ("US") cannot fill ``tel-country-code`` ("+1")."""
    html = client.get("/become-an-agent").content.decode()
    phone = re.search(r'<input[^>]*id="lead-phone"[^>]*>', html).group(0)
    assert 'type="text"' in phone and 'inputmode="tel"' in phone
    assert 'autocomplete="tel-national"' in phone
    select = re.search(r'<select[^>]*id="lead-country"[^>]*>', html).group(0)
    assert 'autocomplete="country"' in select
    assert 'value="US"' in html


@pytest.mark.parametrize("path", ["/hotels/spain/barcelona", HOTEL, "/favorites", "/searches"])
def test_no_section_lacks_a_heading(client, path):
    html = client.get(path).content.decode()
    for section in re.findall(r"<section\b.*?</section>", html, re.S):
        assert re.search(r"<h[1-6]\b", section), section[:120]
