"""The profile page (``/profile``): what the provider says of the user, the way to its reset page,
and the name and avatar changed through ``PATCH /v3/auth`` (the sandbox, over HTTP), with our
checks first and the provider's words after, in every locale, without JavaScript."""

import re
from html import unescape

import pytest
from django.test import Client

from storefront.accounts import rules
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import LOCALES
from storefront.sandbox.models import Account, ProviderSession
from storefront.sandbox.views import messages as provider_messages
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamValidationError
from tests.login import login_form
from tests.words import KEY_LIKE, Words

pytestmark = pytest.mark.usefixtures("demo_data")


def _logged_in(client, email="traveller@example.com"):
    assert client.post("/login", login_form(email)).status_code == 302
    return client


def _text(response) -> str:
    return unescape(response.content.decode())


def _main(response) -> str:
    html = _text(response)
    return html[html.index("<main") : html.index("</main>")]


def _error_under(response, field) -> str:
    """The message under ``field`` (the element its input names in aria-describedby)."""
    html = _text(response)
    found = re.search(rf'<p class="field__error" id="profile-{field}-error">(.*?)</p>', html, re.S)
    assert found, f"no error under {field}"
    assert f"profile-{field}-error" in re.search(rf'<input[^>]+name="{field}"[^>]*>', html).group(0)
    return found.group(1)


def _header(response) -> str:
    html = _text(response)
    return re.search(r"<header\b.*?</header>", html, re.S).group(0)


@pytest.fixture
def patches(monkeypatch):
    """Every PATCH the storefront sends, recorded (and still sent)."""
    sent = []
    original = UpstreamClient.patch

    def record(self, path, *, json):
        sent.append((path, json))
        return original(self, path, json=json)

    monkeypatch.setattr(UpstreamClient, "patch", record)
    return sent


def test_anonymous_visitors_are_sent_to_log_in(client):
    for prefix in ("", "/he"):
        response = client.get(f"{prefix}/profile")
        assert response.status_code == 302
        assert response["Location"] == f"{prefix}/login?next={prefix.replace('/', '%2F')}%2Fprofile"
    response = client.post("/profile", {"name": "Ada"})
    assert response.status_code == 302 and "/login?next=" in response["Location"]


def test_a_traveller_sees_their_name_email_plan_and_the_reset_link(traveller_client, settings):
    response = traveller_client.get("/profile")
    assert response.status_code == 200
    main = _main(response)
    assert "Tess Traveller" in main and "traveller@example.com" in main
    assert '<span class="profile__avatar" aria-hidden="true">T</span>' in main  # no avatar
    assert re.search(rf"<dd>{translate('profile.plan_traveller', 'en')}</dd>", main)
    assert translate("profile.options", "en") not in main  # the provider gives them none
    assert translate("profile.actions", "en") not in main
    reset = re.search(r'<a class="button profile__password" href="([^"]+)" ([^>]*)>', main)
    assert reset.group(1) == settings.EXTERNAL_LINKS["forgot_password"]
    assert 'rel="noopener"' in reset.group(2) and 'target="_blank"' in reset.group(2)
    assert translate("profile.change_password", "en") in main
    # The form, filled with what the provider says now, and the name rule said before it is
    # broken: the hint under the field, which the field names.
    assert re.search(
        r'<form method="post"[^>]*><input type="hidden" name="csrfmiddlewaretoken"', main
    )
    assert 'name="name" type="text" dir="ltr" autocomplete="name" value="Tess Traveller"' in main
    assert 'aria-describedby="profile-name-hint"' in main
    assert translate("profile.name_hint", "en") in main
    assert '<meta name="robots" content="noindex">' in _text(response)


def test_an_agent_sees_the_agent_plan(client):
    main = _main(_logged_in(client, "agent@example.com").get("/de/profile"))
    assert translate("profile.plan_agent", "de", plan=3) in main
    assert translate("profile.plan_traveller", "de") not in main


