"""Log in, register and log out through the provider (the sandbox, over HTTP; once a stub
provider with wording of its own)."""

import re
from html import unescape

import pytest
from django.test import Client

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.sandbox.models import ProviderSession
from storefront.sandbox.views import messages as provider_messages
from tests.login import login_form
from tests.stub_provider import JsonHandler, serving

pytestmark = pytest.mark.usefixtures("demo_data")
HOST = {"Host": "127.0.0.1"}


def _login(client, email, password=DEMO_PASSWORD, locale="", next_path="/hotels", **extra):
    data = login_form(email, password, next=next_path, **extra)
    return client.post(f"{locale}/login", data, headers=HOST)


def _register(client, **fields):
    data = {
        "action": "register",
        "mode": "register",
        "name": "Nina Novak",
        "email": "nina@example.com",
        "password": "long-enough-1",
        "password_confirmation": "long-enough-1",
        "next": "/hotels",
        **fields,
    }
    return client.post("/login", data, headers=HOST)


def _ids(html, region):
    block = re.search(rf"<{region}\b.*?</{region}>", html, re.S).group(0)
    return set(re.findall(r'data-link="([^"]+)"', block))


PLATFORM = {"powered-by", "terms", "privacy", "about", "testimonials", "faq", "contact", "hotels"}
ROLES = {
    None: (
        {"hotels", "join-agent", "reservation-management", "login"},
        PLATFORM | {"flights", "cars", "tickets", "join-agent"},
        True,
    ),
    "traveller@example.com": (
        {
            "hotels",
            "join-agent",
            "reservation-management",
            "my-reservations",
            "hotel-confirmation",
            "logout",
        },
        PLATFORM | {"flights", "cars", "tickets", "join-agent"},
        True,
    ),
    "agent@example.com": (
        {
            "hotels",
            "flights",
            "cars",
            "tickets",
            "dashboard",
            "my-reservations",
            "hotel-confirmation",
            "logout",
        },
        PLATFORM | {"flights", "cars", "tickets", "join-agent"},
        False,
    ),
    "power@example.com": (
        {
            "hotels",
            "join-agent",
            "reservation-management",
            "packages",
            "carts",
            "my-reservations",
            "my-vouchers",
            "hotel-confirmation",
            "all-reservations",
            "logout",
        },
        PLATFORM | {"flights", "cars", "tickets", "join-agent"},
        True,
    ),
}


@pytest.mark.parametrize("email", list(ROLES))
def test_each_role_sees_exactly_its_links(client, email):
    if email:
        assert _login(client, email).status_code == 302
    html = client.get("/favorites", headers=HOST).content.decode()
    header, footer, banner = ROLES[email]
    assert _ids(html, "header") == header
    assert _ids(html, "footer") - {"facebook", "instagram", "youtube"} == footer
    assert ('class="promo-banner"' in html) is banner


def test_login_returns_to_the_same_page_and_query_with_price_display_net(client):
    client.cookies["priceDisplay"] = "gross"
    response = _login(
        client, "agent@example.com", locale="/de", next_path="/de/hotels?currency=EUR"
    )
    assert response.status_code == 302 and response["Location"] == "/de/hotels?currency=EUR"
    assert response.cookies["priceDisplay"].value == "net"
    html = client.get("/de/hotels?currency=EUR", headers=HOST).content.decode()
    assert "Ada Agent" in html


def test_only_same_host_targets_are_followed(client):
    response = _login(client, "agent@example.com", next_path="https://evil.example/")
    assert response["Location"] == "/"


def test_the_provider_cookie_never_reaches_the_browser(client):
    response = _login(client, "agent@example.com")
    names = set(response.cookies)
    assert "provider_session" not in names and "XSRF-TOKEN" not in names
    session = response.cookies["sessionid"]
    assert session["httponly"] and session["samesite"] == "Lax"
    page = client.get("/hotels", headers=HOST)
    assert not {"provider_session", "XSRF-TOKEN"} & set(page.cookies)


def test_wrong_password_shows_the_providers_message_in_german(client):
    response = _login(client, "agent@example.com", password="wrong", locale="/de")
    html = unescape(response.content.decode())
    message = provider_messages()["de"]["bad_credentials"]
    assert response.status_code == 422 and message != provider_messages()["en"]["bad_credentials"]
    assert f'<p class="field__error" id="auth-email-error">{message}</p>' in html
    assert 'value="agent@example.com"' in html  # what was typed stays
    assert "wrong" not in html  # but never the password


def test_missing_fields_are_named_before_asking_the_provider(client):
    response = client.post(
        "/fr/login",
        {"action": "register", "mode": "register", "name": "Ζωή", "email": "", "password": ""},
        headers=HOST,
    )
    html = unescape(response.content.decode())
    for field, key in (
        ("name", "auth.name_english"),
        ("email", "auth.email_required"),
        ("password", "auth.password_required"),
        ("password_confirmation", "auth.confirmation_required"),
    ):
        assert f'id="auth-{field}-error">{translate(key, "fr")}</p>' in html


