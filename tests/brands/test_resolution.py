"""Brands by host and fid, layered and cached (DESIGN section 5), over HTTP to the sandbox."""

import random
import re
import string

import pytest

from storefront.brands import registry
from storefront.brands.models import BrandOverride
from storefront.brands.registry import AGENCY, AGENT, WHITE_LABEL, forget_override

pytestmark = pytest.mark.usefixtures("demo_data")

HOSTS = {
    "127.0.0.1": "Travelnest",
    "acme.partners.localhost": "Acme Travel",
    "travel.globex.localhost": "Globex Holidays",
}


@pytest.fixture
def upstream_calls(monkeypatch):
    """Counts the brand fetches that reach the provider (the real HTTP call still happens)."""
    calls = []
    real = registry._fetch

    def counting(kind, key):
        calls.append((kind, key))
        return real(kind, key)

    monkeypatch.setattr(registry, "_fetch", counting)
    return calls


def _get(client, path="/hotels", host="127.0.0.1", **kwargs):
    return client.get(path, headers={"Host": host}, **kwargs)


def _brand_block(html):
    logo = re.search(r'<img class="logo__img logo__img--light" src="([^"]+)"', html).group(1)
    favicon = re.search(r'<link rel="icon" href="([^"]+)"', html).group(1)
    color = re.search(r":root\{ --brand:(#[0-9A-Fa-f]+);", html).group(1)
    return logo, favicon, color


def test_three_hosts_three_brands(client):
    seen = {}
    for host, name in HOSTS.items():
        html = _get(client, host=host).content.decode()
        assert "© " in html and name in html, host
        seen[host] = _brand_block(html)
    assert len({block[0] for block in seen.values()}) == 3  # logos
    assert len({block[1] for block in seen.values()}) == 3  # favicons
    assert len({block[2] for block in seen.values()}) == 3  # colours


def test_white_label_sites_get_their_footer_and_no_platform_recruiting(client):
    html = _get(client, host="travel.globex.localhost").content.decode()
    footer = re.search(r"<footer.*?</footer>", html, re.S).group(0)
    assert set(re.findall(r'data-link="([^"]+)"', footer)) == {
        "terms",
        "privacy",
        "hotels",
        "twitter",
        "powered-by",
    }
    assert 'class="promo-banner"' not in html and 'data-link="join-agent"' not in html


def test_unknown_custom_host_is_400(client):
    assert _get(client, host="nobody.localhost").status_code == 400


def test_agent_fid_brand_and_cookie(client):
    response = _get(client, "/hotels?fid=42")
    assert response.status_code == 200 and "Sunny Trips" in response.content.decode()
    cookie = response.cookies["fid"]
    assert cookie.value == "42" and cookie["max-age"] == 2419200 and cookie["path"] == "/"
    assert cookie["samesite"] == "Lax" and not cookie["domain"]
    html = _get(client, "/de/").content.decode()  # the cookie keeps the brand
    assert "Sunny Trips" in html
    assert 'href="/de/hotels?fid=42"' in html  # internal links carry the fid
    assert 'href="/de/hotels/places/ae/dubai?fid=42"' in html


def test_join_links_carry_ref_from_fid(client):
    html = _get(client, "/he/?fid=42").content.decode()
    assert re.search(r'href="https://join\.example\.com/he\?ref=42"', html)


@pytest.mark.parametrize("fid", ["null", "-1", "1e99", "9" * 10_000, "４２", "١", "0", "999"])
def test_bad_or_unknown_fid_redirects_once_without_it(client, fid):
    response = _get(client, "/de/hotels", data={"fid": fid, "currency": "EUR"})
    assert response.status_code == 302
    assert response["Location"] == "/de/hotels?currency=EUR"  # same host: a relative path
    follow = _get(client, response["Location"])
    assert follow.status_code == 200 and "fid" not in follow.cookies


def test_fid_null_removes_the_cookie(client):
    _get(client, "/?fid=42")
    response = _get(client, "/hotels?fid=null")
    assert response.status_code == 302 and response.cookies["fid"]["max-age"] == 0
    assert "Travelnest" in _get(client, "/hotels").content.decode()


