"""Leads: checking what a visitor sends, writing it to the outbox, and delivering it.

``submit`` checks the form (name, email, a phone number valid for the chosen dial code's
country, read by phonenumbers), drops what a bot fills (the honeypot), folds a second send of
the same person within ``LEADS_DEDUPE_SECONDS`` (or the same form key) into the first, writes
the lead, and tries to deliver it at once within the page's budget. ``deliver`` claims a lead
and sends the spec's payload (section 7); a provider that is down or slow leaves it pending with
its next attempt scheduled (``retry_delay``), and the background task (``tasks.py``) goes on
until it is delivered or ``LEADS_EXPIRE_HOURS`` have passed.
"""

import logging
import re
import secrets
import unicodedata
from dataclasses import dataclass, field
from datetime import timedelta

import phonenumbers
from django.conf import settings
from django.core.validators import validate_email
from django.db.models import F, Q
from django.utils import timezone

from storefront.catalog.selectors import countries
from storefront.upstream.budget import time_budget
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamError, UpstreamValidationError

from .models import Lead

log = logging.getLogger(__name__)

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


def _country_for(code: str, calling_code: str):
    """The country whose dial code the visitor chose, if it has that code."""
    found = countries().get((code or "").upper())
    digits = re.sub(r"\D", "", calling_code or "")
    if found is None or not digits:
        return None
    return found if re.sub(r"\D", "", found.dial_code) == digits else None


def _phone_number(raw: str, country) -> phonenumbers.PhoneNumber | None:
    """The number typed, read as the chosen country's: a dial code with an area part ("1-684",
    American Samoa) also reads a number typed without that area code."""
    if country is None:
        return None
    region = country.code.upper()
    _code, _dash, area = country.dial_code.partition("-")
    candidates = [raw]
    if area and not re.sub(r"\D", "", raw).startswith(area) and not raw.lstrip().startswith("+"):
        candidates.append(area + raw)
    for candidate in candidates:
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    return None


def check(data) -> tuple[dict, dict[str, list[str]]]:
    """The form's values, cleaned, and its errors (catalog keys, first one per field)."""
    name = " ".join(text(data, "name", 240).split())[:120]
    email = text(data, "email", 254).strip()
    country = _country_for(text(data, "country", 8) or "us", text(data, "calling_code", 16) or "1")
    number = _phone_number(text(data, "phone", 40).strip(), country)
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


def retry_delay(attempts: int) -> timedelta:
    """Backoff after ``attempts`` failed sends: 15 s, 30 s, 1 min ... at most 30 min (the
    ``LEADS_RETRY_*`` settings)."""
    first, longest = settings.LEADS_RETRY_FIRST_SECONDS, settings.LEADS_RETRY_LONGEST_SECONDS
    return timedelta(seconds=min(longest, first * 2 ** max(0, attempts - 1)))


def _claim(lead_id: int) -> Lead | None:
    """Take the lead for one send: one conditional UPDATE, so two workers (or a worker and the
    visitor's own request) never send it at the same time."""
    now = timezone.now()
    taken = Lead.objects.filter(
        Q(status=Lead.PENDING) | Q(status=Lead.SENDING, lease_until__lt=now), pk=lead_id
    ).update(status=Lead.SENDING, lease_until=now + timedelta(seconds=settings.LEADS_LEASE_SECONDS))
    return Lead.objects.get(pk=lead_id) if taken else None


def deliver(lead_id: int, *, inline: bool = False) -> Outcome:
    """One attempt to send the lead. Inline (the visitor's request) it uses what is left of the
    page's budget; in the background, ``LEADS_SEND_SECONDS``."""
    lead = _claim(lead_id)
    if lead is None:  # sent already, or being sent right now
        return Outcome(lead=Lead.objects.filter(pk=lead_id).first())
    now = timezone.now()
    if now >= lead.expires_at:
        Lead.objects.filter(pk=lead.pk).update(status=Lead.EXPIRED, lease_until=None)
        return Outcome(lead=lead, failed=True)
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
        # The provider refuses the lead as it is: the visitor sees why; retrying cannot help.
        Lead.objects.filter(pk=lead.pk).update(
            status=Lead.REJECTED,
            lease_until=None,
            attempts=F("attempts") + 1,
            last_error=str(error.errors or error.message)[:2000],
        )
        return Outcome(lead=lead, errors={k: list(v)[:1] for k, v in error.errors.items()})
    except UpstreamError as error:
        attempts = lead.attempts + 1
        Lead.objects.filter(pk=lead.pk).update(
            status=Lead.PENDING,
            lease_until=None,
            attempts=attempts,
            next_attempt_at=now + retry_delay(attempts),
            last_error=f"{error.__class__.__name__}: {error}"[:2000],
        )
        schedule(lead.pk, now + retry_delay(attempts))
        return Outcome(lead=lead, failed=True)
    Lead.objects.filter(pk=lead.pk).update(
        status=Lead.SENT, lease_until=None, attempts=F("attempts") + 1, sent_at=timezone.now()
    )
    return Outcome(lead=lead)


def schedule(lead_id: int, when) -> None:
    """Queue the next attempt (the task framework's backend: a database queue by default)."""
    from .tasks import deliver_lead

    try:
        deliver_lead.using(run_after=when).enqueue(lead_id)
    except Exception:  # noqa: BLE001 — a queue that is down: the sweeper finds the lead later
        log.exception("lead %s: could not queue its next attempt", lead_id)


def sweep(now=None) -> int:
    """Queue every lead that nobody will send otherwise: its retry overdue by more than
    ``LEADS_SWEEP_GRACE_SECONDS`` (the queue lost it, or a worker died before running it), a
    send whose lease ran out (a worker died mid-send), or a lead never tried (its request died
    before the first attempt). Each one queued is marked as due now, so a sweeper run every few
    seconds queues it once per grace, not once per run. Run by ``manage.py send_leads``
    (``--every N``: a loop beside the worker)."""
    now = now or timezone.now()
    overdue = now - timedelta(seconds=settings.LEADS_SWEEP_GRACE_SECONDS)
    due = list(
        Lead.objects.filter(
            Q(status=Lead.PENDING, next_attempt_at__lte=overdue)
            | Q(status=Lead.PENDING, next_attempt_at__isnull=True, created_at__lte=overdue)
            | Q(status=Lead.SENDING, lease_until__lt=now)
        ).values_list("pk", flat=True)
    )
    for start in range(0, len(due), 500):
        chunk = due[start : start + 500]
        Lead.objects.filter(pk__in=chunk, status=Lead.PENDING).update(next_attempt_at=now)
        # A lease that ran out: the send died with its worker; the lead is pending again.
        Lead.objects.filter(pk__in=chunk, status=Lead.SENDING, lease_until__lt=now).update(
            status=Lead.PENDING, lease_until=None, next_attempt_at=now
        )
    for lead_id in due:
        schedule(lead_id, now)
    return len(due)
