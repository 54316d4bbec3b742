"""The contact form (issue 35, item 4): ``/contact-support`` in every locale, its errors under
their fields, and every message written first and delivered exactly once, to the provider's
support endpoint or by email, whether the destination is up, down, or the form is sent twice;
bots and floods are answered without a message kept or sent."""

import re
from datetime import timedelta
from html import unescape

import pytest
import requests
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from storefront.content.models import ContentPage
from storefront.i18n.catalog import PLACEHOLDER_RE, messages, translate
from storefront.i18n.locales import LOCALES
from storefront.sandbox.models import SupportMessage
from storefront.support import services
from storefront.support.models import ContactMessage

pytestmark = pytest.mark.usefixtures("provider")

FORM = {
    "name": "Dana Levi",
    "email": "Dana@Example.com",
    "topic": "cancellation",
    "reference": "tn-tess2a",
    "message": "I would like to change the name on my booking.\nThank you!",
    "website": "",
}
RAW_KEY = re.compile(r"(?<![\w.@/])support\.[a-z_]+(?:\.[a-z_]+)*")
SUPPORT_KEYS = [key for key in messages("en") if key.startswith("support.")]


def _post(client=None, path="/contact-support", **changes):
    data = {**FORM, **changes}
    return (client or Client()).post(path, {k: v for k, v in data.items() if v is not None})


def _main(response) -> str:
    html = response.content.decode()
    main = html[html.index("<main") : html.index("</main>")]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", main)).split())


def _english_left(text: str, code: str) -> list[str]:
    """The form's English sentences (their stretches between placeholders, 12 characters or
    more) found on a page in ``code``, where that locale says them otherwise."""
    english, own = messages("en"), messages(code)
    found = []
    for key in SUPPORT_KEYS:
        if own.get(key) == english[key]:
            continue
        for part in PLACEHOLDER_RE.sub("\0", english[key]).split("\0"):
            if len(part.strip()) >= 12 and part.strip() in text:
                found.append(part.strip())
    return found


def _delivered(key: str) -> int:
    return SupportMessage.objects.filter(key=key).count()


def _run_the_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


# --- Every locale --------------------------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_the_form_reads_in_every_locale(code):
    """Without the operator's text (its place takes our line, support.intro)."""
    ContentPage.objects.filter(slug="contact-support").delete()
    prefix = LOCALES[code].prefix
    response = Client().get(f"{prefix}/contact-support")
    assert response.status_code == 200
    text, html = _main(response), response.content.decode()
    for key in (
        "support.intro",
        "support.name",
        "support.email",
        "support.topic",
        "support.topic_choose",
        "support.topics.booking",
        "support.topics.other",
        "support.reference",
        "support.reference_hint",
        "support.message",
        "support.submit",
    ):
        assert unescape(translate(key, code)) in text, key
    assert RAW_KEY.search(text) is None, RAW_KEY.search(text)
    if code != "en":
        assert _english_left(text, code) == []
    direction = "rtl" if code in ("he", "ar") else "ltr"
    assert f'lang="{LOCALES[code].iso}" dir="{direction}"' in html
    assert 'name="csrfmiddlewaretoken"' in html and 'name="website"' in html


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_every_error_is_said_in_every_locale_under_its_field(code):
    prefix = LOCALES[code].prefix
    response = _post(
        path=f"{prefix}/contact-support",
        name=" ",
        email="dana@",
        topic="",
        reference="#12",
        message="",
    )
    assert response.status_code == 400
    text, html = _main(response), response.content.decode()
    for field, key in (
        ("name", services.NAME_REQUIRED),
        ("email", services.EMAIL_INVALID),
        ("topic", services.TOPIC_REQUIRED),
        ("reference", services.REFERENCE_INVALID),
        ("message", services.MESSAGE_REQUIRED),
    ):
        said = translate(key, code)
        assert said != key and unescape(said) in text, (code, key)
        error = f'<p class="field__error" id="contact-{field}-error">'
        assert error in html, field
        field_tag = re.search(rf'<(?:input|select|textarea)[^>]*id="contact-{field}"[^>]*>', html)
        assert 'aria-invalid="true"' in field_tag.group(0), field
        assert f"contact-{field}-error" in field_tag.group(0), field
        assert f'<li><a href="#contact-{field}">' in html  # the summary links each field
    assert 'value="dana@"' in html and 'value="#12"' in html  # what was typed is kept
    assert re.search(r'id="contact-errors"[^>]*autofocus', html)
    assert translate("support.error_summary", code) in text
    assert RAW_KEY.search(text) is None, RAW_KEY.search(text)
    if code != "en":
        assert _english_left(text, code) == []
    assert not ContactMessage.objects.exists() and not SupportMessage.objects.exists()