def test_operator_override_wins_and_invalid_values_are_ignored(client):
    BrandOverride.objects.create(
        kind=AGENT, key="42", name="Sunny Trips Plus", color_brand_light="#123456"
    )
    html = _get(client, "/?fid=42").content.decode()
    assert "Sunny Trips Plus" in html and "--brand:#123456;" in html


def test_provider_values_are_validated(client, monkeypatch):
    def hostile(kind, key):
        return {
            "name": "Evil</title><script>x</script>",
            "fid": 5,
            "colors": {"brand": {"light": "red;}body{x:y}"}},
            "logo": {"light": "javascript:x"},
            "socials": {"facebook": "http://insecure.example"},
            "ga4": "G-1'+alert(1)+'",
        }

    monkeypatch.setattr(registry, "_fetch", hostile)
    html = _get(client, "/?fid=5").content.decode()
    assert "<script>x</script>" not in html and "Evil&lt;/title&gt;" in html
    assert "body{x:y}" not in html and "javascript:x" not in html
    assert "insecure.example" not in html and "alert" not in html


def test_brand_is_cached_and_one_call_per_key(client, upstream_calls):
    for _ in range(5):
        _get(client, "/hotels?fid=42")
        _get(client, "/hotels", host="acme.partners.localhost")
    assert upstream_calls.count(("agent", "42")) == 1
    assert upstream_calls.count(("agency", "acme.partners.localhost")) == 1


def test_random_hosts_cost_one_upstream_call_each_and_malformed_none(client, upstream_calls):
    rng = random.Random(7)
    hosts = [f"{''.join(rng.choices(string.ascii_lowercase, k=8))}.example" for _ in range(40)]
    malformed = [
        "-bad-.example",
        "a..b",
        "x" * 64 + ".example",
        "under_score.example",
        "nodot",
        "10.0.0.1:80:80",
        "[::1]",
        "a.-b.example",
    ]
    statuses = set()
    for i in range(1000):
        host = hosts[i % len(hosts)] if i % 5 else malformed[i % len(malformed)]
        statuses.add(_get(client, "/", host=host).status_code)
    assert statuses == {400}
    white_label_calls = [key for kind, key in upstream_calls if kind == WHITE_LABEL]
    assert sorted(white_label_calls) == sorted(set(white_label_calls))  # at most one per host
    assert set(white_label_calls) <= set(hosts)  # none for malformed hosts


def test_provider_down_pages_still_render_then_the_brand_comes_back(client, settings):
    live = settings.UPSTREAM_URL
    settings.UPSTREAM_URL = "http://127.0.0.1:9"  # nothing listens
    from tests.pages.test_registry import SAMPLE_PATHS

    for path in ["/hotels?fid=42", "/no-such-page", *(p for _name, p in SAMPLE_PATHS)]:
        for prefix in ("", "/he"):
            response = _get(client, prefix + path if path != "/" else prefix + "/")
            assert response.status_code < 500, path
    assert "Travelnest" in _get(client, "/hotels").content.decode()  # the built-in fallback
    settings.UPSTREAM_URL = live
    from django.core.cache import cache

    cache.clear()  # the circuit's open period and the brands' "down" marks are over
    assert "Sunny Trips" in _get(client, "/hotels?fid=42").content.decode()


def test_stale_brand_is_served_while_the_provider_is_down(client, settings):
    assert "Sunny Trips" in _get(client, "/hotels?fid=42").content.decode()
    settings.BRAND_FRESH_SECONDS = 0  # everything is stale now
    settings.UPSTREAM_URL = "http://127.0.0.1:9"
    response = _get(client, "/hotels?fid=42")
    assert response.status_code == 200 and "Sunny Trips" in response.content.decode()


def test_widget_may_be_framed_only_by_the_brands_origins(client):
    response = _get(client, "/widgets/search?fid=42")
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    BrandOverride.objects.create(
        kind=AGENT, key="42", frame_ancestors="https://partner.example\nhttps://b.example"
    )
    from django.core.cache import cache

    cache.clear()
    response = _get(client, "/widgets/search?fid=42&brand=%23ff6600")
    policy = response["Content-Security-Policy"]
    assert "frame-ancestors https://partner.example https://b.example" in policy
    assert "X-Frame-Options" not in response
    assert "frame-ancestors 'none'" in _get(client, "/hotels")["Content-Security-Policy"]