def test_power_sees_the_options_and_the_reservations_action(client):
    main = _main(_logged_in(client, "power@example.com").get("/profile"))
    badges = re.findall(r'<li class="badge">(.*?)</li>', main)
    options = ("packages", "crm", "vouchers")  # the storefront's order, whatever the provider's
    assert badges == [translate(f"profile.option_{o}", "en") for o in options]
    assert translate("profile.action_reservations", "en") in main


def test_options_and_actions_the_storefront_cannot_name_show_the_providers_word(client):
    Account.objects.filter(email="power@example.com").update(
        options={"vouchers": True, "crm": False, "loyalty": True}, actions=["audit"]
    )
    main = _main(_logged_in(client, "power@example.com").get("/he/profile"))
    badges = re.findall(r'<li class="badge">(.*?)</li>', main)
    assert badges == [translate("profile.option_vouchers", "he"), "<bdi>loyalty</bdi>"]
    assert "<li><bdi>audit</bdi></li>" in main
    assert translate("profile.option_crm", "he") not in main  # false: not given


def test_a_valid_change_reaches_the_provider_and_the_header_at_once(traveller_client, patches):
    response = traveller_client.post(
        "/he/profile",
        {"name": "  Ada   O’Brien-Smith ", "avatar": " https://cdn.example.com/ada.png "},
    )
    assert response.status_code == 303 and response["Location"] == "/he/profile?saved=1"
    assert patches == [
        ("/v3/auth", {"name": "Ada O'Brien-Smith", "avatar": "https://cdn.example.com/ada.png"})
    ]
    account = Account.objects.get(email="traveller@example.com")
    assert (account.name, account.avatar) == (
        "Ada O'Brien-Smith",
        "https://cdn.example.com/ada.png",
    )
    page = traveller_client.get(response["Location"])
    assert page.status_code == 200
    assert translate("profile.saved", "he") in _main(page)
    assert "Ada O'Brien-Smith" in _header(page) and "Tess Traveller" not in _text(page)
    # The avatar drawn over the initial, its origin (only it) allowed by the page's CSP.
    assert re.search(
        r'<img class="profile__photo" src="https://cdn.example.com/ada.png"', _main(page)
    )
    img_src = re.search(r"img-src ([^;]+)", page["Content-Security-Policy"]).group(1).split()
    assert img_src == ["'self'", "data:", "https://cdn.example.com"]
    # A reload of the saved page says it once; the page itself does not (nothing was sent).
    assert translate("profile.saved", "he") not in _main(traveller_client.get("/he/profile"))


def test_an_avatar_address_that_could_change_the_pages_policy_is_not_shown(client):
    """The provider takes any http(s) address; the page's CSP admits an avatar's origin only
    when it is plainly one (a host, a port), never text that would add to the header."""
    forged = "https://cdn.example.com;script-src *;/a.png"
    Account.objects.filter(email="agent@example.com").update(avatar=forged)
    response = _logged_in(client, "agent@example.com").get("/profile")
    assert 'class="profile__photo"' not in _main(response) and ">A</span>" in _main(response)
    assert "cdn.example.com" not in response["Content-Security-Policy"]
    assert response["Content-Security-Policy"].count("script-src") == 1


def test_an_empty_avatar_removes_it(client):
    Account.objects.filter(email="agent@example.com").update(avatar="https://cdn.example.com/a.png")
    _logged_in(client, "agent@example.com")
    assert 'class="profile__photo"' in _main(client.get("/profile"))
    response = client.post("/profile", {"name": "Ada Agent", "avatar": ""})
    assert response.status_code == 303
    assert Account.objects.get(email="agent@example.com").avatar == ""
    main = _main(client.get(response["Location"]))
    assert 'class="profile__photo"' not in main and ">A</span>" in main


