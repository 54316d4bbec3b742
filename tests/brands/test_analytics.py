"""Analytics by host (issue 10): an agent brand (a fid on the canonical host, the origin of /login
and /admin/) never loads its own tag manager or GA4, whatever its provider config or operator
override says; only a partner's own host may. The CSP admits Google's hosts only when the
analytics script really loads."""

import re

import pytest

from storefront.brands.defaults import default_brand
from storefront.brands.models import BrandOverride
from storefront.brands.registry import AGENCY, AGENT
from storefront.sandbox.demo import brand_config
from storefront.sandbox.models import ProviderBrand

pytestmark = pytest.mark.usefixtures("demo_data")

ANALYTICS_SCRIPT = re.compile(r'<script src="/static/[^"]*analytics[^"]*\.js"')


def _provider_brand(kind, key, **ids):
    config = brand_config(
        fid=43,
        name="Tag Trips",
        color="#B54708",
        dark_color="#FDB022",
        white_label=False,
        he_name="תג טריפס",
    )
    ProviderBrand.objects.update_or_create(kind=kind, key=key, defaults={"config": config | ids})


def _analytics(response):
    """(whether the analytics script loads, the ids it is given, the CSP's script-src)."""
    html = response.content.decode()
    policy = response["Content-Security-Policy"]
    config = re.search(
        r'<script id="analytics-config" type="application/json">(.*?)</script>', html
    )
    return (
        bool(ANALYTICS_SCRIPT.search(html)),
        config.group(1) if config else "",
        re.search(r"script-src ([^;]+)", policy).group(1) + " " + policy,
    )


def _assert_no_analytics(response):
    loads, ids, policy = _analytics(response)
    assert response.status_code == 200
    assert not loads and ids == "" and "GTM-" not in response.content.decode()
    assert "googletagmanager" not in policy and "google-analytics" not in policy


def test_agent_brand_with_a_tag_manager_id_loads_none(client):
    _provider_brand(ProviderBrand.AGENT, "43", gtm="GTM-AGENT43", ga4="G-AGENT4343")
    first = client.get("/?fid=43")
    assert "Tag Trips" in first.content.decode() and first.cookies["fid"].value == "43"
    _assert_no_analytics(first)
    later = client.get("/de/hotels")  # the fid cookie keeps the agent's brand
    assert "Tag Trips" in later.content.decode()
    _assert_no_analytics(later)


def test_operator_override_of_an_agent_brand_loads_none(client):
    BrandOverride.objects.create(kind=AGENT, key="42", ga4="G-TEST1234", gtm="GTM-ABC123")
    response = client.get("/hotels?fid=42")
    assert "Sunny Trips" in response.content.decode()
    _assert_no_analytics(response)


def test_canonical_host_carries_the_platforms_ids_whatever_the_fid(client, settings):
    _provider_brand(ProviderBrand.AGENT, "43", gtm="GTM-AGENT43")
    settings.DEFAULT_GTM_ID = "GTM-PLATFORM"
    default_brand.cache_clear()
    try:
        for path in ("/?fid=43", "/hotels"):
            response = client.get(path)
            loads, ids, policy = _analytics(response)
            assert loads and '"gtm": "GTM-PLATFORM"' in ids, path
            assert "GTM-AGENT43" not in response.content.decode()
            assert "https://www.googletagmanager.com" in policy
    finally:
        default_brand.cache_clear()


@pytest.mark.parametrize("source", ["provider", "override"])
def test_partner_host_loads_its_own_tag_manager(client, source):
    host = "acme.partners.localhost"
    if source == "provider":
        _provider_brand(ProviderBrand.AGENCY, host, gtm="GTM-ACME77")
    else:
        BrandOverride.objects.create(kind=AGENCY, key=host, gtm="GTM-ACME77")
    response = client.get("/hotels", headers={"Host": host})
    loads, ids, policy = _analytics(response)
    assert loads and "nonce" not in policy
    assert '"gtm": "GTM-ACME77"' in ids
    assert "https://www.googletagmanager.com" in policy
