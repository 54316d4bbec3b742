"""Leads: checking what a visitor sends, writing it to the outbox, and delivering it.

``submit`` checks the form (name, email, a phone number valid for the chosen dial code's
country, read by phonenumbers), drops what a bot fills (the honeypot), folds a second send of
the same person within ``LEADS_DEDUPE_SECONDS`` (or the same form key) into the first, writes
the lead, and tries to deliver it at once within the page's budget. ``deliver`` makes one
attempt through the leads' outbox (``OUTBOX``, ``storefront.background.outbox``: the claim, the
backoff, expiry and the sweep), whose work is ``send``: the spec's payload (section 7) to the
provider. A provider that is down or slow leaves the lead pending with its next attempt queued
(``LEADS_RETRY_*``), and the outbox's background task goes on until it is delivered or
``LEADS_EXPIRE_HOURS`` have passed.
"""

import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.validators import validate_email
from django.db.models import Q
from django.utils import timezone

from storefront.background.outbox import Outbox, Reject, Retry, Wait, register
from storefront.catalog.phones import country_for_dial, phone_number
from storefront.upstream.budget import time_budget
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import CircuitOpen, UpstreamError, UpstreamValidationError

from .models import Lead

KEY_RE = re.compile(r"\A[A-Za-z0-9_-]{16,64}\Z")
DEFAULT_FID = 3  # spec section 9: default ref and userid


@dataclass
class Outcome:
    """What the visitor is told: ``sent`` (delivered, or kept to be delivered: the spec's sent
    state either way), ``errors`` (field -> messages: ours as catalog keys, the provider's in
    its words) and ``failed`` (the provider did not take it now: the spec's toast)."""

    lead: Lead | None = None
    errors: dict[str, list[str]] = field(default_factory=dict)
    failed: bool = False


def new_key() -> str:
    return secrets.token_urlsafe(24)


def text(data, name: str, limit: int = 1000) -> str:
    """A field of what was sent as text: a string (a JSON number, for a phone typed as one),
    without control characters, at most ``limit`` long; anything else (a list, an object, true)
    counts as not given."""
    value = data.get(name)
    if isinstance(value, int) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        return ""
    return "".join(c for c in value[: limit * 2] if unicodedata.category(c)[0] != "C")[:limit]


def check(data) -> tuple[dict, dict[str, list[str]]]:
    """The form's values, cleaned, and its errors (catalog keys, first one per field)."""
    name = " ".join(text(data, "name", 240).split())[:120]
    email = text(data, "email", 254).strip()
    dialled = text(data, "calling_code", 16) or "1"
    country = country_for_dial(text(data, "country", 8) or "us", dialled)
    number = phone_number(text(data, "phone", 40).strip(), country)
    errors: dict[str, list[str]] = {}
    if not name:
        errors["name"] = ["leads.errors.name_required"]
    try:
        validate_email(email)
    except Exception:  # noqa: BLE001 — any failure is the same message to the visitor
        errors["email"] = ["leads.errors.email_invalid"]
    if number is None:
        errors["phone"] = ["leads.errors.phone_invalid"]
    values = {
        "name": name,
        "email": email.lower(),
        "country": country.code.upper() if country else "",
        # The country calling code and the national number, as phonenumbers reads them: "1"
        # and "6846331234" for American Samoa's "1-684" and "633 1234".
        "calling_code": str(number.country_code) if number else "",
        "phone": str(number.national_number) if number else "",
    }
    return values, errors


def submit(data, *, locale: str, url: str, title: str, fid: int | None) -> Outcome:
    """Check, write (or find the same lead again) and try to deliver once now."""
    bait = data.get("website")
    if bait and (not isinstance(bait, str) or bait.strip()):  # the honeypot: only a bot fills it
        return Outcome(lead=None)
    values, errors = check(data)
    if errors:
        return Outcome(errors=errors)
    key = text(data, "key", 64)
    key = key if KEY_RE.match(key) else new_key()
    now = timezone.now()
    recent = now - timedelta(seconds=settings.LEADS_DEDUPE_SECONDS)
    same = (
        Lead.objects.filter(Q(key=key) | Q(email=values["email"], phone=values["phone"]))
        .filter(Q(key=key) | Q(created_at__gte=recent))
        .first()
    )
    if same is not None:
        return Outcome(lead=same)
    lead, _created = Lead.objects.get_or_create(
        key=key,
        defaults={
            **values,
            "locale": locale,
            "title": title[:200],
            "url": url[:1000],
            "fid": fid if fid and fid > 0 else DEFAULT_FID,
            "expires_at": now + timedelta(hours=settings.LEADS_EXPIRE_HOURS),
        },
    )
    return deliver(lead.pk, inline=True)


def payload(lead: Lead) -> dict:
    """The spec's lead call (section 7), every field."""
    hebrew = lead.locale == "he"
    return {
        "to": settings.LEADS_TO,
        "bot": 1 if hebrew else 0,
        "token": settings.LEADS_TOKEN,
        "name": lead.name,
        "fullname": lead.name,
        "email": lead.email,
        "addToGroups": settings.LEADS_GROUP_HE if hebrew else settings.LEADS_GROUP,
        "lang": lead.locale,
        "title": lead.title,
        "url": lead.url,
        "calling_code": lead.calling_code,
        "phone": lead.phone,
        "ref": lead.fid,
        "userid": lead.fid,
    }


def send(lead: Lead, *, inline: bool) -> None:
    """Deliver one claimed lead (the outbox's ``deliver``). Inline (the visitor's request) it
    uses what is left of the page's budget; in the background, ``LEADS_SEND_SECONDS``. The
    provider refusing the lead as it is: ``Reject`` with its field errors (retrying cannot
    help); down, slow, 5xx: ``Retry``; the lead service's circuit open: ``Wait``."""
    try:
        if inline:
            UpstreamClient(locale=lead.locale).post(
                "/v3/services/proxy", json=payload(lead), idempotency_key=lead.key
            )
        else:
            with time_budget(settings.LEADS_SEND_SECONDS):
                UpstreamClient(locale=lead.locale).post(
                    "/v3/services/proxy", json=payload(lead), idempotency_key=lead.key
                )
    except UpstreamValidationError as error:
        raise Reject(str(error.errors or error.message), detail=error.errors) from error
    except CircuitOpen as error:  # nothing was sent: wait for the breaker, spend no attempt
        until = datetime.fromtimestamp(error.until, tz=UTC)
        raise Wait(f"{error.__class__.__name__}: {error}", until=until) from error
    except UpstreamError as error:
        raise Retry(f"{error.__class__.__name__}: {error}") from error


# The leads' outbox: its timings are LEADS_LEASE_SECONDS, LEADS_RETRY_FIRST_SECONDS,
# LEADS_RETRY_LONGEST_SECONDS and LEADS_SWEEP_GRACE_SECONDS; its sweeper is ``manage.py
# sweep_outbox`` (or ``send_leads``).
OUTBOX = register(Outbox("leads", Lead, send, settings_prefix="LEADS"))


def deliver(lead_id: int, *, inline: bool = False) -> Outcome:
    """One attempt to send the lead (claimed first: a lead sent already, or being sent right
    now, is left alone), and what the visitor is told of it."""
    attempt = OUTBOX.attempt(lead_id, inline=inline)
    if attempt.result == "rejected":
        # The visitor sees why, under the fields the provider named.
        errors = attempt.error.detail or {}
        return Outcome(lead=attempt.item, errors={k: list(v)[:1] for k, v in errors.items()})
    return Outcome(lead=attempt.item, failed=attempt.failed)
