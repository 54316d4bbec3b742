"""Checkout's writes (DESIGN 15): hold the chosen offer, take the guest's details, start the one
payment of a transaction, and settle it from the provider's word.

Idempotent end to end, whatever the visitor double-clicks, reloads or replays:

- a hold is kept per visitor and offer in the session, and asked for again only once it ran out
  (then re-priced, and the page says so before anything else);
- posting the details twice finds the transaction of that prebook (``prebook_id`` is unique) and
  the payment it started (started under the transaction's key: the provider answers the same
  payment again);
- settling moves a transaction only from the state it expects, in one conditional update, so a
  return, a webhook and a replay of either change it once.

Who may see a transaction: the visitor whose session made it (``owner``, a random token kept in
the session, which survives logging in), or the provider account it was booked under.
"""

import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.urls import reverse

from storefront.background.outbox import Outbox, Retry, Wait, register
from storefront.catalog.phones import country_for_dial, phone_number
from storefront.upstream import booking
from storefront.upstream.errors import CircuitOpen, UpstreamError

from .models import Confirmation, Settlement, Transaction

OWNER_KEY = "checkout_owner"
HOLDS_KEY = "checkout_holds"  # offer id -> [prebook id, pay_now as text, guest country]
NAME_LIMIT = 50
# The provider's rule for a guest's name, said before it is broken (``book.name_rule``): its
# hotels' systems take ASCII letters, spaces, hyphens and apostrophes, a letter first.
NAME_RE = re.compile(r"[A-Za-z][A-Za-z '’-]*")
REQUESTS_LIMIT = 500

# The guest details' messages (catalog keys), first one per field.
REQUIRED = "book.errors.required"
NAME_LATIN = "book.errors.name_latin"
EMAIL_INVALID = "book.errors.email_invalid"
PHONE_INVALID = "book.errors.phone_invalid"
TOO_LONG = "book.errors.too_long"


def owner(request) -> str:
    """This visitor's checkout token (made on first use)."""
    token = request.session.get(OWNER_KEY)
    if not token:
        token = request.session[OWNER_KEY] = secrets.token_urlsafe(24)
    return token


def provider_cookies(request) -> dict | None:
    """A logged-in visitor's provider session, so that what they book lands in their account."""
    from storefront.accounts.services import SESSION_KEY

    stored = request.session.get(SESSION_KEY)
    return dict(stored["cookies"]) if stored else None


@dataclass(frozen=True)
class Hold:
    prebook: booking.Prebook
    was: Decimal | None  # the price held before, when that hold ran out and this one replaced it


def hold(request, *, offer_id: str, occupancies, visitor, guest_country: str | None = None) -> Hold:
    """The visitor's hold on ``offer_id``: the one kept in the session while it lasts and was
    held for ``guest_country`` (the visitor's country when not named; the holder's, once the
    details name it), else a new prebook for that country. Raises ``UpstreamError`` (the offer
    gone, sold out, the provider down)."""
    country = ((visitor.country if guest_country is None else guest_country) or "").lower()
    holds = request.session.get(HOLDS_KEY, {})
    kept = holds.get(offer_id)
    cookies = provider_cookies(request)
    if kept and _held_country(kept) == country:
        try:
            found = booking.held(kept[0], locale=visitor.locale, cookies=cookies)
        except UpstreamError:
            found = None
        if found is not None and found.status == "held" and found.expires_at > _now():
            return Hold(found, None)
    prebook = booking.prebook(
        offer_id=offer_id,
        occupancies=[{"adults": a, "children": list(ages)} for a, ages in occupancies],
        currency=visitor.currency,
        guest_country=country,
        key=secrets.token_urlsafe(24),
        locale=visitor.locale,
        cookies=cookies,
    )
    # Keep the last few holds only: the session is not a store.
    holds = dict(list(holds.items())[-4:]) | {offer_id: [prebook.id, str(prebook.pay_now), country]}
    request.session[HOLDS_KEY] = holds
    was = Decimal(kept[1]) if kept and Decimal(kept[1]) != prebook.pay_now else None
    return Hold(prebook, was)


def held_country(request, offer_id: str) -> str | None:
    """The guest country this visitor's hold on ``offer_id`` was priced for (None: no hold)."""
    kept = request.session.get(HOLDS_KEY, {}).get(offer_id)
    return _held_country(kept) if kept else None


def _held_country(kept: list) -> str:
    return kept[2] if len(kept) > 2 else ""


def booked_offer(request, offer_id: str) -> Transaction | None:
    """This visitor's booked transaction of ``offer_id``, if they booked it already."""
    token = request.session.get(OWNER_KEY)
    if not token:
        return None
    return Transaction.objects.filter(
        session_key=token, offer_id=offer_id, state=Transaction.BOOKED
    ).first()


def held_for(request, offer_id: str) -> str:
    """The prebook id this visitor holds for ``offer_id`` ("" when none)."""
    kept = request.session.get(HOLDS_KEY, {}).get(offer_id)
    return kept[0] if kept else ""


