"""The contact form: checking what a visitor sends, writing it to the outbox, and delivering it.

``submit`` drops what a bot fills (the honeypot), checks the form, finds a second post of the
same form (its key) again instead of writing another message, counts the send against the
visitor's throttle, writes the message and tries to deliver it at once within the page's budget.
``deliver`` makes one attempt through the contact outbox (``OUTBOX``,
``storefront.background.outbox``: the claim, the backoff, expiry and the sweep), whose work is
``send``: to the provider's ``POST /v3/support/messages`` with the form's key as its
``Idempotency-Key``, or an email to ``CONTACT_EMAIL_TO`` (``CONTACT_DESTINATION``). A destination
that is down or slow leaves the message pending with its next attempt queued
(``CONTACT_RETRY_*``); the visitor is told it was received either way.
"""

import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.utils import timezone

from storefront.background.outbox import Outbox, Reject, Retry, Wait, register
from storefront.upstream.budget import time_budget
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import CircuitOpen, UpstreamError, UpstreamValidationError

from .models import ContactMessage

KEY_RE = re.compile(r"\A[A-Za-z0-9_-]{16,64}\Z")
REFERENCE_RE = re.compile(r"\A[A-Za-z0-9][A-Za-z0-9-]{2,31}\Z")
PATH = "/v3/support/messages"
TOPICS = [value for value, _label in ContactMessage.TOPICS]

# What the visitor is told, as catalog keys (first one per field).
NAME_REQUIRED = "support.errors.name_required"
EMAIL_INVALID = "support.errors.email_invalid"
TOPIC_REQUIRED = "support.errors.topic_required"
REFERENCE_INVALID = "support.errors.reference_invalid"
MESSAGE_REQUIRED = "support.errors.message_required"
MESSAGE_TOO_LONG = "support.errors.message_too_long"  # {{limit}}
THROTTLED = "support.throttled"

# The support team's email (CONTACT_DESTINATION=email): its subject names the topic and the
# booking reference; the team reads English.
SUBJECT = "Contact form: {topic}, booking {reference}"
SUBJECT_NO_REFERENCE = "Contact form: {topic}, no booking reference"
NOT_CONFIGURED = "CONTACT_EMAIL_TO is not set: the message waits until it is"


@dataclass
class Outcome:
    """What the visitor is told: ``errors`` (field -> catalog keys), ``throttled`` (too many
    sends), else received (``message``: the row, None for a bot) and whether it went out now
    (``failed``: it waits in the outbox; the visitor is told it was received all the same)."""

    message: ContactMessage | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    throttled: bool = False
    failed: bool = False


def new_key() -> str:
    return secrets.token_urlsafe(24)


def text(data, name: str, limit: int = 1000) -> str:
    """A field of what was sent as text, without control characters (a message keeps its line
    breaks and tabs), at most ``limit`` long; anything but a string counts as not given."""
    value = data.get(name)
    if not isinstance(value, str):
        return ""
    kept = (c for c in value[: limit * 2] if c in "\n\t" or unicodedata.category(c)[0] != "C")
    return "".join(kept)[:limit]


def check(data) -> tuple[dict, dict[str, list[str]]]:
    """The form's values, cleaned, and its errors (catalog keys, one per field)."""
    limit = ContactMessage.MESSAGE_LIMIT
    name = " ".join(text(data, "name", 240).split())[:120]
    email = text(data, "email", 254).strip()
    reference = text(data, "reference", 64).strip().upper()
    topic = text(data, "topic", 32)
    message = text(data, "message", limit + 1).replace("\r\n", "\n").strip()
    errors: dict[str, list[str]] = {}
    if not name:
        errors["name"] = [NAME_REQUIRED]
    try:
        validate_email(email)
    except Exception:  # noqa: BLE001 — any failure is the same message to the visitor
        errors["email"] = [EMAIL_INVALID]
    if reference and not REFERENCE_RE.match(reference):
        errors["reference"] = [REFERENCE_INVALID]
    if topic not in TOPICS:
        errors["topic"] = [TOPIC_REQUIRED]
    if not message:
        errors["message"] = [MESSAGE_REQUIRED]
    elif len(message) > limit:
        errors["message"] = [MESSAGE_TOO_LONG]
    values = {
        "name": name,
        "email": email.lower(),
        "reference": reference,
        "topic": topic,
        "message": message,
    }
    return values, errors


