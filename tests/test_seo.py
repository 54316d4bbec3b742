"""Canonical URL, hreflang alternates for 39 locales plus x-default, sitemap.xml, robots.txt."""

import re

from django.utils.html import escape

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.pages.routes import PAGES


def test_canonical_and_alternates(client):
    html = client.get("/ja/hotels?currency=EUR").content.decode()
    assert '<link rel="canonical" href="http://testserver/ja/hotels">' in html
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert len(alternates) == 40
    assert alternates["x-default"] == "http://testserver/hotels"
    assert alternates["en"] == "http://testserver/hotels"
    assert alternates["zh-TW"] == "http://testserver/zh-tw/hotels"
    assert alternates["he"] == "http://testserver/he/hotels"


def test_localised_title_and_description(client):
    html = client.get("/fr/hotels").content.decode()
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert title.startswith("Hôtels") and "Travelnest" in title
    description = translate("meta.description", "fr")
    assert description != translate("meta.description", "en")
    assert f'<meta name="description" content="{escape(description)}">' in html
    assert '<meta name="theme-color" content="#044AFF">' in html


def test_sitemap_lists_every_indexable_static_page_in_every_locale(client):
    xml = client.get("/sitemap.xml").content.decode()
    locations = re.findall(r"<loc>([^<]+)</loc>", xml)
    statics = [p for p in PAGES if p.static and p.indexable]
    assert len(statics) >= 15
    assert len(locations) == len(statics) * len(LOCALES)
    assert not any(loc.endswith(("/pay", "/login", "/account/reservations")) for loc in locations)
    assert "http://testserver/pt-br/hotels/places/es/barcelona" in locations
    assert 'hreflang="x-default"' in xml
    assert xml.count("<xhtml:link") == len(locations) * (len(LOCALES) + 1)


def test_robots_txt_points_at_the_sitemap_and_hides_private_pages(client):
    body = client.get("/robots.txt").content.decode()
    assert "Sitemap: http://testserver/sitemap.xml" in body
    for path in ("/pay", "/account/reservations", "/transaction", "/login", "/widgets/search"):
        assert f"Disallow: {path}\n" in body and f"Disallow: /*{path}\n" in body
    assert "Disallow: /hotels" not in body


def test_private_pages_are_noindex(client):
    assert '<meta name="robots" content="noindex">' in client.get("/de/pay").content.decode()
    assert 'name="robots"' not in client.get("/de/hotels").content.decode()
