"""After the booking: whose credentials read a booking, the addresses of bookings, a guest's
lookup, cancelling once, and the email that says so.

Who reads what is the provider's decision, asked with the visitor's own credentials: a
logged-in visitor's provider session (their bookings; an agent's also those under their fid),
or a guest's access token from a lookup (that one booking, for half an hour), kept in the
session, never in a URL. A booking the provider will not show them is a 404 here.

Cancelling is idempotent end to end: the key of a cancel is the booking and the penalty the
visitor confirmed (a double click, a reload or a retried post is the same cancel, answered
again by the provider); a cancel under another quote of a booking cancelled meanwhile is
answered "already cancelled" and shows the booking as it is. The email goes once a booking
(``CancellationMail.booking_id`` is unique).
"""

import hashlib
import uuid as uuid_module
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from storefront.background.outbox import Outbox, Retry, register
from storefront.security import throttles
from storefront.upstream import inventory
from storefront.upstream import reservations as upstream
from storefront.upstream.errors import UpstreamError

from .models import CancellationMail, Link

ACCESS_KEY = "reservation_access"  # a guest's lookup: {"booking": id, "token": …, "expires": …}


# --- addresses ------------------------------------------------------------------------------


def link(booking_id: str) -> uuid_module.UUID:
    """The uuid a booking's pages are addressed by (the same one every time)."""
    uuid = Link.uuid_of(booking_id)
    try:
        with transaction.atomic():
            Link.objects.get_or_create(uuid=uuid, defaults={"booking_id": booking_id})
    except IntegrityError:  # linked at the same moment by another request: the same row
        pass
    return uuid


def booking_id_of(uuid) -> str | None:
    try:
        found = Link.objects.filter(uuid=uuid).values_list("booking_id", flat=True).first()
    except (ValueError, TypeError, ValidationError):  # not a uuid
        return None
    return found


def room_type_of(reservation: upstream.Reservation, locale: str) -> str:
    """The booked room's type (its words in every language: ``presenters.room_words``), from the
    hotel's rooms; "" when the hotel cannot be read now (the provider's room name is shown)."""
    try:
        hotel = inventory.hotel(reservation.hotel_id, locale)
    except UpstreamError:
        return ""
    rooms = {room.id: room.type for room in hotel.rooms} if hotel else {}
    return rooms.get(reservation.room_id, "")


# --- credentials ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Credentials:
    cookies: dict | None = None  # a logged-in visitor's provider session
    token: str = ""  # a guest's access to one booking

    def kwargs(self) -> dict:
        return {"cookies": self.cookies, "token": self.token}


def account_credentials(request) -> Credentials | None:
    from storefront.accounts.services import SESSION_KEY

    stored = request.session.get(SESSION_KEY)
    return Credentials(cookies=dict(stored["cookies"])) if stored else None


def guest_access(request) -> tuple[str, Credentials] | None:
    """(the booking id, the credentials) of this visitor's lookup while its token lasts."""
    kept = request.session.get(ACCESS_KEY)
    if not isinstance(kept, dict):
        return None
    try:
        expires = datetime.fromisoformat(kept["expires"])
    except (KeyError, TypeError, ValueError):
        return None
    if expires <= datetime.now(UTC):
        request.session.pop(ACCESS_KEY, None)
        return None
    return kept["booking"], Credentials(token=kept["token"])


def forget_guest_access(request) -> None:
    request.session.pop(ACCESS_KEY, None)


class LookupThrottled(Exception):
    """Too many lookups from this address, or of this reference."""


def look_up(request, *, reference: str, email: str, locale: str) -> upstream.Reservation:
    """A guest's booking by its reference and email, its access kept in the session. Raises
    ``LookupThrottled`` (counted here first, per address and per reference),
    ``UpstreamNotFound`` (no such pair), ``UpstreamError``."""
    try:
        throttles.lookup_attempt(request=request, reference=reference)
    except (throttles.Throttled, throttles.ThrottleUnavailable) as error:
        raise LookupThrottled from error
    try:
        access = upstream.lookup(reference, email, locale=locale)
    except UpstreamError as error:
        if error.status == 429:
            raise LookupThrottled from error
        raise
    request.session.cycle_key()  # a new session id for a visitor who now holds a booking
    request.session[ACCESS_KEY] = {
        "booking": access.reservation.id,
        "token": access.token,
        "expires": access.expires_at.isoformat(),
    }
    return access.reservation


# --- cancelling -----------------------------------------------------------------------------


def cancel_key(booking_id: str, expected_penalty: Decimal) -> str:
    """One cancel of one booking at one quoted penalty: the same whoever posts it again."""
    digest = hashlib.sha256(f"{booking_id}|{expected_penalty}".encode()).hexdigest()[:40]
    return f"cancel-{digest}"


def cancel(
    booking_id: str,
    *,
    expected_penalty: Decimal,
    credentials: Credentials,
    locale: str,
    host: str,
    fid: str,
) -> upstream.Reservation:
    """Cancels the booking at the penalty the visitor confirmed, once, and writes its email.
    Raises ``UpstreamError`` with ``code`` ``penalty_changed`` (the quote moved: ask again),
    ``stay_started``, ``forbidden``; ``already_cancelled`` is answered with the booking."""
    try:
        cancelled = upstream.cancel(
            booking_id,
            expected_penalty=expected_penalty,
            key=cancel_key(booking_id, expected_penalty),
            locale=locale,
            **credentials.kwargs(),
        )
    except UpstreamError as error:
        if error.code != "already_cancelled":
            raise
        cancelled = upstream.reservation(booking_id, locale=locale, **credentials.kwargs())
    if cancelled.cancelled:
        mail_later(cancelled, locale=locale, host=host, fid=fid)
    return cancelled


def mail_later(reservation: upstream.Reservation, *, locale: str, host: str, fid: str) -> None:
    """Writes the cancellation's email (once a booking) and queues it."""
    email = reservation.holder.get("email", "")
    if not email:
        return
    from django.utils import timezone

    row, made = CancellationMail.objects.get_or_create(
        booking_id=reservation.id,
        defaults={
            "email": email,
            "locale": locale,
            "host": host,
            "fid": fid,
            "next_attempt_at": timezone.now(),
            "expires_at": timezone.now() + timedelta(days=7),
        },
    )
    if made:
        CANCELLATION_MAILS.schedule(row.pk)


def _send_cancellation(item: CancellationMail, *, inline: bool = False) -> None:
    from .emails import cancellation_message

    try:
        reservation = upstream.reservation(item.booking_id, locale=item.locale)
        cancellation_message(item, reservation).send()
    except Exception as error:  # noqa: BLE001 — the provider or the mail server down: later
        raise Retry(f"{error.__class__.__name__}: {error}") from error


CANCELLATION_MAILS = register(
    Outbox(
        "cancellation-mails",
        CancellationMail,
        _send_cancellation,
        settings_prefix="RESERVATIONS_MAIL",
    )
)