def submit(
    data,
    *,
    locale: str,
    url: str,
    fid: int | None,
    throttle: Callable[[str], bool],
) -> Outcome:
    """Check, write (or find the same form's message again) and try to deliver once now.
    ``throttle(email)`` counts a send and says whether it is over the visitor's limits."""
    bait = data.get("website")
    if bait and (not isinstance(bait, str) or bait.strip()):  # the honeypot: only a bot fills it
        return Outcome()
    values, errors = check(data)
    if errors:
        return Outcome(errors=errors)
    key = text(data, "key", 64)
    if KEY_RE.match(key):
        same = ContactMessage.objects.filter(key=key).first()
        if same is not None:  # the same form again (a second press, a reload): one message
            return Outcome(message=same, failed=same.status != ContactMessage.SENT)
    else:
        key = new_key()
    if throttle(values["email"]):
        return Outcome(throttled=True)
    message, created = ContactMessage.objects.get_or_create(
        key=key,
        defaults={
            **values,
            "locale": locale,
            "url": url[:1000],
            "fid": fid if fid and fid > 0 else None,
            "expires_at": timezone.now() + timedelta(hours=settings.CONTACT_EXPIRE_HOURS),
        },
    )
    if not created:  # the same form posted twice at once: the other request sends it
        return Outcome(message=message, failed=message.status != ContactMessage.SENT)
    return deliver(message.pk, inline=True)


def payload(message: ContactMessage) -> dict:
    """What the provider's support endpoint takes."""
    return {
        "name": message.name,
        "email": message.email,
        "reference": message.reference,
        "topic": message.topic,
        "message": message.message,
        "locale": message.locale,
        "url": message.url,
        "fid": message.fid,
        "created": message.created_at.isoformat(),
    }


def email_message(message: ContactMessage) -> EmailMessage:
    """The support team's email: to ``CONTACT_EMAIL_TO``, Reply-To the visitor."""
    topic = dict(ContactMessage.TOPICS).get(message.topic, message.topic)
    if message.reference:
        subject = SUBJECT.format(topic=topic, reference=message.reference)
    else:
        subject = SUBJECT_NO_REFERENCE.format(topic=topic)
    body = "\n".join(
        [
            f"From: {message.name} <{message.email}>",
            f"Topic: {topic}",
            f"Booking reference: {message.reference or '-'}",
            f"Language: {message.locale}",
            f"Agent (fid): {message.fid or '-'}",
            f"Page: {message.url or '-'}",
            f"Sent: {message.created_at.isoformat()}",
            "",
            message.message,
        ]
    )
    return EmailMessage(
        subject=subject,
        body=body,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[settings.CONTACT_EMAIL_TO],
        reply_to=[message.email],
        headers={"X-Contact-Key": message.key},
    )


def _to_provider(message: ContactMessage, *, inline: bool) -> None:
    try:
        if inline:
            UpstreamClient(locale=message.locale).post(
                PATH, json=payload(message), idempotency_key=message.key
            )
        else:
            with time_budget(settings.CONTACT_SEND_SECONDS):
                UpstreamClient(locale=message.locale).post(
                    PATH, json=payload(message), idempotency_key=message.key
                )
    except UpstreamValidationError as error:
        raise Reject(str(error.errors or error.message), detail=error.errors) from error
    except CircuitOpen as error:  # nothing was sent: wait for the breaker, spend no attempt
        until = datetime.fromtimestamp(error.until, tz=UTC)
        raise Wait(f"{error.__class__.__name__}: {error}", until=until) from error
    except UpstreamError as error:
        raise Retry(f"{error.__class__.__name__}: {error}") from error


def _by_email(message: ContactMessage) -> None:
    if not settings.CONTACT_EMAIL_TO:
        raise Retry(NOT_CONFIGURED)
    try:
        email_message(message).send()
    except Exception as error:  # noqa: BLE001 — the mail server down: try again later
        raise Retry(f"{error.__class__.__name__}: {error}") from error


def send(message: ContactMessage, *, inline: bool) -> None:
    """Deliver one claimed message (the outbox's ``deliver``) to ``CONTACT_DESTINATION``.
    The provider refusing it as it is: ``Reject``; down, slow, 5xx, the mail server down:
    ``Retry``; the support service's circuit open: ``Wait``. An email cannot carry a key the
    other side counts once: one whose send was cut off after the server took it (a lease run
    out mid-send) may arrive twice, which is rare and harmless; the provider counts its key."""
    if settings.CONTACT_DESTINATION == "email":
        _by_email(message)
    else:
        _to_provider(message, inline=inline)


# The contact form's outbox: its timings are CONTACT_LEASE_SECONDS, CONTACT_RETRY_FIRST_SECONDS,
# CONTACT_RETRY_LONGEST_SECONDS and CONTACT_SWEEP_GRACE_SECONDS; its sweeper is ``manage.py
# sweep_outbox``.
OUTBOX = register(Outbox("contact", ContactMessage, send, settings_prefix="CONTACT"))


def deliver(message_id: int, *, inline: bool = False) -> Outcome:
    """One attempt to send the message (claimed first: one sent already, or being sent right
    now, is left alone), and what the visitor is told of it: received, whether or not it went
    out now, or the provider's field errors when it refuses the message as it is."""
    attempt = OUTBOX.attempt(message_id, inline=inline)
    if attempt.result == "rejected":
        # The visitor sees why, under the fields the provider named (in its words).
        errors = attempt.error.detail or {}
        return Outcome(message=attempt.item, errors={k: list(v)[:1] for k, v in errors.items()})
    return Outcome(message=attempt.item, failed=attempt.result != "sent")