@pytest.mark.parametrize("locale", ["en", "he"])
def test_a_name_in_another_script_is_refused_here_in_the_visitors_language(
    traveller_client, patches, locale
):
    prefix = LOCALES[locale].prefix
    response = traveller_client.post(
        f"{prefix}/profile", {"name": "עדה", "avatar": "ftp://x.org/a"}
    )
    assert response.status_code == 422
    assert _error_under(response, "name") == translate("profile.name_latin", locale)
    assert _error_under(response, "avatar") == translate("profile.avatar_invalid", locale)
    assert translate("auth.error_summary", locale) in _main(response)
    assert 'value="עדה"' in _main(response)  # kept as typed
    assert patches == []  # the provider was not asked
    assert Account.objects.get(email="traveller@example.com").name == "Tess Traveller"


@pytest.mark.parametrize(
    "values,field,key",
    [
        ({"name": "   "}, "name", rules.PROFILE_NAME_REQUIRED),
        ({"name": "A" * 101}, "name", rules.PROFILE_NAME_TOO_LONG),
        ({"name": "-Ada"}, "name", rules.PROFILE_NAME_LATIN),
        ({"name": "Jürgen Weiß"}, "name", rules.PROFILE_NAME_LATIN),  # the provider's rule: A–Z
        ({"name": "Ada", "avatar": "cdn.example.com/a.png"}, "avatar", rules.AVATAR_INVALID),
        ({"name": "Ada", "avatar": "https://"}, "avatar", rules.AVATAR_INVALID),
        ({"name": "Ada", "avatar": "https://a b.com/x"}, "avatar", rules.AVATAR_INVALID),
        ({"name": "Ada", "avatar": "http://[::1/x"}, "avatar", rules.AVATAR_INVALID),
        ({"name": "Ada", "avatar": "https://me@cdn.example.com/a"}, "avatar", rules.AVATAR_INVALID),
        (
            {"name": "Ada", "avatar": "https://cdn.example.com/" + "a" * 177},
            "avatar",
            rules.AVATAR_TOO_LONG,
        ),
    ],
)
def test_each_rule_has_its_message_under_its_field(traveller_client, patches, values, field, key):
    response = traveller_client.post("/ja/profile", values)
    assert response.status_code == 422
    assert _error_under(response, field) == translate(key, "ja")
    assert patches == []


def test_the_longest_name_and_avatar_the_provider_takes_pass_our_checks():
    name, avatar = "A" * 100, "https://cdn.example.com/" + "a" * 176
    assert len(avatar) == rules.AVATAR_MAX
    assert rules.profile_errors({"name": name, "avatar": avatar}) == {}
    assert rules.profile_errors({"name": "Ada O'Brien-Smith", "avatar": ""}) == {}


def test_the_providers_refusal_shows_its_words_under_the_field(traveller_client, monkeypatch):
    words = "Diese Bildadresse nimmt der Anbieter nicht an."

    def refuse(self, path, *, json):
        raise UpstreamValidationError(
            words, errors={"avatar": [words, "second"], "plan": ["ignored"]}, status=422
        )

    monkeypatch.setattr(UpstreamClient, "patch", refuse)
    response = traveller_client.post(
        "/de/profile", {"name": "Ada", "avatar": "https://cdn.example.com/a.png"}
    )
    assert response.status_code == 422
    assert _error_under(response, "avatar") == words
    assert "second" not in _text(response) and "ignored" not in _text(response)
    assert 'value="https://cdn.example.com/a.png"' in _main(response)


def test_a_refusal_naming_no_field_shows_the_providers_message(traveller_client):
    """The provider's own refusal (the sandbox): a stale XSRF token is a 419 in its words."""
    session = traveller_client.session
    stored = session["provider"]
    stored["cookies"]["XSRF-TOKEN"] = "stale"
    session["provider"] = stored
    session.save()
    response = traveller_client.post("/fr/profile", {"name": "Ada", "avatar": ""})
    assert response.status_code == 422
    assert provider_messages()["fr"]["csrf_mismatch"] in _main(response)
    assert Account.objects.get(email="traveller@example.com").name == "Tess Traveller"


