"""The provider's hosted payment page as the sandbox serves it, over HTTP as a browser posts it:
each test card's outcome, the 3-D Secure challenge, the slow approval, a form posted twice (one
booking, one charge), the signed return and the signed webhooks, verified with the functions
docs/provider-booking-api.md gives (a tampered one fails), replayed with the same event id, and
the page itself in the payment's language with its own Content Security Policy."""

import re
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import requests
from django.conf import settings

from storefront.sandbox.booking import page, services
from storefront.sandbox.models import Booking, Charge, PaymentEvent, Prebook
from storefront.sandbox.views import messages
from tests.sandbox.payments import (
    APPROVED,
    CHALLENGE,
    DECLINED,
    NO_FUNDS,
    RETURN_URL,
    SLOW,
    post_card,
    returned,
)

DOC = Path(settings.BASE_DIR) / "docs" / "provider-booking-api.md"


@pytest.fixture(scope="module")
def doc():
    """The verify functions of the doc's "Verifying signatures", run as the storefront will."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Verifying signatures", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    namespace: dict = {}
    exec(compile(code, str(DOC), "exec"), namespace)  # our own doc's example
    return namespace


SECRET = settings.PAYMENT_SIGNING_SECRET


def returned_link(href):
    """The parameters of a link back to the shop, as written in the page."""
    from html import unescape
    from urllib.parse import parse_qs

    return {k: v[0] for k, v in parse_qs(urlsplit(unescape(href)).query).items()}


def _counts(payment_id):
    return (
        Booking.objects.filter(payment__public_id=payment_id).count(),
        Charge.objects.filter(payment__public_id=payment_id).count(),
    )


# --- the test cards --------------------------------------------------------------------------


def test_an_approved_card_books_once_charges_once_and_returns_signed(api, doc):
    payment = api.paid_for()
    answer = post_card(payment["url"], APPROVED)
    back = returned(answer)
    assert answer.headers["Location"].startswith(RETURN_URL.split("?")[0] + "?from=pay&")
    assert back["payment_id"] == payment["id"] and back["status"] == "succeeded"
    assert doc["verify_return"](SECRET, back)
    now = api.payment(payment["id"])
    assert now["status"] == "succeeded" and now["charges"] == 1
    assert re.fullmatch(r"TN-[A-HJKMNP-Z2-9]{6}", now["booking_reference"])
    assert now["card"] == {"brand": "visa", "last4": "4242"}
    assert _counts(payment["id"]) == (1, 1)
    shown = requests.get(payment["url"], timeout=10)  # opened again: the outcome, not the form
    assert now["booking_reference"] in shown.text and 'name="number"' not in shown.text
    back_link = re.search(r'href="([^"]+)">' + page.words("en")["return_link"], shown.text)
    assert doc["verify_return"](SECRET, returned_link(back_link.group(1)))


@pytest.mark.parametrize(
    ("card", "code"),
    [(DECLINED, services.CARD_DECLINED), (NO_FUNDS, services.INSUFFICIENT_FUNDS)],
)
def test_a_declined_card_fails_and_takes_nothing(api, doc, card, code):
    payment = api.paid_for(locale="de")
    back = returned(post_card(payment["url"], card))
    assert back["status"] == "failed" and doc["verify_return"](SECRET, back)
    now = api.payment(payment["id"], locale="de")
    assert (now["status"], now["failure_code"], now["charges"]) == ("failed", code, 0)
    assert now["failure_message"] == messages()["de"][code]
    assert now["booking_id"] is None and _counts(payment["id"]) == (0, 0)
    # The page, opened again, says what happened and links back with a fresh signature.
    shown = requests.get(payment["url"], timeout=10)
    assert shown.status_code == 200 and messages()["de"][code] in shown.text


def test_a_3d_secure_card_asks_and_an_authorised_challenge_books(api, sandbox_url):
    payment = api.paid_for()
    answer = post_card(payment["url"], CHALLENGE)
    assert answer.status_code == 303
    challenge_url = sandbox_url + answer.headers["Location"]
    assert urlsplit(challenge_url).path == urlsplit(payment["url"]).path + "/challenge"
    assert api.payment(payment["id"])["status"] == "pending"
    shown = requests.get(challenge_url, timeout=10)
    assert shown.status_code == 200
    assert 'value="authorize"' in shown.text and 'value="fail"' in shown.text
    assert "•••• 3220" in shown.text
    # The card form posted again meanwhile leads back to the challenge, charging nothing.
    assert post_card(payment["url"], APPROVED).headers["Location"].endswith("/challenge")
    done = requests.post(
        challenge_url, data={"answer": "authorize"}, allow_redirects=False, timeout=10
    )
    assert returned(done)["status"] == "succeeded"
    assert api.payment(payment["id"])["charges"] == 1 and _counts(payment["id"]) == (1, 1)
    # Answered: the challenge page is gone.
    assert requests.get(challenge_url, allow_redirects=False, timeout=10).status_code == 303


def test_a_failed_3d_secure_challenge_fails_the_payment(api, sandbox_url):
    payment = api.paid_for()
    challenge_url = sandbox_url + post_card(payment["url"], CHALLENGE).headers["Location"]
    done = requests.post(challenge_url, data={"answer": "fail"}, allow_redirects=False, timeout=10)
    assert returned(done)["status"] == "failed"
    now = api.payment(payment["id"])
    assert now["failure_code"] == services.AUTHENTICATION_FAILED and now["charges"] == 0


def test_a_slow_card_is_processing_then_succeeds_when_asked(api, settings):
    settings.SANDBOX_PAYMENT_SLOW_SECONDS = 1
    payment = api.paid_for()
    back = returned(post_card(payment["url"], SLOW))
    assert back["status"] == "processing"
    assert api.payment(payment["id"])["status"] == "processing"
    assert _counts(payment["id"]) == (0, 0)
    shown = requests.get(payment["url"], timeout=10)
    assert '<meta http-equiv="refresh"' in shown.text  # the page waits with the payer
    time.sleep(1.3)
    now = api.payment(payment["id"])
    assert now["status"] == "succeeded" and now["charges"] == 1 and now["booking_reference"]
    assert _counts(payment["id"]) == (1, 1)


def test_a_slow_card_settles_by_time_and_sends_its_webhook_unasked(api, settings, webhooks, doc):
    settings.SANDBOX_PAYMENT_SLOW_SECONDS = 0.5
    payment = api.paid_for(webhook_url=webhooks.url)
    assert returned(post_card(payment["url"], SLOW))["status"] == "processing"
    body, headers = webhooks.wait_for(1)[0]
    assert doc["verify_webhook"](SECRET, headers["X-Signature"], body)
    event = webhooks.payloads()[0]
    assert event["type"] == "payment.succeeded" and event["data"]["id"] == payment["id"]
    assert event["data"]["status"] == "succeeded" and event["data"]["charges"] == 1
    assert PaymentEvent.objects.filter(payment__public_id=payment["id"]).count() == 1


def test_a_form_posted_twice_books_once_and_charges_once(api, doc):
    payment = api.paid_for()
    first = returned(post_card(payment["url"], APPROVED))
    second = returned(post_card(payment["url"], APPROVED))  # the double click, the reload
    assert first["status"] == second["status"] == "succeeded"
    assert doc["verify_return"](SECRET, second)
    declined_after = returned(post_card(payment["url"], DECLINED))  # nothing changes it now
    assert declined_after["status"] == "succeeded"
    assert _counts(payment["id"]) == (1, 1)
    assert api.payment(payment["id"])["charges"] == 1
    assert PaymentEvent.objects.filter(payment__public_id=payment["id"]).count() == 1


def test_a_form_posted_twice_charges_once(api):
    # One after the other: the test's live servers share one SQLite connection, which two
    # requests at the same instant misuse (a 500 from SQLite, not from the page). The race
    # itself is one compare-and-set on the payment's status (docs/provider-booking-api.md).
    payment = api.paid_for()
    answers = [post_card(payment["url"], APPROVED) for _ in range(2)]
    assert {returned(a)["status"] for a in answers} == {"succeeded"}
    assert _counts(payment["id"]) == (1, 1)


def test_card_details_are_checked_with_messages_under_the_fields(api):
    payment = api.paid_for(locale="he")
    answer = post_card(payment["url"], "4242 4242 4242 4241", expiry="13/29", cvc="12", name=" ")
    assert answer.status_code == 422
    html = answer.text
    words = page.words("he")
    for field, key in (
        ("number", "error_number_invalid"),
        ("expiry", "error_expiry_invalid"),
        ("cvc", "error_cvc_invalid"),
        ("name", "error_name_required"),
    ):
        assert f'<p class="field__error" id="{field}-error">' in html
        assert re.search(rf'id="{field}"[^>]*aria-describedby="[^"]*{field}-error"', html)
        assert re.search(rf'id="{field}"[^>]*aria-invalid="true"', html)
        assert words[key] in html
    assert 'role="alert"' in html and "autofocus" in html  # the summary is announced
    assert 'value="4242 4242 4242 4241"' in html and 'value="12"' not in html  # no CVC echoed
    past = post_card(payment["url"], APPROVED, expiry="01/20")
    assert words["error_expiry_past"] in past.text
    assert api.payment(payment["id"])["status"] == "pending" and _counts(payment["id"]) == (0, 0)


def test_cancelling_returns_cancelled_and_charges_nothing(api, doc):
    payment = api.paid_for()
    answer = requests.post(payment["url"] + "/cancel", allow_redirects=False, timeout=10)
    back = returned(answer)
    assert back["status"] == "cancelled" and doc["verify_return"](SECRET, back)
    assert api.payment(payment["id"])["status"] == "cancelled"
    assert returned(post_card(payment["url"], APPROVED))["status"] == "cancelled"
    assert _counts(payment["id"]) == (0, 0)


def test_a_hold_that_ran_out_while_paying_fails_the_payment(api):
    payment = api.paid_for()
    Prebook.objects.filter(public_id=payment["prebook_id"]).update(
        expires_at=services.now() - timedelta(seconds=1)
    )
    back = returned(post_card(payment["url"], APPROVED))
    assert back["status"] == "failed"
    assert api.payment(payment["id"])["failure_code"] == services.HOLD_EXPIRED
    assert _counts(payment["id"]) == (0, 0)


# --- signatures and webhooks --------------------------------------------------------------------


def test_a_tampered_return_does_not_verify(api, doc):
    payment = api.paid_for()
    back = returned(post_card(payment["url"], DECLINED))
    verify = doc["verify_return"]
    assert verify(SECRET, back)
    assert not verify(SECRET, {**back, "status": "succeeded"})
    assert not verify(SECRET, {**back, "payment_id": "pay_someone_elses"})
    assert not verify(SECRET, {**back, "ts": str(int(back["ts"]) + 1)})
    assert not verify("another-secret", back)
    assert not verify(SECRET, {k: v for k, v in back.items() if k != "sig"})
    assert not verify(SECRET, back, now=int(back["ts"]) + 3600)  # too old


def test_webhooks_are_signed_and_a_replay_is_the_same_event(api, webhooks, doc):
    payment = api.paid_for(webhook_url=webhooks.url)
    post_card(payment["url"], APPROVED)
    body, headers = webhooks.wait_for(1)[0]
    verify = doc["verify_webhook"]
    assert verify(SECRET, headers["X-Signature"], body)
    assert not verify(SECRET, headers["X-Signature"], body.replace(b"succeeded", b"failed"))
    assert not verify("another-secret", headers["X-Signature"], body)
    stamp = int(headers["X-Signature"].split(",")[0][2:])
    assert not verify(SECRET, headers["X-Signature"], body, now=stamp + 301)
    event = webhooks.payloads()[0]
    assert event["id"].startswith("evt_") and headers["X-Event-Id"] == event["id"]
    assert event["type"] == "payment.succeeded" and event["data"]["booking_reference"]
    replayed = requests.post(f"{api.base}/sandbox/webhooks/replay/{payment['id']}", timeout=10)
    assert replayed.status_code == 200 and replayed.json()["data"]["delivered"] is True
    again, again_headers = webhooks.wait_for(2)[1]
    assert again == body and again_headers["X-Event-Id"] == event["id"]  # same id, same bytes
    assert verify(SECRET, again_headers["X-Signature"], again)
    assert len(webhooks.events) == 2  # one event, sent twice: the handler counts it once


def test_a_failed_payment_sends_payment_failed(api, webhooks):
    payment = api.paid_for(webhook_url=webhooks.url)
    post_card(payment["url"], NO_FUNDS)
    webhooks.wait_for(1)
    event = webhooks.payloads()[0]
    assert event["type"] == "payment.failed"
    assert event["data"]["failure_code"] == services.INSUFFICIENT_FUNDS


def test_a_webhook_refused_is_tried_again(api, webhooks):
    webhooks.status = 500
    payment = api.paid_for(webhook_url=webhooks.url)
    post_card(payment["url"], APPROVED)
    events = webhooks.wait_for(2)
    assert events[0][0] == events[1][0]  # the same event again
    webhooks.status = 200


def test_webhooks_can_be_made_to_fail_and_replayed_once_back(api, webhooks, payments_mode):
    payments_mode("webhook-fail")
    payment = api.paid_for(webhook_url=webhooks.url)
    post_card(payment["url"], APPROVED)
    replay = f"{api.base}/sandbox/webhooks/replay/{payment['id']}"
    failed = requests.post(replay, timeout=10).json()["data"]
    assert failed["delivered"] is False and failed["error"] == "webhook-fail mode"
    time.sleep(0.5)  # the background attempts (0.1 s, 0.2 s, 0.4 s apart) fail too
    assert webhooks.events == []
    payments_mode("ok")
    assert requests.post(replay, timeout=10).json()["data"]["delivered"] is True
    assert webhooks.wait_for(1)[0][1]["X-Event-Id"] == failed["event_id"]
    missing = requests.post(f"{api.base}/sandbox/webhooks/replay/pay_nobody", timeout=10)
    assert missing.status_code == 404


# --- the page ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("locale", "lang", "direction"),
    [
        ("en", "en", "ltr"),
        ("he", "he", "rtl"),
        ("ja", "ja", "ltr"),
        ("de", "de", "ltr"),
        ("ar", "ar", "rtl"),
        ("ko", "en", "ltr"),
    ],  # fmt: skip
)
def test_the_page_speaks_the_payments_language(api, locale, lang, direction):
    payment = api.paid_for(locale=locale)
    shown = requests.get(payment["url"], timeout=10)
    assert shown.status_code == 200
    html = shown.text
    assert f'<html lang="{lang}" dir="{direction}">' in html
    words = page.words(lang)
    for key in ("card_number", "expiry", "cvc", "name", "cancel", "test_mode"):
        assert words[key].replace("'", "&#39;") in html, key
    assert settings.PAYMENTS_ENTITY in html
    amount = page.money(payment["amount"], payment["currency"], lang)
    assert amount in html  # the amount, formatted as the language writes it
    assert re.search(r'<label class="field__label" for="number">', html)
    assert 'autocomplete="cc-number"' in html and 'inputmode="numeric"' in html


def test_the_page_has_a_strict_policy_of_its_own(api):
    payment = api.paid_for()
    shown = requests.get(payment["url"], timeout=10)
    policy = shown.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    assert "style-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "form-action 'self' https://shop.example" in policy  # the 303 goes to the shop
    assert "unsafe-inline" not in policy
    assert shown.headers["Cache-Control"] == "no-store"
    assert shown.headers["X-Frame-Options"] == "DENY"
    assert " style=" not in shown.text and "<script>" not in shown.text
    for asset in re.findall(r'(?:href|src)="(/pay/assets/[^"]+)"', shown.text):
        served = requests.get(api.base + asset, timeout=10)
        assert served.status_code == 200 and "immutable" in served.headers["Cache-Control"]


def test_an_unknown_payment_page_is_not_found(sandbox_url):
    shown = requests.get(f"{sandbox_url}/pay/not-a-token", timeout=10)
    assert shown.status_code == 404
    assert page.words("en")["missing_title"] in shown.text
    assert requests.get(f"{sandbox_url}/pay/assets/secrets.py", timeout=10).status_code == 404


def test_the_pages_words_are_complete_where_it_has_them():
    table = page.words_table()
    assert {"en", "he", "ja", "de"} <= set(table)
    for code, texts in table.items():
        assert set(texts) == set(table["en"]), code
        assert all(text.strip() for text in texts.values()), code
        for key, text in texts.items():  # the same placeholders as English
            assert set(re.findall(r"\{\w+\}", text)) == set(
                re.findall(r"\{\w+\}", table["en"][key])
            )
