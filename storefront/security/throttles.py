"""Login, register, lead, contact, booking-lookup and admin-login throttles: counters in the
"throttle" cache.

Every attempt is counted before it is made, on all of its counters at once, and refused when any
of them is past its limit, so parallel attempts cannot slip between a check and a count. A counter
starts at its first attempt and lasts ``WINDOW_SECONDS`` (atomic ``add`` then ``incr``, shared by
every process through Redis); counters live in their own cache alias, where no other traffic can
evict them. (django-ratelimit counts in fixed windows whose ends fall at arbitrary moments: a
guesser straddling one gets twice the limit, so its windows do not fit a login throttle.)

Who is counted how (the rule that slows a guesser without locking the owner out):

- every attempt, per address: ``LOGIN_ATTEMPTS_PER_IP``;
- an attempt from a browser that has logged in to this account before (it carries our signed
  ``known_device`` cookie for it), per account and browser: ``LOGIN_ATTEMPTS_PER_EMAIL``. A
  stranger guessing the password never touches this counter, so the owner's browsers stay in;
- any other attempt, per account and address: ``LOGIN_ATTEMPTS_PER_EMAIL``, and per account over
  all such attempts: ``LOGIN_ATTEMPTS_PER_EMAIL_ALL_SOURCES`` (a guesser with many addresses).

So ten wrong passwords from one address stop that address (for that account), not the owner on
another address or on a browser they logged in from before.
"""

import hashlib
import secrets

from django.conf import settings
from django.core import signing
from django.core.cache import caches

from .client_ip import client_ip

WINDOW_SECONDS = 15 * 60
DEVICE_COOKIE = "known_device"
DEVICE_COOKIE_SALT = "storefront.security.known-device"
DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60


class Throttled(Exception):
    """Too many attempts: refuse this one without asking anybody."""


class ThrottleUnavailable(Exception):
    """The counters cannot be kept (the throttle cache is down): refuse, but say so."""


def _digest(value: str) -> str:
    return hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]


def _increment(key: str) -> int:
    counters = caches["throttle"]
    if counters.add(key, 1, timeout=WINDOW_SECONDS):
        return 1
    try:
        return counters.incr(key)
    except ValueError:  # it ran out between add and incr: a new window
        counters.set(key, 1, timeout=WINDOW_SECONDS)
        return 1


def _count(*counters: tuple[str, str, int]) -> None:
    """Count the attempt on every (group, key, limit), then refuse when any is past its limit."""
    over = False
    for group, key, limit in counters:
        try:
            count = _increment(f"throttle:{group}:{_digest(key)}")
        except Exception as exc:  # the cache is down: never let attempts through uncounted
            raise ThrottleUnavailable(f"{group}: {exc}") from exc
        over = over or count > limit
    if over:
        raise Throttled


def _known_device(request, account: str) -> str | None:
    """The browser's id when its ``known_device`` cookie was signed for this account."""
    try:
        value = signing.loads(
            request.COOKIES.get(DEVICE_COOKIE, ""),
            salt=DEVICE_COOKIE_SALT,
            max_age=DEVICE_COOKIE_MAX_AGE,
        )
    except signing.BadSignature:
        return None
    if isinstance(value, dict) and value.get("account") == account:
        return str(value.get("device", ""))[:64] or None
    return None


def login_attempt(*, request, email: str) -> None:
    """Count a login attempt for ``email``; raises Throttled or ThrottleUnavailable."""
    account, ip = _digest(email), client_ip(request)
    counters = [("login-ip", ip, settings.LOGIN_ATTEMPTS_PER_IP)]
    device = _known_device(request, account)
    if device:
        counters.append(("login-device", f"{account}|{device}", settings.LOGIN_ATTEMPTS_PER_EMAIL))
    else:
        counters.append(("login-pair", f"{account}|{ip}", settings.LOGIN_ATTEMPTS_PER_EMAIL))
        counters.append(("login-account", account, settings.LOGIN_ATTEMPTS_PER_EMAIL_ALL_SOURCES))
    _count(*counters)


def register_attempt(*, request, email: str) -> None:
    _count(
        ("register-ip", client_ip(request), settings.REGISTER_ATTEMPTS_PER_IP),
        ("register-email", _digest(email), settings.LOGIN_ATTEMPTS_PER_EMAIL),
    )


def lead_attempt(*, request, email: str) -> None:
    """A lead sent (the agent popup): per address and per email."""
    _count(
        ("lead-ip", client_ip(request), settings.LEADS_PER_IP),
        ("lead-email", _digest(email.strip().lower()), settings.LEADS_PER_EMAIL),
    )


def contact_attempt(*, request, email: str) -> None:
    """A message sent from the contact form: per address and per email."""
    _count(
        ("contact-ip", client_ip(request), settings.CONTACT_PER_IP),
        ("contact-email", _digest(email.strip().lower()), settings.CONTACT_PER_EMAIL),
    )


def lookup_attempt(*, request, reference: str) -> None:
    """A guest looking a booking up by reference and email: per address, and per reference
    (from anywhere: a guesser with many addresses still stops at the reference's limit)."""
    _count(
        ("lookup-ip", client_ip(request), settings.LOOKUP_ATTEMPTS_PER_IP),
        ("lookup-reference", _digest(reference), settings.LOOKUP_ATTEMPTS_PER_REFERENCE),
    )


def admin_login_attempt(*, request, username: str) -> None:
    ip = client_ip(request)
    _count(
        ("admin-ip", ip, settings.LOGIN_ATTEMPTS_PER_IP),
        ("admin-pair", f"{_digest(username)}|{ip}", settings.LOGIN_ATTEMPTS_PER_EMAIL),
    )


def remember_device(response, *, request, email: str) -> None:
    """After a successful login: this browser is now known for this account."""
    account = _digest(email)
    device = _known_device(request, account) or secrets.token_urlsafe(16)
    response.set_cookie(
        DEVICE_COOKIE,
        signing.dumps({"account": account, "device": device}, salt=DEVICE_COOKIE_SALT),
        max_age=DEVICE_COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="Lax",
        secure=settings.HTTPS,
    )