@pytest.mark.parametrize("locale", ["en", "he", "ja"])
def test_the_provider_down_keeps_the_form_with_a_localised_message(
    traveller_client, settings, locale
):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"  # nothing listens
    prefix = LOCALES[locale].prefix
    response = traveller_client.post(f"{prefix}/profile", {"name": "Ada Lovelace"})
    assert response.status_code == 503
    main = _main(response)
    assert translate("profile.unavailable", locale) in main
    assert 'value="Ada Lovelace"' in main
    # Still logged in as last seen; the page itself renders without the provider.
    assert traveller_client.get(f"{prefix}/profile").status_code == 200


def test_a_slow_provider_is_a_message_within_the_budget(traveller_client, provider_proxy, settings):
    settings.PAGE_BUDGET_SECONDS = 1.0
    provider_proxy.mode, provider_proxy.delay = "slow", 5.0
    response = traveller_client.post("/profile", {"name": "Ada Lovelace"})
    assert response.status_code == 503
    assert translate("profile.unavailable", "en") in _main(response)


def test_a_session_the_provider_forgot_is_sent_to_log_in(traveller_client):
    ProviderSession.objects.update(account=None)  # the provider answers 401
    response = traveller_client.post("/de/profile", {"name": "Ada"})
    assert response.status_code == 302
    assert response["Location"] == "/de/login?next=%2Fde%2Fprofile&expired=1"
    assert "provider" not in traveller_client.session
    html = _text(traveller_client.get(response["Location"]))
    assert translate("auth.session_expired", "de") in html


def test_csrf_is_enforced_on_the_form():
    client = Client(enforce_csrf_checks=True)
    client.get("/login")
    token = client.cookies["csrftoken"].value
    logged_in = client.post(
        "/login", login_form("traveller@example.com", csrfmiddlewaretoken=token)
    )
    assert logged_in.status_code == 302
    refused = client.post("/profile", {"name": "Ada Forged"})
    assert refused.status_code == 403
    assert Account.objects.get(email="traveller@example.com").name == "Tess Traveller"
    html = _text(client.get("/profile"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    accepted = client.post("/profile", {"name": "Ada Real", "csrfmiddlewaretoken": token})
    assert accepted.status_code == 303
    assert Account.objects.get(email="traveller@example.com").name == "Ada Real"


def _profile_texts(code):
    """Our section's words as the page prints them (placeholders filled as it fills them)."""
    own = messages(code)
    return {
        key: translate(key, code, plan=3) if "{{plan}}" in text else text
        for key, text in own.items()
        if key.startswith("profile.")
    }


@pytest.mark.parametrize("code", list(LOCALES))
def test_every_locale_renders_the_page_and_its_errors_in_its_own_words(client, code):
    locale = LOCALES[code]
    _logged_in(client, "power@example.com")
    page = client.get(f"{locale.prefix}/profile")
    refused = client.post(f"{locale.prefix}/profile", {"name": "Ада", "avatar": "x" * 201})
    assert (page.status_code, refused.status_code) == (200, 422)
    direction = "rtl" if code in ("he", "ar") else "ltr"
    assert f'dir="{direction}"' in _text(page).split(">", 2)[1]
    own, words = _profile_texts(code), Words(code)
    english = {text for key, text in _profile_texts("en").items() if own[key] != text}
    shown = {
        "profile.plan",
        "profile.plan_traveller",
        "profile.options",
        "profile.option_packages",
        "profile.option_crm",
        "profile.option_vouchers",
        "profile.actions",
        "profile.action_reservations",
        "profile.password_title",
        "profile.password_text",
        "profile.change_password",
        "profile.edit_title",
        "profile.name",
        "profile.name_hint",
        "profile.avatar",
        "profile.avatar_hint",
        "profile.save",
    }
    for response, keys in (
        (page, shown),
        (refused, shown | {"profile.name_latin", "profile.avatar_invalid"}),
    ):
        main = _main(response)
        for key in keys:
            assert own[key] in main, (code, key)
        texts = [t.strip() for t in re.split(r"<[^>]+>", main) if t.strip()]
        for text in texts:
            assert not (KEY_LIKE.fullmatch(text) and text in words.keys), (code, text)
            assert text not in english, (code, text)
        assert not re.search(r"\bprofile\.[a-z_]+\b", main), code
