"""Permissions-Policy and Cross-Origin-Resource-Policy on every response (issue 10): pages, static
files served by WhiteNoise, error pages and HostGuard's refusals, over HTTP."""

import re

import pytest

from storefront.brands.middleware import HOST_UNCONFIRMED, UNKNOWN_HOST


def _assert_headers(response):
    policy = dict(item.strip().split("=", 1) for item in response["Permissions-Policy"].split(","))
    for feature in ("camera", "microphone", "usb", "serial", "midi", "browsing-topics"):
        assert policy[feature] == "()", feature
    assert policy["geolocation"] == "(self)" and policy["payment"] == "(self)"
    assert response["Cross-Origin-Resource-Policy"] == "same-origin"


def test_a_page(client):
    response = client.get("/he/hotels")
    assert response.status_code == 200
    _assert_headers(response)


def test_a_static_file_served_by_whitenoise(client):
    html = client.get("/").content.decode()
    script = re.search(r'<script type="module" src="([^"]+)"', html).group(1)
    response = client.get(script)
    assert response.status_code == 200 and "immutable" in response["Cache-Control"]
    _assert_headers(response)


def test_a_not_found_page(client):
    response = client.get("/de/no-such-page")
    assert response.status_code == 404 and "<html" in response.content.decode()
    _assert_headers(response)


@pytest.mark.parametrize("host", ["evil.example", "bad host"])
def test_hostguards_refusal(client, provider, host):
    response = client.get("/hotels", headers={"Host": host})
    assert response.status_code == 400 and response.content.decode() == UNKNOWN_HOST
    _assert_headers(response)


def test_hostguards_unconfirmed_host(client, settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"  # nothing listens
    response = client.get("/hotels", headers={"Host": "travel.nobody.example"})
    assert response.status_code == 503 and response.content.decode() == HOST_UNCONFIRMED
    _assert_headers(response)


def test_a_redirect_and_a_bad_request_page(client):
    _assert_headers(client.get("/hotels?fid=null"))
    response = client.get("/hotels?" + "&".join(f"a{i}=1" for i in range(1100)))
    assert response.status_code == 400
    _assert_headers(response)


def _img_src(response) -> list[str]:
    policy = response["Content-Security-Policy"]
    return re.search(r"img-src ([^;]*)", policy).group(1).split()


def test_images_come_only_from_the_origins_a_page_shows_images_of(client, demo_data):
    """Before: ``img-src`` admitted any ``https:`` host. Now our origin, ``data:``, and on a
    brand's pages its images' own hosts (an operator's https logo, here)."""
    from storefront.brands.models import BrandOverride
    from storefront.brands.registry import forget_override

    assert _img_src(client.get("/he/privacy-policy")) == ["'self'", "data:"]
    BrandOverride.objects.create(
        kind="agent", key="1", logo_light="https://cdn.partner.example/brand/logo.png"
    )
    forget_override("agent", "1")
    sources = _img_src(client.get("/he/privacy-policy"))
    assert "https://cdn.partner.example" in sources and "https:" not in sources
