"""The page cache (issue 14): public pages for anonymous visitors are rendered and compressed once,
keyed by everything that changes their bytes, never kept for anyone else, and dropped when a brand
or the inventory changes. The policy that makes this possible has no per-response nonce."""

import gzip
import json
import re
from datetime import timedelta

import brotli
import pytest
from django.test import Client

from storefront.brands.models import BrandOverride
from storefront.serving import page_cache

pytestmark = pytest.mark.usefixtures("provider", "demo_data")
HOST = "127.0.0.1"


def _get(path, *, cookies=None, client=None, **headers):
    client = client or Client()
    for name, value in (cookies or {}).items():
        client.cookies[name] = value
    return client.get(path, headers={"Host": HOST, "Accept-Encoding": "br", **headers})


def _text(response) -> str:
    encoding = response.get("Content-Encoding")
    body = response.content
    if encoding == "br":
        body = brotli.decompress(body)
    elif encoding == "gzip":
        body = gzip.decompress(body)
    return body.decode()


@pytest.mark.parametrize("path", ["/", "/he/", "/ja/hotels", "/de/privacy-policy", "/hotels/spain"])
def test_a_public_page_is_rendered_once_then_served_as_kept(path):
    first, second = _get(path), _get(path)
    assert (first["X-Page-Cache"], second["X-Page-Cache"]) == ("miss", "hit")
    assert first.content == second.content  # the same bytes: compressed once, when kept
    assert second["Content-Encoding"] == "br"
    assert int(second["Content-Length"]) == len(second.content)
    assert _text(second).startswith("<!doctype html>")
    assert second["Content-Security-Policy"] == first["Content-Security-Policy"]
    assert "nonce" not in second["Content-Security-Policy"]
    assert {"Accept-Encoding", "Cookie"} <= {v.strip() for v in second["Vary"].split(",")}
    assert "s-maxage=" in second["Cache-Control"] and "public" in second["Cache-Control"]
    from storefront.i18n.resolution import locale_from_path

    # the locale's cookie, as a rendered page sets it (/ then sends this visitor here)
    assert second.cookies["i18n_redirected"].value == locale_from_path(path)[0]


def test_each_encoding_is_its_own_kept_copy_of_the_same_page():
    _get("/de/")
    br, gz, plain = (
        _get("/de/"),
        _get("/de/", **{"Accept-Encoding": "gzip"}),
        _get("/de/", **{"Accept-Encoding": ""}),
    )
    assert [r["X-Page-Cache"] for r in (br, gz, plain)] == ["hit", "hit", "hit"]
    assert not plain.has_header("Content-Encoding")  # the gzip copy, decompressed
    assert plain.content.decode() == _text(br) == _text(gz)
    assert int(plain["Content-Length"]) == len(plain.content)
    assert br["Content-Encoding"] == "br" and gz["Content-Encoding"] == "gzip"
    assert not plain.has_header("Content-Encoding")
    assert _text(br) == _text(gz) == _text(plain)


@pytest.mark.parametrize("best", [True, False])
def test_kept_pages_are_compressed_once_at_the_configured_level(settings, best):
    """Production keeps brotli 11 and gzip 9; PAGE_CACHE_BEST_COMPRESSION off (the test suite)
    keeps the fast levels, brotli 5 and gzip 6."""
    settings.PAGE_CACHE_BEST_COMPRESSION = best
    br = _get("/ja/hotels")
    gz = _get("/ja/hotels", **{"Accept-Encoding": "gzip"})
    assert (br["X-Page-Cache"], gz["X-Page-Cache"]) == ("miss", "hit")
    content = brotli.decompress(br.content)
    assert br.content == brotli.compress(content, quality=11 if best else 5)
    assert gz.content == gzip.compress(content, compresslevel=9 if best else 6, mtime=0)