def test_widget_colour_injection_never_reaches_the_html(client):
    html = _get(
        client, "/widgets/search?color=red;}body{x:y}&brand=red;}body{x:y}"
    ).content.decode()
    assert "body{x:y}" not in html and "red;}" not in html


def test_concurrent_first_requests_share_one_fetch_and_the_same_brand(upstream_calls):
    import threading

    from storefront.brands.selectors import brand_for

    names, barrier = [], threading.Barrier(4)

    def visit():
        barrier.wait()
        names.append(brand_for(kind=AGENT, key="42").name)

    threads = [threading.Thread(target=visit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert names == ["Sunny Trips"] * 4
    assert upstream_calls == [("agent", "42")]


def test_a_fetch_finished_between_our_miss_and_our_lock_is_not_repeated(
    upstream_calls, monkeypatch
):
    # The interleaving the test above can hit on a loaded machine: our cache read misses,
    # another request then fetches, stores and releases the lock while our snapshot read fails
    # (SQLite: "database table is locked" under its write). We must take its answer.
    real_snapshot = registry._from_snapshot

    def another_request_finishes_meanwhile(kind, key):
        registry._store(kind, key, {"name": "Fetched Meanwhile"})
        return None

    monkeypatch.setattr(registry, "_from_snapshot", another_request_finishes_meanwhile)
    assert registry.provider_config(AGENT, "42") == {"name": "Fetched Meanwhile"}
    assert upstream_calls == []
    monkeypatch.setattr(registry, "_from_snapshot", real_snapshot)
    assert registry.provider_config(AGENT, "42") == {"name": "Fetched Meanwhile"}  # no lock left
    assert upstream_calls == []


def test_analytics_load_from_our_origin_only_when_the_brand_sets_an_id(client):
    # A partner's own host: agent brands never load their own (tests/brands/test_analytics.py).
    host = "acme.partners.localhost"
    response = _get(client, "/hotels", host=host)
    assert "analytics.js" not in response.content.decode()
    assert "googletagmanager" not in response["Content-Security-Policy"]
    BrandOverride.objects.create(kind=AGENCY, key=host, ga4="G-TEST1234", gtm="GTM-ABC123")
    forget_override(AGENCY, host)  # as the admin does on save
    response = _get(client, "/hotels", host=host)
    html, policy = response.content.decode(), response["Content-Security-Policy"]
    assert re.search(r'<script src="/static/[^"]*analytics[^"]*\.js" defer>', html)
    assert '{"ga4": "G-TEST1234", "gtm": "GTM-ABC123"}' in html
    assert "https://www.googletagmanager.com" in re.search(r"script-src ([^;]+)", policy).group(1)


def test_stripping_a_bad_fid_never_redirects_off_the_host(client):
    response = _get(client, "//evil.example/?fid=x")
    assert response.status_code == 302
    assert (
        not response["Location"].startswith("//")
        and "evil.example" not in response["Location"].split("/")[2:3]
    )


@pytest.mark.parametrize(
    "value",
    [
        'https://x.example/a.png")}body{display:none}',
        "https://x.example/a.png\n}body{display:none}",
        "https://x.example/a (1).png",
        "javascript:alert(1)",
        "data:text/html;base64,PHNjcmlwdD4=",
    ],
)
def test_brand_images_with_css_or_html_breakouts_are_ignored(client, monkeypatch, value):
    monkeypatch.setattr(
        registry,
        "_fetch",
        lambda kind, key: {
            "background": {"light": value},
            "logo": {"light": value},
            "favicon": value,
            "frame_ancestors": [
                "https://ok.example",
                "https://a.example; script-src *",
                "https://b.example\nX: y",
            ],
        },
    )
    response = _get(client, "/widgets/search?fid=5")
    html = response.content.decode()
    assert "display:none" not in html and "javascript:" not in html and "text/html" not in html
    assert "frame-ancestors https://ok.example;" in response["Content-Security-Policy"] + ";"


def test_malformed_white_label_suffix_hosts_are_refused(client, upstream_calls):
    for host in ("a..partners.localhost", "-x-.partners.localhost", "a_b.partners.localhost"):
        assert _get(client, "/", host=host).status_code == 400
    assert upstream_calls == []