def test_register_with_mismatched_confirmation_shows_the_field_message(client):
    response = _register(client, password_confirmation="x", next="/")
    html = unescape(response.content.decode())
    assert provider_messages()["en"]["password_mismatch"] in html
    assert 'value="Nina Novak"' in html and 'value="nina@example.com"' in html


def test_register_then_logged_in(client):
    response = _register(client)
    assert response.status_code == 302 and response["Location"] == "/hotels"
    assert "Nina Novak" in client.get("/hotels", headers=HOST).content.decode()


def test_register_never_says_an_email_exists(client):
    response = _register(client, name="Someone Else", email="agent@example.com")
    html = unescape(response.content.decode())
    assert translate("auth.register_failed", "en") in html
    assert provider_messages()["en"]["email_taken"] not in html


def test_logout_asks_first_then_logs_out(client):
    _login(client, "traveller@example.com")
    html = unescape(client.get("/he/login?logout=1&next=/he/hotels", headers=HOST).content.decode())
    assert translate("auth.logout_question", "he") in html
    response = client.post("/he/login", {"action": "logout", "next": "/he/hotels"}, headers=HOST)
    assert response.status_code == 302 and response["Location"] == "/he/hotels"
    assert response.cookies["priceDisplay"].value == "net"
    html = client.get("/he/hotels", headers=HOST).content.decode()
    assert "Tess Traveller" not in html and 'data-link="login"' in html


def test_a_forged_cross_site_post_is_refused():
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        "/login",
        login_form("agent@example.com"),
        headers={**HOST, "Origin": "https://evil.example"},
    )
    assert response.status_code == 403
    assert translate("error.forbidden", "en") in response.content.decode()


def test_the_eleventh_wrong_login_for_one_email_is_throttled(client):
    for _ in range(10):
        assert _login(client, "agent@example.com", password="wrong").status_code == 422
    response = _login(client, "agent@example.com", password=DEMO_PASSWORD)  # even the right one
    assert response.status_code == 429
    assert translate("auth.throttled", "en") in unescape(response.content.decode())
    other = Client()
    assert _login(other, "traveller@example.com").status_code == 302  # other emails still work


def test_an_expired_provider_session_sends_the_next_page_view_to_login(client, settings):
    settings.AUTH_RECHECK_SECONDS = 0  # the next page view asks the provider again
    _login(client, "traveller@example.com")
    ProviderSession.objects.update(account=None)  # the provider forgets the session: 401
    response = client.get("/ja/hotels?currency=JPY", headers=HOST)
    assert response.status_code == 302
    assert response["Location"].startswith("/ja/login?next=%2Fja%2Fhotels%3Fcurrency%3DJPY")
    html = unescape(client.get(response["Location"], headers=HOST).content.decode())
    assert translate("auth.session_expired", "ja") in html


@pytest.mark.parametrize(
    "path",
    [
        "/account/reservations",
        "/vouchers",
        "/profile",
        "/dashboard/bookings",
        "/account/reservations/123e4567-e89b-12d3-a456-426614174000",
    ],
)
def test_account_pages_send_anonymous_visitors_to_log_in(client, path):
    response = client.get(f"/de{path}", headers=HOST)
    assert response.status_code == 302
    assert response["Location"].startswith("/de/login?next=%2Fde" + path.replace("/", "%2F"))


def test_bookings_are_for_agents_and_the_reservations_action(client):
    _login(client, "traveller@example.com")
    response = client.get("/dashboard/bookings", headers=HOST)
    assert response.status_code == 403 and translate("error.forbidden", "en") in (
        unescape(response.content.decode())
    )
    agent, power = Client(), Client()
    _login(agent, "agent@example.com")
    _login(power, "power@example.com")
    assert agent.get("/dashboard/bookings", headers=HOST).status_code == 200
    # Every booking of the agency: the reservations action only (docs/dashboard.md).
    assert agent.get("/dashboard/bookings?all=true", headers=HOST).status_code == 403
    assert power.get("/dashboard/bookings?all=true", headers=HOST).status_code == 200


def test_vouchers_are_for_users_whose_options_include_them(client):
    """The menu shows My Vouchers only with options.vouchers; the address follows the menu."""
    _login(client, "traveller@example.com")
    response = client.get("/vouchers", headers=HOST)
    assert response.status_code == 403
    assert translate("error.forbidden", "en") in unescape(response.content.decode())
    other = Client()
    _login(other, "power@example.com")
    assert other.get("/vouchers", headers=HOST).status_code == 200


def test_login_pages_work_without_javascript_and_link_the_reset_page(client, settings):
    for path in ("/login", "/sso"):
        html = client.get(path, headers=HOST).content.decode()
        assert '<form method="post"' in html and 'name="csrfmiddlewaretoken"' in html
        assert f'href="{settings.EXTERNAL_LINKS["forgot_password"]}"' in html


def test_csrf_token_and_session_id_change_at_login(client, settings):
    from django.contrib.sessions.models import Session

    client.get("/login", headers=HOST)
    before = client.cookies["csrftoken"].value
    session = client.session  # an anonymous session that already exists (e.g. planted)
    session["seen"] = True
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = old_key = session.session_key
    response = _login(client, "agent@example.com")
    assert response.cookies["csrftoken"].value != before
    new_key = response.cookies[settings.SESSION_COOKIE_NAME].value
    assert new_key and new_key != old_key
    assert not Session.objects.filter(session_key=old_key).exists()