def test_a_kept_page_answers_a_revalidation_with_304():
    first = _get("/hotels")
    again = _get("/hotels", **{"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""


@pytest.mark.parametrize(
    ("cookie", "value", "seen"),
    [
        ("currency", "JPY", "JPY"),
        ("color-mode", "dark", 'data-theme="dark"'),
        ("country", "IL", '"IL"'),
        ("priceDisplay", "gross", "gross"),
    ],
)
def test_a_rendered_preference_is_part_of_the_key(cookie, value, seen):
    plain = _get("/hotels")
    chosen = _get("/hotels", cookies={cookie: value})
    assert chosen["X-Page-Cache"] == "miss"
    assert seen in _text(chosen)
    assert _text(chosen) != _text(plain)
    assert _get("/hotels", cookies={cookie: value})["X-Page-Cache"] == "hit"
    assert _get("/hotels")["X-Page-Cache"] == "hit"


def test_cookies_the_server_does_not_render_share_the_kept_page():
    _get("/hotels")
    other = _get("/hotels", cookies={"csrftoken": "x" * 32, "i18n_redirected": "en", "_ga": "1"})
    assert other["X-Page-Cache"] == "hit"


def test_the_query_is_normalised_and_part_of_the_key():
    _get("/hotels/spain?sort=price_asc&page=1")
    assert _get("/hotels/spain?page=1&sort=price_asc")["X-Page-Cache"] == "hit"
    assert _get("/hotels/spain?page=1&sort=stars")["X-Page-Cache"] == "miss"


def test_junk_in_the_query_string_neither_renders_again_nor_fills_the_cache():
    """Before: every value of a parameter no page reads was a new rendering, a new best-level
    compression and a new kept copy (``?utm_source=<random>``; ``/sitemap.xml?x=N``: 2-15 s a
    miss)."""
    from django.core.cache import cache

    clean = _get("/de/hotels/spain")

    def kept():  # the process's cache: the pages a flood would fill it with
        return sum(":page:" in key for key in cache._cache)

    entries = kept()
    for n in range(40):
        junk = _get(f"/de/hotels/spain?utm_source=junk-{n}-junk&gclid={n}&x={n}&sort=price_asc")
        assert junk["X-Page-Cache"] == ("miss" if n == 0 else "hit")
        assert f"junk-{n}-junk" not in _text(junk)  # the page never echoes what it does not read
    assert _text(junk) == _text(_get("/de/hotels/spain?sort=price_asc"))
    for n in range(40):
        assert _get(f"/sitemap.xml?x={n}&page={n}")["X-Page-Cache"] == ("miss" if n == 0 else "hit")
        assert _get(f"/he/?ref={n}")["X-Page-Cache"] == ("miss" if n == 0 else "hit")
    assert kept() - entries == 3 * 2  # three pages (a brotli and a gzip copy each), not 120
    assert clean["X-Page-Cache"] == "miss"


def test_a_page_reads_only_the_parameters_its_row_names():
    """``Page.query`` is all a page sees: a search reads no parameter outside SEARCH_QUERY,
    and the widget's colours are the brand's colour tokens."""
    from django.http import QueryDict

    from storefront.brands.brand import COLOR_TOKENS
    from storefront.pages.routes import GLOBAL_QUERY, SEARCH_QUERY, WIDGET_QUERY
    from storefront.search.query import SearchQuery

    read = set()

    class Recording(QueryDict):
        def get(self, key, default=None):
            read.add(key)
            return super().get(key, default)

        def getlist(self, key, default=None):
            read.add(key)
            return super().getlist(key, default)

        def __getitem__(self, key):
            read.add(key)
            return super().__getitem__(key)

        def __contains__(self, key):
            read.add(key)
            return super().__contains__(key)

    SearchQuery.from_query(Recording("rooms=1&adults=2&children=1&age=7&stars=4"))
    SearchQuery.from_query(Recording("guests=2&check_in=2027-01-01&check_out=2027-01-03"))
    named = {*GLOBAL_QUERY, *SEARCH_QUERY}
    assert read and read <= named, read - named
    assert WIDGET_QUERY == COLOR_TOKENS


def test_the_brand_host_and_the_agent_are_part_of_the_key():
    canonical = _get("/hotels")
    partner = _get("/hotels", Host="acme.partners.localhost")
    assert partner["X-Page-Cache"] == "miss"
    assert "Acme Travel" in _text(partner) and "Acme Travel" not in _text(canonical)
    assert _get("/hotels", Host="acme.partners.localhost")["X-Page-Cache"] == "hit"
    agent = _get("/hotels", cookies={"fid": "42"})  # an agent's own brand (demo data)
    assert agent["X-Page-Cache"] == "miss"
    assert "Sunny Trips" in _text(agent) and "Sunny Trips" not in _text(canonical)
    assert _get("/hotels", cookies={"fid": "42"})["X-Page-Cache"] == "hit"
    assert _get("/hotels")["X-Page-Cache"] == "hit"


def test_the_root_still_sends_a_visitor_to_their_language_after_english_was_kept():
    _get("/", **{"Accept-Language": "en"})
    hebrew = _get("/", **{"Accept-Language": "he-IL,he;q=0.9"})
    assert hebrew.status_code == 302 and hebrew["Location"] == "/he/"
    by_cookie = _get("/", cookies={"i18n_redirected": "ja"})
    assert by_cookie.status_code == 302 and by_cookie["Location"] == "/ja/"
    assert _get("/", **{"Accept-Language": "en-GB"})["X-Page-Cache"] == "hit"


def test_logged_in_visitors_never_get_or_fill_a_kept_page(client):
    _get("/hotels")
    client.cookies["sessionid"] = "anything"
    answer = _get("/hotels", client=client)
    assert not answer.has_header("X-Page-Cache")


def test_posts_forms_with_a_token_and_pages_that_set_cookies_are_not_kept():
    assert not _get("/login").has_header("X-Page-Cache")
    assert "csrfmiddlewaretoken" in _text(_get("/login"))
    chosen = _get("/hotels?currency=EUR")  # remembers the currency: sets a cookie
    assert chosen.cookies["currency"].value == "EUR"
    # Asked again, it is rendered again (a first request is never a hit: no point asking).
    assert _get("/hotels?currency=EUR").get("X-Page-Cache") != "hit"
    answer = Client().post("/hotels", headers={"Host": HOST})
    assert not answer.has_header("X-Page-Cache")


def test_private_pages_are_never_kept():
    for path in ("/favorites", "/become-an-agent", "/book"):
        assert not _get(path).has_header("X-Page-Cache"), path
        assert not _get(path).has_header("X-Page-Cache"), path


def test_live_prices_are_kept_no_longer_than_their_rates(settings, monkeypatch):
    import time

    from storefront.search.query import today

    settings.INVENTORY_RATES_SECONDS = 20
    check_in = today() + timedelta(days=30)
    dated = f"/hotels/spain/barcelona?check_in={check_in}&check_out={check_in + timedelta(days=2)}"
    first, second = _get(dated), _get(dated)
    assert (first["X-Page-Cache"], second["X-Page-Cache"]) == ("miss", "hit")
    assert re.search(r"€|\$|US", _text(second))  # the page shows prices
    assert 0 < int(re.search(r"s-maxage=(\d+)", second["Cache-Control"])[1]) <= 20
    usual = f"s-maxage={settings.PAGE_CACHE_SECONDS}"
    assert usual in _get("/de/hotels")["Cache-Control"]  # no rates: the usual life
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 21)  # the rates have expired
    assert _get(dated)["X-Page-Cache"] == "miss"  # rendered again, with fresh rates


def test_a_page_whose_rates_expire_at_once_is_not_kept(settings):
    from storefront.search.query import today

    settings.INVENTORY_RATES_SECONDS = 1
    check_in = today() + timedelta(days=31)
    dated = f"/hotels/spain/barcelona?check_in={check_in}&check_out={check_in + timedelta(days=2)}"
    assert not _get(dated).has_header("X-Page-Cache")
    assert not _get(dated).has_header("X-Page-Cache")


def test_a_provider_down_page_is_never_kept(settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"
    answer = _get("/hotels/spain/barcelona")
    assert "no-store" in answer["Cache-Control"]
    assert not answer.has_header("X-Page-Cache")


def test_a_brand_override_saved_drops_every_kept_page():
    before = _text(_get("/"))
    assert _get("/")["X-Page-Cache"] == "hit"
    from storefront.brands.registry import forget_override

    BrandOverride.objects.create(kind="agent", key="1", name="Kept Nowhere Travel")
    forget_override("agent", "1")
    after = _get("/")
    assert after["X-Page-Cache"] == "miss"
    assert "Kept Nowhere Travel" in _text(after) and "Kept Nowhere Travel" not in before


def test_inventory_content_that_comes_back_different_drops_every_kept_page(settings):
    from django.core.cache import cache

    from storefront.upstream import inventory

    _get("/hotels/spain")
    assert _get("/hotels/spain")["X-Page-Cache"] == "hit"
    key = inventory.content.key("slug", "en", "spain", "")
    assert cache.get(key)
    cache.set(f"{key}:seen", "what the provider said before")
    cache.delete(key)
    inventory.memo.content.clear()
    inventory.place_by_slug(
        "spain", None, "en"
    )  # asked again, the provider's answer differs from the one seen
    assert _get("/hotels/spain")["X-Page-Cache"] == "miss"
    inventory.memo.content.clear()
    cache.delete(key)
    inventory.place_by_slug("spain", None, "en")  # the same answer again: nothing dropped
    assert _get("/hotels/spain")["X-Page-Cache"] == "hit"


def test_a_process_does_not_keep_a_page_of_content_another_process_saw_change():
    """Process B memoised Spain; process A then read a renamed Spain from the provider, kept it
    in the shared cache and dropped every kept page. B's next render must not put the old name
    back into the cache for the next five minutes: its memo is good only in its generation."""
    from dataclasses import replace

    from django.core.cache import cache

    from storefront.upstream import inventory

    assert "Spain" in _text(_get("/hotels/spain"))  # B: rendered, kept, Spain memoised
    key = inventory.content.key("slug", "en", "spain", "")
    renamed = replace(cache.get(key), name="Kingdom of Spain")
    cache.set(key, renamed)  # A: the provider's new answer, shared...
    page_cache.invalidate()  # ...and every kept page dropped
    after = _get("/hotels/spain")
    assert after["X-Page-Cache"] == "miss"
    assert "Kingdom of Spain" in _text(after)
    assert "Kingdom of Spain" in _text(_get("/hotels/spain"))  # and that is what was kept


def test_the_sitemap_is_built_once_per_host_then_kept():
    """The sitemap's files take a while to build (a thousand entries with 40 alternates each):
    they are kept like a public page, per host, and set no cookie (not even the locale's,
    which pages set)."""
    for path in ("/sitemap.xml", "/sitemaps/en-1.xml", "/sitemaps/pages.xml"):
        first, second = _get(path), _get(path)
        assert (first["X-Page-Cache"], second["X-Page-Cache"]) == ("miss", "hit")
        assert first.content == second.content and not second.cookies
        assert second["Content-Type"].startswith("application/xml")
    assert "<loc>http://127.0.0.1:8000/sitemaps/en-1.xml</loc>" in _text(_get("/sitemap.xml"))
    assert "<loc>http://127.0.0.1:8000/hotels/spain</loc>" in _text(_get("/sitemaps/en-1.xml"))
    partner = _get("/sitemaps/en-1.xml", Host="acme.partners.localhost")
    assert partner["X-Page-Cache"] == "miss"
    assert "<loc>http://acme.partners.localhost:8000/hotels/spain</loc>" in _text(partner)
    page_cache.invalidate()  # the inventory changed: built again
    assert _get("/sitemaps/en-1.xml")["X-Page-Cache"] == "miss"


def test_no_page_carries_a_nonce_and_inline_styles_are_admitted_by_hash():
    from storefront.security.csp import style_hash

    for path in ("/", "/he/login", "/hotels/spain", "/widgets/search?primary=%23ff0000"):
        answer = _get(path)
        page, policy = _text(answer), answer["Content-Security-Policy"]
        assert "nonce" not in page and "nonce" not in policy, path
        styles = re.findall(r"<style>(.*?)</style>", page, re.S)
        assert styles, path
        style_src = re.search(r"style-src ([^;]*)", policy).group(1)
        for style in styles:
            assert style_hash(style) in style_src.split(), path
        assert "'unsafe-inline'" not in policy


def test_every_cookie_the_server_renders_is_in_the_key(settings):
    from storefront.brands.middleware import FID_COOKIE
    from storefront.chrome import preferences

    rendered = {"currency", "country", preferences.PRICE_DISPLAY_KEY, preferences.COLOR_MODE_KEY}
    assert rendered | {FID_COOKIE} <= set(settings.PAGE_CACHE_COOKIES)


def test_a_host_the_registry_drops_is_refused_though_its_pages_were_kept():
    """HostGuard answers before the page cache: before, a dropped host kept being served its
    kept pages until they expired."""
    from storefront.brands.registry import WHITE_LABEL, forget_override

    host = "travel.dropped-partner.example"
    BrandOverride.objects.create(kind=WHITE_LABEL, key=host, name="Dropped Partner")
    forget_override(WHITE_LABEL, host)
    first, second = _get("/hotels", Host=host), _get("/hotels", Host=host)
    assert (first.status_code, second["X-Page-Cache"]) == (200, "hit")
    BrandOverride.objects.filter(key=host).delete()
    forget_override(WHITE_LABEL, host)
    assert _get("/hotels", Host=host).status_code == 400


def test_the_visitors_country_sets_the_currency_and_kept_pages_stay_right(settings):
    """Issue 32, item 6: with no currency chosen, a visitor whose country is known (from the geo
    header here) sees prices in its currency; a choice wins; a kept copy is never another
    country's, and caches downstream are told the page varies with the header."""
    settings.GEO_COUNTRY_HEADER = "CF-IPCountry"
    path = "/hotels/spain/barcelona?check_in=2027-03-10&check_out=2027-03-13"

    def currency(response):
        return re.search(r'<span class="chip__text">([A-Z]{3})</span>', _text(response)).group(1)

    seen = {}
    for country, expected in [("IL", "ILS"), ("JP", "JPY"), ("IL", "ILS"), ("DE", "EUR")]:
        response = _get(path, **{"CF-IPCountry": country})
        assert currency(response) == expected
        assert "CF-IPCountry" in response["Vary"]
        seen.setdefault(country, []).append(response["X-Page-Cache"])
    assert seen["IL"] == ["miss", "hit"]  # kept per country
    assert "₪" in _text(_get(path, **{"CF-IPCountry": "IL"}))
    chosen = _get(path, cookies={"currency": "USD"}, **{"CF-IPCountry": "JP"})
    assert currency(chosen) == "USD"
    assert currency(_get(f"{path}&currency=GBP", **{"CF-IPCountry": "JP"})) == "GBP"


def _living_props(response) -> dict:
    found = re.search(
        r'<script id="living-props" type="application/json">(.*?)</script>', _text(response)
    )
    return json.loads(found.group(1))


def test_the_fid_the_page_adds_to_its_address_is_the_visitors_kept_or_not():
    """living.js adds the fid cookie's value to an address without one, as the server read it
    (``fidForUrl``): the visitor's own value on a kept page too, and none for an address that
    has a fid or a cookie whose brand is unknown."""
    for _ in range(2):  # rendered, then kept
        assert _living_props(_get("/hotels", cookies={"fid": "42"}))["fidForUrl"] == "42"
        assert "fidForUrl" not in _living_props(_get("/hotels"))
        assert "fidForUrl" not in _living_props(_get("/hotels?fid=42", cookies={"fid": "42"}))
        assert "fidForUrl" not in _living_props(_get("/hotels", cookies={"fid": "999999"}))
    assert _get("/hotels", cookies={"fid": "42"})["X-Page-Cache"] == "hit"
