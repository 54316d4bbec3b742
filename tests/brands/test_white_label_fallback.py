"""A white-label host whose brand cannot be loaded goes to the canonical domain (spec section 8):
a 302 to SITE_ORIGIN with the same path and the query without ``fid``."""

import re

import pytest

pytestmark = pytest.mark.usefixtures("demo_data")


def _get(client, path, host, **kwargs):
    return client.get(path, headers={"Host": host}, **kwargs)


@pytest.mark.parametrize(
    "host",
    ["nobody.partners.localhost", "nobody.partners.localhost:7777", "NoBody.Partners.localhost"],
)
def test_unknown_name_under_the_suffix_goes_to_the_canonical_domain(client, host):
    response = _get(client, "/de/hotels?fid=42&currency=EUR&fid=7", host)
    assert response.status_code == 302
    assert response["Location"] == "http://127.0.0.1:8000/de/hotels?currency=EUR"
    assert "fid" not in response.cookies


def test_the_redirect_follows_site_origin_and_keeps_the_path_on_it(client, settings):
    settings.SITE_ORIGIN = "https://www.example.com"
    response = _get(client, "/", "nobody.partners.localhost")
    assert response.status_code == 302 and response["Location"] == "https://www.example.com/"
    response = _get(client, "//evil.example/x", "nobody.partners.localhost")
    assert response["Location"].startswith("https://www.example.com/")
    assert response["Location"].split("/")[2] == "www.example.com"


def test_unknown_name_when_the_provider_cannot_be_asked(client, settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"  # nothing listens: brand_for raises
    response = _get(client, "/hotels?fid=42", "nobody.partners.localhost")
    assert response.status_code == 302
    assert response["Location"] == "http://127.0.0.1:8000/hotels"


@pytest.mark.parametrize("host", ["acme.partners.localhost", "acme.partners.localhost:7777"])
def test_known_agency_host_is_served_as_before(client, host):
    response = _get(client, "/hotels?currency=EUR", host)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Acme Travel" in html
    canonical = re.search(r'<link rel="canonical" href="([^"]+)">', html).group(1)
    assert canonical == "http://acme.partners.localhost:8000/hotels"


def test_unknown_fid_on_the_canonical_host_still_stays_on_that_host(client):
    response = _get(client, "/de/hotels?fid=999&currency=EUR", "127.0.0.1:9999")
    assert response.status_code == 302 and response["Location"] == "/de/hotels?currency=EUR"
