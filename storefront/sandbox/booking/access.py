"""Who may see and change a booking once it is made (docs/provider-booking-api.md, "After the
booking"): the guest's short-lived access token, the lookup's throttle, and which bookings a
caller may read, list or cancel.

- A guest who proves a booking (its reference and the holder's email, ``POST
  /v3/bookings/lookup``) gets a token signed with the sandbox's key (Django's signing, its own
  salt): that booking's id and an expiry, ``SANDBOX_BOOKING_ACCESS_SECONDS`` ahead. It is sent as
  ``Authorization: Booking <token>`` and opens that booking only.
- Lookups are counted per reference (``SANDBOX_LOOKUP_ATTEMPTS`` in
  ``SANDBOX_LOOKUP_WINDOW_SECONDS``, a sliding window in the throttle cache): past that, 429 with
  ``Retry-After``, whether the pair was right or wrong, so guessing emails for a reference is slow.
"""

import math
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.core import signing
from django.core.cache import caches
from django.db.models import Q, QuerySet

from ..models import Account, Booking
from .services import Refusal

TOKEN_SALT = "storefront.sandbox.booking-access"
SCHEME = "Booking"
LOOKUP_THROTTLED = "lookup_throttled"
BOOKING_NOT_FOUND = "booking_not_found"
NOT_AN_AGENT = "not_an_agent"
RESERVATIONS_NOT_ALLOWED = "reservations_not_allowed"
ACCESS_EXPIRED = "booking_access_expired"
THROTTLE_CACHE = "throttle"


def issue(booking: Booking, moment: datetime) -> tuple[str, int]:
    """(a token opening ``booking``, its expiry in Unix seconds)."""
    expires = int(moment.timestamp()) + settings.SANDBOX_BOOKING_ACCESS_SECONDS
    token = signing.dumps({"b": booking.public_id, "exp": expires}, salt=TOKEN_SALT)
    return token, expires


def booking_id_for(token: str, moment: datetime) -> str | None:
    """The booking ``token`` opens, or None when it is not ours or has expired."""
    try:
        data = signing.loads(token, salt=TOKEN_SALT)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("exp"), int):
        return None
    if data["exp"] <= moment.timestamp():
        return None
    return data.get("b") if isinstance(data.get("b"), str) else None


def guest_token(authorization: str) -> str | None:
    """The token of an ``Authorization: Booking <token>`` header, else None."""
    scheme, _, token = authorization.partition(" ")
    if scheme != SCHEME:
        return None
    return token.strip() or None


def lookup_wait(reference: str, moment: datetime) -> int:
    """Count a lookup of ``reference``: 0 when it may go ahead, else the seconds until the
    oldest try in the window leaves it (the answer's Retry-After)."""
    cache = caches[THROTTLE_CACHE]
    window = settings.SANDBOX_LOOKUP_WINDOW_SECONDS
    key = f"sandbox:booking-lookup:{reference}"
    now = moment.timestamp()
    tries = [t for t in cache.get(key, []) if t > now - window]
    if len(tries) >= settings.SANDBOX_LOOKUP_ATTEMPTS:
        return max(1, math.ceil(tries[0] + window - now))
    cache.set(key, [*tries, now], timeout=window)
    return 0


def look_up(*, reference: str, email: str, moment: datetime) -> Booking:
    """The booking of this reference (upper-cased) and holder's email (lower-cased), the try
    counted against the reference: 429 past the throttle, else one 404 for whatever was wrong
    (an unknown reference, another email), so nothing tells which bookings exist."""
    wait = lookup_wait(reference, moment)
    if wait:
        raise Refusal(
            429, LOOKUP_THROTTLED, code="too_many_attempts", headers={"Retry-After": str(wait)}
        )
    found = Booking.objects.filter(reference=reference, holder_email=email)
    found = found.select_related("payment", "prebook").first()
    if found is None:
        raise Refusal(404, BOOKING_NOT_FOUND, code="not_found")
    return found


@dataclass(frozen=True)
class Caller:
    """Who asks: the client token (``client``), a logged-in provider session's ``account``
    (with or without the token), or a guest holding a token for one booking (``booking_id``)."""

    account: Account | None = None
    client: bool = False
    booking_id: str | None = None


def readable(caller: Caller, bookings: QuerySet) -> QuerySet:
    """The bookings ``caller`` may read: the guest's one; an account's own, an agent's made
    under their fid, and every one for a user whose actions include reservations (what their
    listings show them); with the client token alone, any."""
    if caller.booking_id is not None:
        return bookings.filter(public_id=caller.booking_id)
    account = caller.account
    if account is None:
        return bookings if caller.client else bookings.none()
    if "reservations" in (account.actions or []):
        return bookings
    mine = Q(account=account)
    if account.plan_id is not None and account.fid:
        mine |= Q(fid=account.fid)
    return bookings.filter(mine)


def may_cancel(caller: Caller, booking: Booking) -> bool:
    """The guest whose token opens it, the account that made it, or the client token (without a
    session: the storefront acting for a guest it has checked)."""
    if caller.booking_id is not None:
        return caller.booking_id == booking.public_id
    if caller.account is not None:
        return booking.account_id == caller.account.pk
    return caller.client


def check_agency_listing(account: Account, *, everyone: bool) -> None:
    """The agents' listing: an agent's own (``plan_id`` not null), or with ``everyone``
    (``all=true``) every booking, for a user whose actions include reservations; else 403."""
    if everyone and "reservations" not in (account.actions or []):
        raise Refusal(403, RESERVATIONS_NOT_ALLOWED, code="forbidden")
    if not everyone and account.plan_id is None:
        raise Refusal(403, NOT_AN_AGENT, code="forbidden")