def _text(data, name: str, limit: int) -> str:
    value = data.get(name, "")
    value = value if isinstance(value, str) else ""
    return " ".join(value.split())[: limit + 1]


def _name(data, name: str, errors: dict) -> str:
    value = _text(data, name, NAME_LIMIT)
    if not value:
        errors[name] = REQUIRED
    elif len(value) > NAME_LIMIT:
        errors[name] = TOO_LONG
    elif not NAME_RE.fullmatch(value):
        errors[name] = NAME_LATIN
    return value


def check_details(data, *, rooms: int) -> tuple[dict, dict[str, str]]:
    """The guest details form, cleaned, and its errors (field -> catalog key)."""
    errors: dict[str, str] = {}
    values = {"first_name": _name(data, "first_name", errors)}
    values["last_name"] = _name(data, "last_name", errors)
    email = _text(data, "email", 254)
    try:
        validate_email(email)
    except Exception:  # noqa: BLE001 — any failure is the same message to the visitor
        errors["email"] = REQUIRED if not email else EMAIL_INVALID
    values["email"] = email.lower()
    country = country_for_dial(_text(data, "country", 8), _text(data, "calling_code", 16) or "")
    if country is None:
        code = _text(data, "country", 8).upper()
        from storefront.catalog.selectors import countries

        found = countries().get(code)
        country = country_for_dial(code, found.dial_code) if found else None
    raw_phone = _text(data, "phone", 40)
    number = phone_number(raw_phone, country)
    if number is None:
        errors["phone"] = REQUIRED if not raw_phone else PHONE_INVALID
    values["country"] = country.code.upper() if country else ""
    values["phone"] = f"+{number.country_code} {number.national_number}" if number else raw_phone
    guests = []
    for room in range(1, rooms + 1):
        first = _name(data, f"room{room}_first_name", errors)
        last = _name(data, f"room{room}_last_name", errors)
        guests.append({"first_name": first, "last_name": last})
    values["guests"] = guests
    requests_text = (data.get("special_requests") or "").strip()
    if len(requests_text) > REQUESTS_LIMIT:
        errors["special_requests"] = TOO_LONG
    values["special_requests"] = requests_text[:REQUESTS_LIMIT]
    return values, errors


def start(
    request, *, prebook: booking.Prebook, values: dict, summary: dict, visitor
) -> Transaction:
    """The transaction of ``prebook`` with its payment started: made once, whatever posts the
    details again (the same prebook finds the same row, whose payment was started under its own
    key). Raises ``UpstreamError`` with the provider's refusal (its words per field, a changed
    price, a hold that ran out)."""
    fields = {
        "offer_id": summary.get("offer_id", ""),
        "hold_expires_at": prebook.expires_at,
        "currency": prebook.price.currency,
        "pay_now": prebook.pay_now,
        "pay_at_hotel": prebook.pay_at_hotel,
        "hotel_id": prebook.hotel_id,
        "summary": summary,
        "session_key": owner(request),
        "account_id": visitor.user.key if visitor.user else "",
        "email": values["email"],
        "holder_name": f"{values['first_name']} {values['last_name']}",
        "locale": visitor.locale,
        "host": request.get_host(),
        "fid": visitor.fid,
    }
    try:
        with transaction.atomic():
            sale, _ = Transaction.objects.get_or_create(prebook_id=prebook.id, defaults=fields)
    except IntegrityError:  # the same details posted twice at once: the other post made it
        sale = Transaction.objects.get(prebook_id=prebook.id)
    if sale.session_key != owner(request):
        raise PermissionError("another visitor's prebook")
    if sale.state != Transaction.STARTED:
        return sale  # its payment was started already: the same page again
    _start_payment(request, sale, values)
    return sale


def _start_payment(request, sale: Transaction, values: dict) -> None:
    origin = f"{request.scheme}://{request.get_host()}"
    body = {
        "prebook_id": sale.prebook_id,
        "holder": {
            "first_name": values["first_name"],
            "last_name": values["last_name"],
            "email": values["email"],
            "phone": values["phone"],
            "country": values["country"],
        },
        "guests": values["guests"],
        "special_requests": values["special_requests"],
        "amount": str(sale.pay_now),
        "currency": sale.currency,
        "return_url": origin + reverse("payment-return", kwargs={"uuid": sale.uuid}),
        "webhook_url": origin + reverse("payment-webhook"),
        "locale": sale.locale,
        "fid": str(sale.fid),
    }
    paid = booking.start_payment(
        body, key=sale.payment_key, locale=sale.locale, cookies=provider_cookies(request)
    )
    Transaction.objects.filter(pk=sale.pk, state=Transaction.STARTED).update(
        state=Transaction.PAYING, payment_id=paid.id, payment_url=paid.url
    )
    sale.state, sale.payment_id, sale.payment_url = Transaction.PAYING, paid.id, paid.url
    settle_later(sale)
    request.session[f"checkout_details:{sale.uuid}"] = values  # for a retry after a decline


