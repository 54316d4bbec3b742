"""One circuit breaker per provider service, one failure per call (issue 31, item 1).

Before: one breaker for every call, and every retry counted. Five failed lead sends (the lead
service down, everything else fine) opened it, and for the next 15 s hotel pages said "We cannot
load hotels right now" and logins failed.
"""

import re
import time

import pytest

from storefront.leads.models import Lead
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import CircuitOpen, UpstreamNotFound, UpstreamUnavailable
from tests.leads.test_outbox import FORM
from tests.login import login_form
from tests.providers import breakers_later
from tests.search.test_pages import sandbox
from tests.stays import open_stay

BARCELONA = 2002


def test_the_lead_service_down_leaves_prices_and_logins_alone(
    client, demo_data, lead_service, settings
):
    settings.UPSTREAM_BREAKER_FAILURES = 5
    lead_service("fail")
    for n in range(7):
        response = client.post(
            "/leads",
            {**FORM, "email": f"agent{n}@example.com", "key": f"outage-{n:02d}-abcdefghijk"},
            content_type="application/json",
        )
        assert response.json() == {"status": "queued"}
    # Five sends reached the provider and failed; then the lead service's circuit opened and
    # the last two waited for it without being charged an attempt.
    assert sorted(Lead.objects.values_list("attempts", flat=True)) == [0, 0, 1, 1, 1, 1, 1]
    assert Lead.objects.filter(attempts=0, last_error__contains="CircuitOpen").count() == 2

    # Prices and logins ask other services of the same provider: they answer as before.
    hotel = sandbox("GET", "/v3/hotels", params={"place": BARCELONA})[0]
    path = f"/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    check_in, check_out = open_stay(path, after=30, nights=2, rooms=1)
    page = client.get(path, {"check_in": check_in, "check_out": check_out}).content.decode()
    assert "We cannot load hotels right now" not in page
    assert re.search(r'<p class="offer__nightly">\$[\d,.]+ per night</p>', page)
    response = client.post("/login", login_form("traveller@example.com", next="/hotels"))
    assert response.status_code == 302 and response["Location"] == "/hotels"


def test_a_call_counts_once_however_many_times_it_was_tried(provider_proxy, settings):
    settings.UPSTREAM_BREAKER_FAILURES, settings.UPSTREAM_GET_RETRIES = 2, 2
    provider_proxy.mode = "fail"
    with pytest.raises(UpstreamUnavailable) as first:
        UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 3 and not isinstance(first.value, CircuitOpen)
    with pytest.raises(UpstreamUnavailable) as second:  # the second failed call opens it
        UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 6 and not isinstance(second.value, CircuitOpen)
    with pytest.raises(CircuitOpen) as third:
        UpstreamClient().get("/v3/agent/7")
    assert provider_proxy.requests == 6  # open: nothing reached the provider
    assert third.value.until > time.time() + settings.UPSTREAM_BREAKER_OPEN_SECONDS - 5


def test_answers_in_the_4xx_range_are_the_provider_working(provider_proxy, settings):
    settings.UPSTREAM_BREAKER_FAILURES = 2
    for _ in range(10):
        with pytest.raises(UpstreamNotFound):
            UpstreamClient().get("/v3/hotels/987654321")
    assert UpstreamClient().get("/v3/agent/1").data["data"]["fid"] == 1
    assert provider_proxy.requests == 11


def test_the_breaker_opens_fails_fast_then_one_probe_closes_it(
    provider_proxy, settings, monkeypatch
):
    settings.UPSTREAM_BREAKER_FAILURES, settings.UPSTREAM_GET_RETRIES = 5, 0
    provider_proxy.mode = "fail"
    for _ in range(5):
        with pytest.raises(UpstreamUnavailable):
            UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 5
    for _ in range(20):
        with pytest.raises(CircuitOpen):
            UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 5  # open: nothing reached the provider
    # The inventory is another service: its calls still go through.
    with pytest.raises(UpstreamUnavailable) as other:
        UpstreamClient().get("/v3/hotels/1")
    assert not isinstance(other.value, CircuitOpen) and provider_proxy.requests == 6

    provider_proxy.mode = "pass"
    breakers_later(
        monkeypatch, settings.UPSTREAM_BREAKER_OPEN_SECONDS + 1
    )  # the open period is over
    assert UpstreamClient().get("/v3/agent/1").data["data"]["fid"] == 1  # the probe
    assert provider_proxy.requests == 7
    monkeypatch.undo()
    UpstreamClient().get("/v3/agent/42")  # closed: no waiting for the open period
    assert provider_proxy.requests == 8


def test_a_failed_probe_opens_the_circuit_again(provider_proxy, settings, monkeypatch):
    settings.UPSTREAM_BREAKER_FAILURES, settings.UPSTREAM_GET_RETRIES = 1, 2
    provider_proxy.mode = "fail"
    with pytest.raises(UpstreamUnavailable):
        UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 3
    breakers_later(monkeypatch, settings.UPSTREAM_BREAKER_OPEN_SECONDS + 1)  # half-open
    with pytest.raises(UpstreamUnavailable) as probe:
        UpstreamClient().get("/v3/agent/1")
    assert not isinstance(probe.value, CircuitOpen)
    assert provider_proxy.requests == 4  # one probe, not retried into a failing provider
    with pytest.raises(CircuitOpen):
        UpstreamClient().get("/v3/agent/1")
    assert provider_proxy.requests == 4