def test_a_message_over_the_limit_is_refused_with_the_limit_in_the_visitors_numbers():
    response = _post(path="/de/contact-support", message="x" * 5001)
    assert response.status_code == 400
    said = translate(services.MESSAGE_TOO_LONG, "de", limit="5.000")
    assert said in _main(response)
    assert "x" * 5001 in response.content.decode()  # kept, to be shortened
    assert _post(message="x" * 5000).status_code == 303


# --- Delivery ------------------------------------------------------------------------------------


def test_a_message_is_written_delivered_once_and_confirmed(demo_data):  # agent 42
    client = Client()
    response = _post(client, path="/he/contact-support?fid=42", key="happy-path-key-0001")
    assert response.status_code == 303
    assert response["Location"] == "/he/contact-support?sent=1&fid=42"
    message = ContactMessage.objects.get()
    assert (message.key, message.status, message.attempts) == ("happy-path-key-0001", "sent", 1)
    assert (message.email, message.reference, message.locale) == (
        "dana@example.com",
        "TN-TESS2A",
        "he",
    )
    assert message.url == "http://testserver/he/contact-support"
    [received] = SupportMessage.objects.all()
    assert received.key == "happy-path-key-0001"
    assert received.payload | {"created": None} == {
        "name": "Dana Levi",
        "email": "dana@example.com",
        "reference": "TN-TESS2A",
        "topic": "cancellation",
        "message": FORM["message"],
        "locale": "he",
        "url": "http://testserver/he/contact-support",
        "fid": message.fid,
        "created": None,
    }
    confirmation = client.get(response["Location"])
    text = _main(confirmation)
    assert translate("support.sent_title", "he") in text and translate("support.sent", "he") in text
    assert 'name="message"' not in confirmation.content.decode()


def test_the_form_page_is_never_kept_and_its_confirmation_is():
    form = [Client().get("/contact-support") for _ in range(2)]
    assert [r.has_header("X-Page-Cache") for r in form] == [False, False]
    assert "private" in form[0]["Cache-Control"]
    keys = {re.search(r'name="key" value="([^"]+)"', r.content.decode()).group(1) for r in form}
    assert len(keys) == 2  # a key per visit, never shared
    sent = [Client().get("/contact-support?sent=1")["X-Page-Cache"] for _ in range(2)]
    assert sent == ["miss", "hit"]


def test_while_the_provider_is_down_the_visitor_is_told_it_was_received_and_it_goes_out_once(
    support_service, settings
):
    support_service("fail")
    response = _post(key="outage-key-00000001")
    assert response.status_code == 303 and response["Location"] == "/contact-support?sent=1"
    message = ContactMessage.objects.get()
    assert message.status == "pending" and message.attempts == 1
    assert "Unavailable" in message.last_error and message.next_attempt_at > timezone.now()
    _run_the_worker()  # nothing due yet
    assert ContactMessage.objects.get().status == "pending" and _delivered(message.key) == 0

    support_service("ok")
    cache.clear()  # the support service's circuit breaker, as after its cool-off
    ContactMessage.objects.update(next_attempt_at=timezone.now() - timedelta(minutes=3))
    settings.CONTACT_SWEEP_GRACE_SECONDS = 120
    assert services.OUTBOX.sweep() == 1  # queued by its retry and by the sweep: still one send
    _run_the_worker()
    message = ContactMessage.objects.get()
    assert message.status == "sent" and message.attempts == 2
    assert _delivered(message.key) == 1
    services.OUTBOX.requeue(ContactMessage.objects.all(), expires_at=timezone.now())
    _run_the_worker()  # an operator's "send again" of a sent one does nothing
    assert _delivered(message.key) == 1


def test_by_email_the_support_team_gets_one_mail_to_reply_to(settings, mailoutbox):
    settings.CONTACT_DESTINATION = "email"
    settings.CONTACT_EMAIL_TO = "support@travelnest.example"
    assert _post(key="email-key-000000001").status_code == 303
    assert _post(key="email-key-000000001").status_code == 303  # a second press
    [mail] = mailoutbox
    assert mail.to == ["support@travelnest.example"]
    assert mail.reply_to == ["dana@example.com"]
    assert mail.subject == "Contact form: A cancellation, booking TN-TESS2A"
    assert FORM["message"] in mail.body and "Dana Levi" in mail.body
    assert ContactMessage.objects.get().status == "sent"
    assert not SupportMessage.objects.exists()