def test_provider_down_at_login_is_a_clear_503(client, settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"
    response = _login(client, "agent@example.com")
    assert response.status_code == 503
    assert translate("auth.unavailable", "en") in unescape(response.content.decode())


def test_attempts_past_the_limit_are_refused_before_the_provider(client, settings):
    """(Attempts made at the same time, over two processes: tests/security/test_shared_state.)"""
    settings.LOGIN_ATTEMPTS_PER_EMAIL = 3
    statuses = [_login(client, "agent@example.com", password="wrong").status_code for _ in range(5)]
    assert statuses == [422, 422, 422, 429, 429]


JSON = {**HOST, "Accept": "application/json"}


def test_the_login_modal_gets_json_and_the_same_outcome(client):
    """The header's modal posts the same form asking for JSON: success names where to go."""
    client.cookies["priceDisplay"] = "gross"
    data = login_form("agent@example.com", next="/de/hotels?x=1")
    response = client.post("/de/login", data, headers=JSON)
    assert response.status_code == 200 and response.json() == {"redirect": "/de/hotels?x=1"}
    assert response.cookies["priceDisplay"].value == "net"
    assert "Ada Agent" in client.get("/de/hotels", headers=HOST).content.decode()


def test_the_login_modal_gets_localised_errors_per_field(client):
    response = client.post(
        "/de/login",
        login_form("agent@example.com", "x"),
        headers=JSON,
    )
    message = provider_messages()["de"]["bad_credentials"]
    assert response.status_code == 422
    assert response.json() == {
        "message": translate("auth.error_summary", "de"),  # said once, beside its field
        "fields": {"email": message},
    }
    response = client.post(
        "/he/login", {"action": "register", "mode": "register", "name": "נינה"}, headers=JSON
    )
    assert response.status_code == 422
    assert response.json() == {
        "message": translate("auth.error_summary", "he"),
        "fields": {
            "name": translate("auth.name_english", "he"),
            "email": translate("auth.email_required", "he"),
            "password": translate("auth.password_required", "he"),
            "password_confirmation": translate("auth.confirmation_required", "he"),
        },
    }


def test_the_login_modal_is_told_when_it_is_throttled(client):
    for _ in range(10):
        _login(client, "agent@example.com", password="wrong")
    response = client.post("/login", login_form("agent@example.com", "x"), headers=JSON)
    assert response.status_code == 429
    assert response.json() == {"message": translate("auth.throttled", "en"), "fields": {}}


# A provider with wording of its own: "email taken" in words our catalogs have never seen.
TAKEN = "This address belongs to an existing member."
TAKEN_ANSWER = {
    "message": f"{TAKEN} (and 1 more error)",
    "errors": {"email": [TAKEN], "password": ["Too weak."]},
}


class _OtherWordingProvider(JsonHandler):
    """Sanctum's csrf-cookie, and a 422 for every registration."""

    def do_GET(self):
        if self.path.split("?")[0] != "/sanctum/csrf-cookie":
            return self.answer_json(404, {"message": "Not Found.", "errors": {}})
        self.send_response(204)
        self.send_header("Set-Cookie", "XSRF-TOKEN=stub-token; Path=/; SameSite=Lax")
        self.send_header("Set-Cookie", "provider_session=stub; Path=/; HttpOnly; SameSite=Lax")
        self.end_headers()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.path.split("?")[0] != "/api/register":
            return self.answer_json(404, {"message": "Not Found.", "errors": {}})
        self.answer_json(422, TAKEN_ANSWER)


@pytest.fixture
def other_wording_provider(settings):
    with serving(_OtherWordingProvider) as url:
        settings.UPSTREAM_URL = url
        yield


REGISTER_TAKEN = {
    "action": "register",
    "mode": "register",
    "name": "Nina Novak",
    "email": "member@example.com",
    "password": "long-enough-1",
    "password_confirmation": "long-enough-1",
    "next": "/hotels",
}


def test_register_never_says_an_email_exists_whatever_the_providers_words(
    client, other_wording_provider
):
    """Without JavaScript: our notice, not the provider's email error nor its message; the
    password's error still beside the password."""
    response = client.post("/login", REGISTER_TAKEN, headers=HOST)
    html = unescape(response.content.decode())
    assert response.status_code == 422
    assert TAKEN not in html and "more error" not in html
    assert translate("auth.register_failed", "en") in html
    assert 'id="auth-email-error"' not in html
    assert '<p class="field__error" id="auth-password-error">Too weak.</p>' in html
    assert 'value="member@example.com"' in html  # what was typed stays


def test_the_register_modal_never_says_an_email_exists_whatever_the_providers_words(
    client, other_wording_provider
):
    response = client.post("/de/login", REGISTER_TAKEN, headers=JSON)
    assert response.status_code == 422
    assert TAKEN not in response.content.decode()
    assert response.json() == {
        "message": translate("auth.register_failed", "de"),
        "fields": {"password": "Too weak."},
    }