def owned(request, uuid) -> Transaction | None:
    """The transaction ``uuid`` when this visitor may see it (its session, or its account)."""
    sale = Transaction.objects.filter(pk=uuid).first()
    if sale is None:
        return None
    if sale.session_key == request.session.get(OWNER_KEY):
        return sale
    user = getattr(request.visitor, "user", None)
    if user is not None and sale.account_id and sale.account_id == user.key:
        return sale
    return None


def settle(sale: Transaction) -> Transaction:
    """The provider's word on the transaction's payment, written once: booked (with its booking
    and reference), failed (with the provider's code), or left as it is while the payment is
    still pending or processing. Raises ``UpstreamError`` when the provider cannot answer."""
    if not sale.payment_id or sale.state == Transaction.BOOKED:
        return sale
    paid = booking.payment(sale.payment_id, locale=sale.locale)
    if paid.status == "succeeded" and paid.booking_id:
        Transaction.objects.filter(
            pk=sale.pk, payment_id=paid.id, state__in=(Transaction.PAYING, Transaction.FAILED)
        ).update(
            state=Transaction.BOOKED,
            booking_id=paid.booking_id,
            booking_reference=paid.booking_reference,
            failure="",
        )
        sale.refresh_from_db()
        if sale.state == Transaction.BOOKED:
            confirm_later(sale)  # once, whichever of the return, webhook or outbox got here
    elif paid.status in ("failed", "cancelled"):
        Transaction.objects.filter(pk=sale.pk, payment_id=paid.id, state=Transaction.PAYING).update(
            state=Transaction.FAILED, failure=paid.failure_code or paid.status
        )
    sale.refresh_from_db()
    return sale


def retry(request, sale: Transaction) -> Transaction:
    """A new payment for a failed transaction, under the next attempt's key, while its hold
    lasts. Raises ``UpstreamError`` (the hold ran out: ``hold_expired``)."""
    values = request.session.get(f"checkout_details:{sale.uuid}")
    if sale.state != Transaction.FAILED or not values:
        return sale
    moved = Transaction.objects.filter(pk=sale.pk, state=Transaction.FAILED).update(
        state=Transaction.STARTED, attempt=sale.attempt + 1, payment_id=None, payment_url=""
    )
    if moved:
        sale.refresh_from_db()
        try:
            _start_payment(request, sale, values)
        except UpstreamError:
            Transaction.objects.filter(pk=sale.pk, state=Transaction.STARTED).update(
                state=Transaction.FAILED
            )
            raise
    sale.refresh_from_db()
    return sale


def _now() -> datetime:
    return datetime.now(UTC)


# ----- what follows the visitor's return, or its absence (the outboxes) -----


def settle_later(sale: Transaction) -> None:
    """Writes the settlement of the transaction's payment attempt (once: ``key`` is unique) and
    queues it: if the visitor never comes back, the provider is asked anyway."""
    from django.conf import settings
    from django.utils import timezone

    first = timezone.now() + timedelta(seconds=settings.CHECKOUT_SETTLE_FIRST_SECONDS)
    row, made = Settlement.objects.get_or_create(
        key=sale.payment_key,
        defaults={
            "sale": sale,
            "next_attempt_at": first,
            "expires_at": sale.hold_expires_at + timedelta(days=1),
        },
    )
    if made:
        SETTLEMENTS.schedule(row.pk, first)


def _settle_item(item: Settlement, *, inline: bool = False) -> None:
    """The settlements' work: done once the provider says how the payment ended."""
    sale = item.sale
    if sale.payment_key != item.key and sale.state != Transaction.PAYING:
        return  # a later attempt replaced this one
    try:
        sale = settle(sale)
    except CircuitOpen as error:
        raise Wait(str(error), until=datetime.fromtimestamp(error.until, tz=UTC)) from error
    except UpstreamError as error:
        raise Retry(f"{error.__class__.__name__}: {error}") from error
    if sale.state == Transaction.PAYING:
        raise Retry("the payment is not final yet")


def confirm_later(sale: Transaction) -> None:
    """Writes the transaction's confirmation email (once: one row a transaction) and queues it."""
    from django.utils import timezone

    row, made = Confirmation.objects.get_or_create(
        sale=sale,
        defaults={
            "next_attempt_at": timezone.now(),
            "expires_at": timezone.now() + timedelta(days=7),
        },
    )
    if made:
        CONFIRMATIONS.schedule(row.pk)


def _send_confirmation(item: Confirmation, *, inline: bool = False) -> None:
    from .emails import confirmation_message

    sale = item.sale
    try:
        message = confirmation_message(sale)
        message.send()
    except Exception as error:  # noqa: BLE001 — the mail server down: try again later
        raise Retry(f"{error.__class__.__name__}: {error}") from error
    Transaction.objects.filter(pk=sale.pk).update(confirmation_sent_at=_now())


SETTLEMENTS = register(
    Outbox("settlements", Settlement, _settle_item, settings_prefix="CHECKOUT_SETTLE")
)
CONFIRMATIONS = register(
    Outbox("confirmations", Confirmation, _send_confirmation, settings_prefix="CHECKOUT_MAIL")
)