def test_by_email_without_an_address_it_waits_and_goes_once_one_is_set(settings, mailoutbox):
    settings.CONTACT_DESTINATION, settings.CONTACT_EMAIL_TO = "email", ""
    assert _post(reference="").status_code == 303
    message = ContactMessage.objects.get()
    assert message.status == "pending" and message.last_error == services.NOT_CONFIGURED
    settings.CONTACT_EMAIL_TO = "support@travelnest.example"
    services.deliver(message.pk)
    services.deliver(message.pk)
    [mail] = mailoutbox
    assert mail.subject == "Contact form: A cancellation, no booking reference"


def test_the_same_form_sent_twice_is_one_message():
    first = _post(key="double-click-key-0001")
    second = _post(key="double-click-key-0001")
    assert first.status_code == second.status_code == 303
    assert ContactMessage.objects.count() == 1
    assert _delivered("double-click-key-0001") == 1


def test_a_bot_filling_the_honeypot_is_answered_as_if_sent_and_nothing_is_kept():
    response = _post(website="http://spam.example", key="honeypot-key-000001")
    assert response.status_code == 303 and response["Location"] == "/contact-support?sent=1"
    assert not ContactMessage.objects.exists() and not SupportMessage.objects.exists()


def test_too_many_sends_are_refused_in_the_visitors_language_with_the_form_kept(settings):
    settings.CONTACT_PER_IP, settings.CONTACT_PER_EMAIL = 2, 5
    client = Client()
    for n in range(2):
        assert _post(client, email=f"guest{n}@example.com").status_code == 303
    refused = _post(client, path="/de/contact-support", email="guest9@example.com")
    assert refused.status_code == 429
    assert translate(services.THROTTLED, "de") in _main(refused)
    assert 'value="guest9@example.com"' in refused.content.decode()
    assert FORM["message"] in unescape(refused.content.decode())
    assert ContactMessage.objects.count() == 2


def test_the_same_email_is_throttled_from_any_address(settings):
    settings.CONTACT_PER_IP, settings.CONTACT_PER_EMAIL = 10, 1
    assert _post(Client(REMOTE_ADDR="10.0.0.1")).status_code == 303
    assert _post(Client(REMOTE_ADDR="10.0.0.2")).status_code == 429


def test_the_providers_refusal_comes_back_under_its_field(monkeypatch):
    from storefront.upstream.errors import UpstreamValidationError

    def refuse(self, path, **kwargs):
        raise UpstreamValidationError(
            "invalid", errors={"email": ["This address bounced."]}, status=422
        )

    monkeypatch.setattr("storefront.upstream.client.UpstreamClient.post", refuse)
    response = _post()
    assert response.status_code == 400
    assert "This address bounced." in _main(response)
    assert ContactMessage.objects.get().status == "rejected"


# --- The sandbox's endpoint ----------------------------------------------------------------------


def test_the_sandbox_counts_a_key_once_and_can_fail(sandbox_url, support_service, settings):
    url = f"{sandbox_url}/v3/support/messages"
    token = {"Authorization": f"Bearer {settings.UPSTREAM_CLIENT_TOKEN}"}
    body = {"name": "A", "email": "a@example.com", "topic": "other", "message": "Hello"}
    headers = {**token, "Idempotency-Key": "sandbox-key-1"}
    first = requests.post(url, json=body, headers=headers, timeout=5)
    again = requests.post(url, json=body, headers=headers, timeout=5)
    assert first.status_code == again.status_code == 200
    assert first.json()["data"]["id"] == again.json()["data"]["id"]
    assert _delivered("sandbox-key-1") == 1
    assert requests.post(url, json=body, headers=token, timeout=5).status_code == 422
    assert requests.post(
        url, json={}, headers=headers | {"Idempotency-Key": "k2"}, timeout=5
    ).json()["errors"].keys() >= {"name", "email", "topic", "message"}
    assert requests.post(url, json=body, timeout=5).status_code == 401
    support_service("fail")
    assert requests.post(url, json=body, headers=headers, timeout=5).status_code == 503


@pytest.mark.parametrize("prefix,fallback", [("", False), ("/he", False), ("/ja", True)])
def test_the_operators_text_stands_above_the_form(prefix, fallback):
    """The shipped default text (storefront/content, en and he) instead of our line: in ja it
    is the English one, said to be so."""
    html = Client().get(f"{prefix}/contact-support").content.decode()
    text, form = (
        html.find('class="prose content__text"'),
        html.find('class="auth-form contact-form"'),
    )
    assert -1 < text < form
    assert ('class="notice notice--info content__fallback"' in html) is fallback
    assert translate("support.intro", "en") not in html  # the operator's words say it
    sent = Client().get(f"{prefix}/contact-support?sent=1").content.decode()
    assert 'class="prose content__text"' not in sent  # no form below for it to introduce
