"""The real client against the sandbox served over HTTP (no mocked requests)."""

import pytest

from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.sandbox.views import messages as provider_messages
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import (
    UpstreamNotFound,
    UpstreamUnauthorized,
    UpstreamUnavailable,
    UpstreamValidationError,
)
from tests.stub_provider import JsonHandler, serving

pytestmark = pytest.mark.usefixtures("demo_data")


def _logged_in(email="agent@example.com"):
    client = UpstreamClient(locale="de")
    client.get("/sanctum/csrf-cookie")
    client.post("/login", data={"email": email, "password": DEMO_PASSWORD, "remember": "1"})
    return client


def test_login_then_auth_returns_the_user_under_data():
    data = _logged_in().get("/v3/auth").data["data"]
    assert data["name"] == "Ada Agent" and data["plan_id"] == 3


def test_provider_messages_come_in_the_requested_locale():
    client = UpstreamClient(locale="de")
    client.get("/sanctum/csrf-cookie")
    with pytest.raises(UpstreamValidationError) as caught:
        client.post("/login", data={"email": "agent@example.com", "password": "nope"})
    assert caught.value.message == provider_messages()["de"]["bad_credentials"]


def test_wrong_password_is_a_validation_error_with_the_provider_shape():
    client = UpstreamClient()
    client.get("/sanctum/csrf-cookie")
    with pytest.raises(UpstreamValidationError) as caught:
        client.post("/login", data={"email": "agent@example.com", "password": "nope"})
    assert caught.value.status == 422
    assert caught.value.message == "These credentials do not match our records."
    assert caught.value.first_field_error() == caught.value.message


def test_post_without_the_xsrf_cookie_is_refused():
    with pytest.raises(UpstreamValidationError) as caught:
        UpstreamClient().post("/login", data={"email": "a@b.c", "password": "x"})
    assert caught.value.status == 419


def test_register_reports_every_failing_field():
    client = UpstreamClient()
    client.get("/sanctum/csrf-cookie")
    with pytest.raises(UpstreamValidationError) as caught:
        client.post("/api/register", data={"email": "not-an-email", "password": "short"})
    assert set(caught.value.errors) == {"name", "email", "password"}


def test_anonymous_auth_is_401_and_logout_ends_the_session():
    with pytest.raises(UpstreamUnauthorized):
        UpstreamClient().get("/v3/auth")
    client = _logged_in()
    client.post("/logout")
    with pytest.raises(UpstreamUnauthorized):
        client.get("/v3/auth")


def test_brand_endpoints_need_the_client_token(settings):
    assert UpstreamClient().get("/v3/agent/42").data["data"]["name"] == "Sunny Trips"
    settings.UPSTREAM_CLIENT_TOKEN = "wrong"
    with pytest.raises(UpstreamUnauthorized):
        UpstreamClient().get("/v3/agent/42")


def test_brand_by_host_and_unknown_brand():
    client = UpstreamClient()
    assert client.get("/v3/agency/acme.partners.localhost").data["data"]["white_label"] is True
    assert client.get("/v3/white-label/travel.globex.localhost").data["data"]["fid"] == 88
    with pytest.raises(UpstreamNotFound):
        client.get("/v3/white-label/unknown.localhost")


def test_lead_proxy_validates_and_stores(django_db_blocker):
    client = UpstreamClient(locale="he")
    with pytest.raises(UpstreamValidationError) as caught:
        client.post("/v3/services/proxy", data={"name": "Dana"})
    assert set(caught.value.errors) == {"email", "phone"}
    sent = client.post(
        "/v3/services/proxy",
        data={"name": "Dana", "email": "d@example.com", "phone": "5550100", "bot": "1"},
    )
    assert sent.data["message"] == provider_messages()["he"]["lead_sent"]
    from storefront.sandbox.models import Lead

    with django_db_blocker.unblock():
        stored = Lead.objects.order_by("-id").first()
    assert stored.payload["email"] == "d@example.com" and stored.payload["name"] == "Dana"


class _Recorder(JsonHandler):
    """A provider that answers 503 and records what it was sent."""

    seen: list = []

    def _answer(self):
        self.seen.append((self.command, self.path, dict(self.headers)))
        self.answer_json(503, {"message": "Service Unavailable"})

    do_GET = do_POST = _answer


@pytest.fixture
def failing_provider(settings):
    _Recorder.seen = []
    with serving(_Recorder) as url:
        settings.UPSTREAM_URL = url
        yield _Recorder.seen


def test_gets_are_retried_and_posts_are_not(failing_provider, settings):
    settings.UPSTREAM_GET_RETRIES = 2
    with pytest.raises(UpstreamUnavailable) as caught:
        UpstreamClient(locale="ja").get("/v3/agent/1")
    assert caught.value.status == 503 and caught.value.message == "Service Unavailable"
    assert [method for method, _path, _headers in failing_provider] == ["GET"] * 3
    with pytest.raises(UpstreamUnavailable):
        UpstreamClient().post("/v3/services/proxy", data={"name": "x"})
    assert [method for method, _p, _h in failing_provider].count("POST") == 1


def test_every_request_sends_accept_locale_and_the_token_only_where_due(failing_provider):
    for path in ("/v3/agent/1", "/v3/auth"):
        with pytest.raises(UpstreamUnavailable):
            UpstreamClient(locale="pt-br").get(path)
    by_path = {path.split("?")[0]: (path, headers) for _m, path, headers in failing_provider}
    agent_path, agent_headers = by_path["/v3/agent/1"]
    assert "locale=pt-br" in agent_path and agent_headers["Accept"] == "application/json"
    assert agent_headers["Authorization"].startswith("Bearer ")
    assert "Authorization" not in by_path["/v3/auth"][1]


def test_connection_refused_is_unavailable(settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"  # discard port: nothing listens
    with pytest.raises(UpstreamUnavailable):
        UpstreamClient().get("/v3/agent/1")


def test_one_visitors_provider_session_never_reaches_another():
    _logged_in("agent@example.com")  # visitor A
    with pytest.raises(UpstreamUnauthorized):
        UpstreamClient().get("/v3/auth")  # visitor B, a fresh client: not A
