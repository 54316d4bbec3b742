"""A slow, trickling or failing provider cannot hold the storefront (issue 10, finding 1).

The provider here is ``tests.providers.ProviderProxy`` in front of the sandbox. Slow means 10 s
per answer: a page that waited for it, even once, would take 10 s or more; before the page budget
a logged-in page took 25 s (3 attempts x 8 s). The bound asserted is the page budget plus a margin
for a busy machine, far below any wait for the provider. A flood of new hosts over several
processes is in tests/security/test_shared_state.py.
"""

import time

import pytest

from storefront.accounts.rules import UNAVAILABLE
from storefront.i18n.catalog import translate
from storefront.upstream.budget import time_budget
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamUnavailable
from tests.login import login_form

pytestmark = pytest.mark.usefixtures("demo_data", "production_budgets")
HOST = {"Host": "127.0.0.1"}
# Seconds a busy machine may add to a budget: a full parallel run on 2 cores (Chromium drawing
# WebGL maps on the other worker) once took a login 4.7 s against the 2.5 s budget; the provider
# here holds every answer 10 s, so a page that waited for it still fails.
MARGIN = 3.0


@pytest.fixture
def production_budgets(settings):
    """The budgets as shipped (tests/conftest.py widens them for every other test)."""
    from storefront import settings as shipped

    settings.PAGE_BUDGET_SECONDS = shipped.PAGE_BUDGET_SECONDS
    settings.HOST_LOOKUP_SECONDS = shipped.HOST_LOOKUP_SECONDS
    settings.UPSTREAM_READ_TIMEOUT = shipped.UPSTREAM_READ_TIMEOUT


def _timed(call):
    start = time.monotonic()
    result = call()
    return result, time.monotonic() - start


def _login(client):
    return client.post("/login", login_form("traveller@example.com", next="/hotels"), headers=HOST)


def test_an_anonymous_page_does_not_wait_for_a_slow_provider(client, provider_proxy, settings):
    provider_proxy.mode = "slow"
    response, seconds = _timed(lambda: client.get("/hotels?fid=42", headers=HOST))
    assert response.status_code == 302  # the agent brand cannot be had: fid 1, fid dropped
    assert seconds < settings.PAGE_BUDGET_SECONDS + MARGIN
    assert provider_proxy.requests >= 1  # it did ask, and gave up in time
    response, seconds = _timed(lambda: client.get("/hotels", headers=HOST))
    assert response.status_code == 200 and "Travelnest" in response.content.decode()
    assert seconds < settings.PAGE_BUDGET_SECONDS + MARGIN


def test_a_logged_in_page_keeps_its_user_when_the_provider_turns_slow(
    client, provider_proxy, settings
):
    assert _login(client).status_code == 302
    settings.AUTH_RECHECK_SECONDS = 0  # every page view asks /v3/auth again
    provider_proxy.mode = "slow"
    asked = provider_proxy.requests
    response, seconds = _timed(lambda: client.get("/hotels", headers=HOST))
    assert response.status_code == 200
    assert "Tess Traveller" in response.content.decode()  # still logged in, as last seen
    assert seconds < settings.PAGE_BUDGET_SECONDS + MARGIN
    assert provider_proxy.requests > asked
    settings.AUTH_RECHECK_SECONDS = 60
    asked = provider_proxy.requests
    response = client.get("/hotels", headers=HOST)  # the failed recheck counted as a check
    assert "Tess Traveller" in response.content.decode() and provider_proxy.requests == asked


def test_login_against_a_slow_provider_is_a_503_within_its_own_budget(
    client, provider_proxy, settings
):
    provider_proxy.mode = "slow"
    response, seconds = _timed(lambda: _login(client))
    assert response.status_code == 503
    assert translate(UNAVAILABLE, "en") in response.content.decode()
    assert seconds < settings.AUTH_BUDGET_SECONDS + MARGIN


def test_a_login_slower_than_a_page_but_within_its_budget_succeeds(
    client, provider_proxy, settings
):
    """Before: three provider calls and a password check under the page's 2.5 s; on a busy
    machine every login was refused (0 of 14). Each provider answer here takes 1.2 s: 3.6 s in
    all, over a page's budget and well within a login's."""
    provider_proxy.mode, provider_proxy.delay = "slow", 1.2
    response = _login(client)
    assert response.status_code == 302 and response["Location"] == "/hotels"
    assert provider_proxy.requests >= 3
    page, seconds = _timed(lambda: client.get("/hotels", headers=HOST))  # a page keeps its own
    assert page.status_code == 200 and seconds < settings.PAGE_BUDGET_SECONDS + MARGIN


@pytest.mark.parametrize("mode", ["trickle-body", "trickle-headers"])
@pytest.mark.parametrize("method", ["GET", "POST"])
def test_a_trickling_provider_is_cut_at_the_deadline(provider_proxy, mode, method):
    """One byte every 0.2 s never trips a read timeout; the watchdog ends the call."""
    provider_proxy.mode = mode
    client = UpstreamClient()
    call = {
        "GET": lambda: client.get("/v3/agent/1"),
        "POST": lambda: client.post("/v3/services/proxy", data={"name": "x"}),
    }[method]
    start = time.monotonic()
    with time_budget(1.0), pytest.raises(UpstreamUnavailable):
        call()
    assert time.monotonic() - start < 1.0 + MARGIN
    assert provider_proxy.requests >= 1
