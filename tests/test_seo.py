"""Canonical URL, hreflang alternates for 39 locales plus x-default, sitemap.xml, robots.txt.

Absolute links start with SITE_ORIGIN on canonical hosts (default http://127.0.0.1:8000), never
with the request's scheme or port; white-label hosts link to their own name.
"""

import re

import pytest
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.content.selectors import page_locales
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.pages.routes import CONTENT, PAGES


def test_canonical_and_alternates(client):
    html = client.get("/ja/hotels?currency=EUR").content.decode()
    assert '<link rel="canonical" href="http://127.0.0.1:8000/ja/hotels">' in html
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert len(alternates) == 40
    assert alternates["x-default"] == "http://127.0.0.1:8000/hotels"
    assert alternates["en"] == "http://127.0.0.1:8000/hotels"
    assert alternates["zh-TW"] == "http://127.0.0.1:8000/zh-tw/hotels"
    assert alternates["he"] == "http://127.0.0.1:8000/he/hotels"


def test_localised_title_and_description(client):
    html = client.get("/fr/hotels").content.decode()
    title = re.search(r"<title>(.*?)</title>", html).group(1)
    assert title.startswith("Hôtels") and "Travelnest" in title
    description = translate("meta.description", "fr")
    assert description != translate("meta.description", "en")
    assert f'<meta name="description" content="{escape(description)}">' in html
    assert '<meta name="theme-color" content="#044AFF">' in html


def test_sitemap_lists_every_indexable_static_page_in_every_locale(client):
    xml = client.get("/sitemaps/pages.xml").content.decode()
    locations = re.findall(r"<loc>([^<]+)</loc>", xml)
    statics = [p for p in PAGES if p.static and p.indexable and p.sitemap]
    assert len(statics) >= 12
    # An operator's page is listed in the locales it is written in (the shipped en and he).
    written = page_locales(host="127.0.0.1", fid=1)
    everywhere = [p for p in statics if p.view != CONTENT["view"]]
    operators = [p for p in statics if p.view == CONTENT["view"]]
    assert {p.name for p in operators} <= set(written) and written["terms-of-use"] == ("en", "he")
    listed = len(everywhere) * len(LOCALES) + sum(len(written[p.name]) for p in operators)
    assert len(locations) == listed
    assert "http://127.0.0.1:8000/he/terms-of-use" in locations
    assert "http://127.0.0.1:8000/de/terms-of-use" not in locations
    assert not any(loc.endswith(("/pay", "/login", "/account/reservations")) for loc in locations)
    assert "http://127.0.0.1:8000/pt-br/hotels/israel" in locations
    # A fixed city page is canonical to its city's browse page, which the locale files list.
    assert not any("/hotels/places/" in loc for loc in locations)
    assert 'hreflang="x-default"' in xml
    links = len(everywhere) * len(LOCALES) * (len(LOCALES) + 1)
    links += sum(len(written[p.name]) * (len(written[p.name]) + 1) for p in operators)
    assert xml.count("<xhtml:link") == links


def test_a_sitemap_the_provider_never_gave_content_for_is_retried_not_shortened(client):
    # No provider here, and no directory was ever kept: the index says "later", never a list
    # without the hotels (which a crawler would read as pages that are gone).
    response = client.get("/sitemap.xml")
    assert response.status_code == 503 and response["Retry-After"]
    assert client.get("/sitemaps/de-1.xml").status_code == 503


def test_robots_txt_points_at_the_sitemap_and_hides_private_pages(client):
    body = client.get("/robots.txt").content.decode()
    assert "Sitemap: http://127.0.0.1:8000/sitemap.xml" in body
    for path in ("/pay", "/account/reservations", "/transaction", "/login", "/widgets/search"):
        for locale_part in ("", "/*"):
            assert f"Disallow: {locale_part}{path}$\n" in body
            assert f"Disallow: {locale_part}{path}/\n" in body
    assert "Disallow: /hotels" not in body


def test_private_pages_are_noindex(client):
    assert '<meta name="robots" content="noindex">' in client.get("/de/pay").content.decode()
    assert 'name="robots"' not in client.get("/de/hotels").content.decode()


def _absolute_links(client, host):
    """Every absolute link the server writes for ``host``: the page's canonical, hreflang and
    x-default links, sitemap.xml's locations and alternates, robots.txt's Sitemap line."""
    headers = {"Host": host}
    html = client.get("/de/hotels", headers=headers).content.decode()
    page = re.findall(r'<link rel="(?:canonical|alternate)"[^>]* href="([^"]+)"', html)
    assert len(page) == 1 + len(LOCALES) + 1
    xml = client.get("/sitemaps/pages.xml", headers=headers).content.decode()
    sitemap = re.findall(r"<loc>([^<]+)</loc>", xml) + re.findall(
        r'<xhtml:link[^>]* href="([^"]+)"', xml
    )
    assert len(sitemap) > len(LOCALES)
    robots = client.get("/robots.txt", headers=headers).content.decode()
    sitemap_line = re.findall(r"^Sitemap: (\S+)$", robots, re.M)
    assert len(sitemap_line) == 1
    return page + sitemap + sitemap_line


@pytest.mark.parametrize("host", ["127.0.0.1:9999", "localhost:1", "LOCALHOST", "testserver"])
def test_canonical_hosts_link_to_site_origin_whatever_the_request_port(client, host):
    links = _absolute_links(client, host)
    assert all(link.startswith("http://127.0.0.1:8000/") for link in links), links
    assert "http://127.0.0.1:8000/de/hotels" in links
    assert "http://127.0.0.1:8000/sitemap.xml" in links


def test_site_origin_is_configured(client, settings):
    settings.SITE_ORIGIN = "https://www.example.com"
    links = _absolute_links(client, "127.0.0.1:9999")
    assert all(link.startswith("https://www.example.com/") for link in links), links


@pytest.mark.usefixtures("demo_data")
@pytest.mark.parametrize("host", ["acme.partners.localhost:7777", "ACME.Partners.localhost"])
def test_white_label_hosts_link_to_their_own_name_on_site_origins_port(client, host):
    links = _absolute_links(client, host)
    assert all(link.startswith("http://acme.partners.localhost:8000/") for link in links), links


@pytest.mark.usefixtures("demo_data")
def test_white_label_links_use_https_when_it_is_on_and_no_port_when_site_origin_has_none(
    client, settings
):
    settings.SITE_ORIGIN, settings.HTTPS = "http://www.example.com", True
    for host in ("acme.partners.localhost:7777", "travel.globex.localhost:1"):
        name = host.split(":")[0]
        links = _absolute_links(client, host)
        assert all(link.startswith(f"https://{name}/") for link in links), links
