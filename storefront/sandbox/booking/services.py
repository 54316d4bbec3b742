"""The provider's writes: prebooks, payments and what a card does to them.

Every change of a payment's status is a compare-and-set (``UPDATE … WHERE status IN (…)``), so of
two requests that race (a double-clicked Pay button, a form posted twice, a slow approval settled
by a timer and by a status check at once) exactly one moves it; the other sees the result. Money
is taken only in the transaction that books: a ``Charge`` (one a payment) and a ``Booking`` (one a
prebook) are written together, and the unique constraints under them refuse a second.

Each transition that ends a payment records a webhook event (``PaymentEvent``); the caller sends
it after its response (``webhooks.send_after``). Services raise ``Refusal`` with the status,
message key and field errors the API answers; views render it.
"""

import hashlib
import json
import secrets
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction

from ..inventory import codes, fx
from ..inventory import rates as inventory_rates
from ..inventory.store import inventory
from ..models import Account, Booking, Charge, Payment, PaymentEvent, Prebook, Refund
from . import cards, rules, shapes
from .israel_vat import held_price, vat_due

# Message keys (the sandbox's messages.json) and the machine codes answered beside them.
NOT_FOUND = "not_found"
OFFER_EXPIRED = "offer_expired"
SOLD_OUT = "offer_sold_out"
HOLD_EXPIRED = "hold_expired"
PRICE_CHANGED = "price_changed"
ALREADY_BOOKED = "already_booked"
IDEMPOTENCY_KEY_REQUIRED = "idempotency_key_required"
IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
# A failed payment's ``failure_code`` (each is also a message key).
CARD_DECLINED = cards.DECLINE
INSUFFICIENT_FUNDS = cards.NO_FUNDS
AUTHENTICATION_FAILED = "authentication_failed"
FAILURE_CODES = (CARD_DECLINED, INSUFFICIENT_FUNDS, AUTHENTICATION_FAILED, HOLD_EXPIRED,
                 ALREADY_BOOKED)  # fmt: skip

SUCCEEDED_EVENT, FAILED_EVENT = "payment.succeeded", "payment.failed"
# An agent's share of the net price of a booking made under their fid (fid 1 is the platform's
# own brand: no agent, no commission).
COMMISSION_RATE = Decimal("0.08")
PLATFORM_FID = "1"
REFERENCE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no I, L, O, 0, 1: read over the phone


@dataclass
class Refusal(Exception):
    """An answer in the error shape: ``key`` the message, ``errors`` field -> message keys,
    ``code`` for machines, ``extra`` more members of the body (the current price, the booking)."""

    status: int
    key: str | None = None
    errors: dict = field(default_factory=dict)
    code: str = ""
    extra: dict = field(default_factory=dict)
    headers: dict = field(default_factory=dict)  # Retry-After, for one


def now() -> datetime:
    return datetime.now(UTC)


def _public_id(prefix: str) -> str:
    return f"{prefix}_{secrets.token_hex(12)}"


def request_hash(data) -> str:
    """A digest of a body's meaning: the same JSON in any key order or number spelling
    (``339``, ``339.0``) is the same request."""

    def plain(value):
        if isinstance(value, Decimal):
            return format(value.normalize(), "f")
        raise TypeError(type(value))

    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"), default=plain)
    return hashlib.sha256(canonical.encode()).hexdigest()


KEY_MAX = 100  # an Idempotency-Key's length at most


def _check_key(key: str) -> None:
    if len(key) > KEY_MAX:
        raise Refusal(
            422,
            errors={"idempotency_key": [inventory_rates.OUT_OF_RANGE]},
            code="validation_failed",
        )


def _replayed(existing, digest: str):
    """The same Idempotency-Key again: the same body is the same object, another is refused."""
    if existing.request_hash != digest:
        raise Refusal(
            422, errors={"idempotency_key": [IDEMPOTENCY_KEY_REUSED]}, code="idempotency_key_reused"
        )
    return existing, True


def first_bookable_day():
    """The earliest date that is still today somewhere (UTC−12), as the rates call's."""
    return (datetime.now(UTC) - timedelta(hours=12)).date()


# --- prebooks -------------------------------------------------------------------------------


def prebook_create(*, data, key: str, account: Account | None) -> tuple[Prebook, bool]:
    """(the prebook, whether it is an earlier one replayed for the same Idempotency-Key)."""
    _check_key(key)
    digest = request_hash(data)
    if key and (existing := Prebook.objects.filter(key=key).first()):
        return _replayed(existing, digest)
    errors = rules.prebook_errors(data)
    if errors:
        raise Refusal(422, errors=errors, code="validation_failed")
    try:
        offer_key = inventory_rates.parse_offer_id(rules.text(data, "offer_id"))
    except ValueError:
        raise Refusal(404, NOT_FOUND, code="offer_not_found") from None
    if rules.occupancies(data) != offer_key.stay.occupancies:
        raise Refusal(422, errors={"occupancies": [rules.OFFER_MISMATCH]}, code="validation_failed")
    if offer_key.stay.check_in < first_bookable_day():
        raise Refusal(409, OFFER_EXPIRED, code="offer_expired")
    # The same offer, priced in the currency asked for (the offer id carries the one it was
    # quoted in).
    offer_key = replace(offer_key, stay=replace(offer_key.stay, currency=data["currency"]))
    held = held_offer(offer_key, guest_country=data.get("guest_country") or "")
    if held is None:
        raise Refusal(409, SOLD_OUT, code="sold_out")
    offer, price = held
    currency = price["currency"]
    fields = {
        "request_hash": digest,
        "offer_id": data["offer_id"].strip(),
        "hotel_id": offer_key.hotel_id,
        "room_id": offer["room_id"],
        "board": offer["board"],
        "refundable": offer["refundable"],
        "check_in": offer_key.stay.check_in,
        "check_out": offer_key.stay.check_out,
        "occupancies": [
            {"adults": adults, "children": list(ages)}
            for adults, ages in offer_key.stay.occupancies
        ],
        "currency": currency,
        "guest_country": rules.country(data.get("guest_country"), "guest_country", {}),
        "price": price,
        "cancellation": offer["cancellation"],
        "pay_now": Decimal(str(price["gross"])),
        "expires_at": now() + timedelta(seconds=settings.SANDBOX_PREBOOK_HOLD_SECONDS),
        "account": account,
    }
    try:
        with transaction.atomic():
            prebook = Prebook.objects.create(public_id=_public_id("pb"), key=key or None, **fields)
    except IntegrityError:  # the same key, sent twice at once: the other one won
        if key and (existing := Prebook.objects.filter(key=key).first()):
            return _replayed(existing, digest)
        raise
    return prebook, False


def _vat_differs(prebook: Prebook, holder_country: str) -> bool:
    """Whether the holder's country would pay Israeli VAT other than the prebook's guest."""
    hotel = inventory().hotels.get(prebook.hotel_id)
    if hotel is None or not holder_country:
        return False
    city = inventory().places[hotel.place_id]
    where = {"country": city.country_code, "city": city.slug}
    return vat_due(**where, guest_country=holder_country) != vat_due(
        **where, guest_country=prebook.guest_country
    )


def held_offer(offer_key, *, guest_country: str) -> tuple[dict, dict] | None:
    """(the offer, its price as a prebook holds it: VAT as this guest pays it, plus ``pay_now``
    and ``pay_at_hotel``), or None when the offer is not sold."""
    offer = inventory_rates.quote(offer_key)
    if offer is None:
        return None
    hotel = inventory().hotels[offer_key.hotel_id]
    city = inventory().places[hotel.place_id]
    price = held_price(
        offer["price"],
        country=city.country_code,
        city=city.slug,
        feed=hotel.aggregator,
        guest_country=guest_country,
    )
    currency = price["currency"]
    at_hotel = sum(
        (Decimal(str(item["amount"])) for item in price["items"] if not item["included"]),
        Decimal(0),
    )
    at_hotel = fx.round_money(at_hotel, currency)
    return offer, {**price, "pay_now": price["gross"], "pay_at_hotel": at_hotel}


# --- payments -------------------------------------------------------------------------------


def payment_create(*, data, key: str, account: Account | None) -> tuple[Payment, bool]:
    """A payment to be paid on the hosted page: (the payment, whether it was replayed)."""
    if not key:
        raise Refusal(
            422,
            errors={"idempotency_key": [IDEMPOTENCY_KEY_REQUIRED]},
            code="idempotency_key_required",
        )
    _check_key(key)
    digest = request_hash(data)
    if existing := Payment.objects.filter(key=key).select_related("prebook").first():
        return _replayed(existing, digest)
    prebook_id = rules.text(data, "prebook_id") if isinstance(data, dict) else ""
    prebook = Prebook.objects.filter(public_id=prebook_id).first() if prebook_id else None
    errors = rules.payment_errors(data, len(prebook.occupancies) if prebook else None)
    if errors:
        raise Refusal(422, errors=errors, code="validation_failed")
    if prebook is None:
        raise Refusal(404, NOT_FOUND, code="prebook_not_found")
    if booking := Booking.objects.filter(prebook=prebook).first():
        raise Refusal(
            409,
            ALREADY_BOOKED,
            code="already_booked",
            extra={"booking": shapes.booking_json(booking, commission=False)},
        )
    if prebook.expires_at <= now():
        raise Refusal(410, HOLD_EXPIRED, code="hold_expired")
    if rules.money(data["amount"]) != prebook.pay_now or data["currency"] != prebook.currency:
        raise Refusal(
            409,
            PRICE_CHANGED,
            errors={"amount": [PRICE_CHANGED]},
            code="price_changed",
            extra={
                "price": prebook.price,
                "amount": prebook.price["pay_now"],
                "currency": prebook.currency,
            },
        )
    holder = data["holder"]
    if _vat_differs(prebook, rules.country(holder.get("country"), "country", {}) or ""):
        # The price was held for a guest of another country, and this guest's pays other VAT:
        # the holder's country decides (never the page the offer was found on).
        raise Refusal(
            409,
            PRICE_CHANGED,
            errors={"holder.country": [PRICE_CHANGED]},
            code="guest_country_changed",
        )
    fields = {
        "request_hash": digest,
        "prebook": prebook,
        "amount": prebook.pay_now,
        "currency": prebook.currency,
        "holder": {
            "first_name": rules.text(holder, "first_name"),
            "last_name": rules.text(holder, "last_name"),
            "email": rules.text(holder, "email").lower(),
            "phone": rules.text(holder, "phone"),
            "country": rules.country(holder.get("country"), "country", {}) or None,
        },
        "guests": [
            {"first_name": rules.text(g, "first_name"), "last_name": rules.text(g, "last_name")}
            for g in data["guests"]
        ],
        "special_requests": (data.get("special_requests") or "").strip(),
        "return_url": data["return_url"],
        "webhook_url": data.get("webhook_url") or "",
        "locale": normalise_locale(data.get("locale")),
        "fid": str(data.get("fid") or ""),
        "account": account or prebook.account,
    }
    try:
        with transaction.atomic():
            payment = Payment.objects.create(
                public_id=_public_id("pay"), token=secrets.token_urlsafe(24), key=key, **fields
            )
    except IntegrityError:
        if existing := Payment.objects.filter(key=key).first():
            return _replayed(existing, digest)
        raise
    return payment, False


def normalise_locale(value) -> str:
    from ..inventory.locales import normalise

    return normalise(value if isinstance(value, str) else None)


def hold_expired(payment: Payment, moment: datetime) -> bool:
    return payment.prebook.expires_at <= moment


# --- what a card does -----------------------------------------------------------------------


@dataclass
class Outcome:
    """Where a card's answer leaves the payer: ``next`` is ``return`` (back to the shop) or
    ``challenge`` (the 3-D Secure page); ``events`` to send once the response is out;
    ``settle_in``: seconds until a slow approval is due (a timer asks then)."""

    payment: Payment
    next: str = "return"
    events: list = field(default_factory=list)
    settle_in: float | None = None


def pay(*, payment: Payment, card: cards.Card, origin: str) -> Outcome:
    """The hosted page's form, posted with a card that passed the checks. Only a pending payment
    with no challenge open is charged; any other is shown as it stands (a second post of the same
    form never charges twice)."""
    moment = now()
    open_ = {"status": Payment.PENDING, "challenge": False}
    if payment.status != Payment.PENDING or payment.challenge:
        return Outcome(payment, "challenge" if payment.challenge else "return")
    if hold_expired(payment, moment):
        return _finish(payment, _fail(payment.pk, HOLD_EXPIRED, open_, origin))
    card_fields = {"card_brand": card.brand, "card_last4": card.last4}
    if card.outcome in (cards.DECLINE, cards.NO_FUNDS):
        return _finish(payment, _fail(payment.pk, card.outcome, open_, origin, card_fields))
    if card.outcome == cards.CHALLENGE:
        _claim(payment.pk, open_, challenge=True, **card_fields)
        return Outcome(_reload(payment), "challenge")
    if card.outcome == cards.SLOW:
        delay = settings.SANDBOX_PAYMENT_SLOW_SECONDS
        until = moment + timedelta(seconds=delay)
        _claim(payment.pk, open_, status=Payment.PROCESSING, processing_until=until, **card_fields)
        return Outcome(_reload(payment), settle_in=delay)
    return _finish(payment, _approve(payment.pk, open_, origin, card_fields))


def answer_challenge(*, payment: Payment, authorized: bool, origin: str) -> Outcome:
    """The 3-D Secure page's answer: authorised, the payment is approved; else it failed."""
    waiting = {"status": Payment.PENDING, "challenge": True}
    if payment.status != Payment.PENDING or not payment.challenge:
        return Outcome(payment)
    if not authorized:
        return _finish(payment, _fail(payment.pk, AUTHENTICATION_FAILED, waiting, origin))
    if hold_expired(payment, now()):
        return _finish(payment, _fail(payment.pk, HOLD_EXPIRED, waiting, origin))
    return _finish(payment, _approve(payment.pk, waiting, origin))


def cancel(*, payment: Payment) -> Payment:
    """The payer went back to the shop without paying: a pending payment is cancelled (no
    webhook: the return says so, and the payment's status)."""
    _claim(payment.pk, {"status": Payment.PENDING}, status=Payment.CANCELLED, challenge=False)
    return _reload(payment)


def settle(*, payment: Payment | None = None, origin: str) -> list[PaymentEvent]:
    """What time has decided, done when someone asks (a status check, the hosted page, the
    timer a slow approval sets): a slow approval past its time succeeds; a payment still
    pending when its prebook's hold ran out fails with ``hold_expired``. One payment, or all
    that are due."""
    moment = now()
    due = Payment.objects.filter(status=Payment.PROCESSING, processing_until__lte=moment)
    lapsed = Payment.objects.filter(status=Payment.PENDING, prebook__expires_at__lte=moment)
    if payment is not None:
        due, lapsed = due.filter(pk=payment.pk), lapsed.filter(pk=payment.pk)
    events = []
    for pk in due.values_list("pk", flat=True):
        events += _approve(pk, {"status": Payment.PROCESSING}, origin)
    for pk in lapsed.values_list("pk", flat=True):
        events += _fail(pk, HOLD_EXPIRED, {"status": Payment.PENDING}, origin)
    if payment is not None:
        payment.refresh_from_db()
    return events


def _reload(payment: Payment) -> Payment:
    payment.refresh_from_db()
    return payment


def _finish(payment: Payment, events: list) -> Outcome:
    return Outcome(_reload(payment), events=events)


def _claim(pk: int, expected: dict, **changes) -> bool:
    """Compare and set: the payment moves only if it is still as ``expected``."""
    return bool(Payment.objects.filter(pk=pk, **expected).update(updated=now(), **changes))


class _AlreadyBooked(Exception):
    pass


def _approve(pk: int, expected: dict, origin: str, card_fields: dict | None = None) -> list:
    """Succeed, book and charge together, or not at all. The prebook booked meanwhile by
    another payment (a second payment started against it, both paid): this one fails
    ``already_booked`` and takes no money."""
    try:
        with transaction.atomic():
            changes = {"status": Payment.SUCCEEDED, "challenge": False, "processing_until": None}
            if not _claim(pk, expected, **changes, **(card_fields or {})):
                return []
            payment = Payment.objects.select_related("prebook").get(pk=pk)
            if Booking.objects.filter(prebook_id=payment.prebook_id).exists():
                raise _AlreadyBooked
            _book(payment)
            Charge.objects.create(
                payment=payment,
                amount=payment.amount,
                currency=payment.currency,
                card_last4=payment.card_last4,
            )
            Prebook.objects.filter(pk=payment.prebook_id).update(status=Prebook.BOOKED)
            return [record_event(payment, SUCCEEDED_EVENT, origin)]
    except (_AlreadyBooked, IntegrityError):
        return _fail(pk, ALREADY_BOOKED, expected, origin, card_fields)


def _fail(pk: int, code: str, expected: dict, origin: str, card_fields=None) -> list:
    with transaction.atomic():
        changes = {"status": Payment.FAILED, "failure_code": code, "challenge": False}
        if not _claim(pk, expected, **changes, **(card_fields or {})):
            return []
        payment = Payment.objects.select_related("prebook").get(pk=pk)
        return [record_event(payment, FAILED_EVENT, origin)]


def _reference() -> str:
    return "TN-" + "".join(secrets.choice(REFERENCE_ALPHABET) for _ in range(6))


def guest_names(holder: dict, guests: list[dict]) -> str:
    """The holder's and the guests' names, each once, lower-cased: what the agents' ``q``
    searches."""
    people = [holder, *guests]
    names = (f"{p.get('first_name', '')} {p.get('last_name', '')}".strip() for p in people)
    return "; ".join(dict.fromkeys(names)).lower()[:1000]


def commission_for(*, fid: str, net, currency: str) -> Decimal:
    """The agent's share of a booking's net (none for the platform's own brand, nor without a
    fid)."""
    if not fid or fid == PLATFORM_FID:
        return Decimal(0)
    share = Decimal(str(net)) * COMMISSION_RATE
    return Decimal(str(fx.round_money(share, currency)))


def booking_fields(payment: Payment) -> dict:
    """What a booking keeps of its prebook and its successful payment."""
    prebook = payment.prebook
    hotel = inventory().hotels[prebook.hotel_id]
    room = next(r for r in hotel.rooms if r.id == prebook.room_id)
    return {
        "prebook": prebook,
        "payment": payment,
        "hotel_id": prebook.hotel_id,
        "hotel_name": hotel.name,
        "room_id": prebook.room_id,
        "room_name": codes.ROOM_TYPES[room.type],
        "board": prebook.board,
        "refundable": prebook.refundable,
        "check_in": prebook.check_in,
        "check_out": prebook.check_out,
        "occupancies": prebook.occupancies,
        "guests": payment.guests,
        "holder": payment.holder,
        "holder_email": payment.holder["email"],
        "guest_names": guest_names(payment.holder, payment.guests),
        "special_requests": payment.special_requests,
        "currency": prebook.currency,
        "total_paid": payment.amount,
        "pay_at_hotel": Decimal(str(prebook.price["pay_at_hotel"])),
        "price": prebook.price,
        "cancellation": prebook.cancellation,
        "fid": payment.fid,
        "account": payment.account,
        "commission": commission_for(
            fid=payment.fid, net=prebook.price["net"], currency=prebook.currency
        ),
        "locale": payment.locale,
    }


def _book(payment: Payment) -> Booking:
    fields = booking_fields(payment)
    for _attempt in range(10):
        try:
            with transaction.atomic():
                return Booking.objects.create(
                    public_id=_public_id("bk"), reference=_reference(), **fields
                )
        except IntegrityError:
            if Booking.objects.filter(prebook=payment.prebook).exists():
                raise _AlreadyBooked from None
            # else a reference drawn twice: draw again
    raise IntegrityError("no free booking reference")


def record_event(payment: Payment, kind: str, origin: str) -> PaymentEvent:
    """A webhook event, its body written once: a replay sends the same bytes and id."""
    public_id = _public_id("evt")
    body = json.dumps(
        {
            "id": public_id,
            "type": kind,
            "created_at": shapes.iso(now()),
            "data": shapes.payment_json(payment, origin=origin, locale=payment.locale),
        },
        separators=(",", ":"),
    )
    return PaymentEvent.objects.create(public_id=public_id, payment=payment, type=kind, body=body)


# --- cancelling ---------------------------------------------------------------------------------
# A booking's ``cancellation`` steps say what cancelling costs until when (hotel-local times with
# their offsets): the first step whose ``until`` is still ahead applies. Past the last one the
# stay has started, and the booking can no longer be cancelled. A non-refundable booking keeps
# everything it was paid. Cancelling is a compare-and-set on the status (confirmed → cancelled)
# that writes the penalty, the refund and the Idempotency-Key together; a Refund row, one a
# booking at most, is the money given back.

ALREADY_CANCELLED = "already_cancelled"
STAY_STARTED = "stay_started"
PENALTY_CHANGED = "penalty_changed"
CANCEL_NOT_ALLOWED = "cancel_not_allowed"


@dataclass(frozen=True)
class Quote:
    """What cancelling costs now: ``penalty`` kept, ``refund`` given back (both in the
    booking's currency), and ``deadline``: until when this penalty holds (hotel-local, as the
    steps write it; None when the steps say nothing)."""

    penalty: Decimal
    refund: Decimal
    currency: str
    deadline: str | None

    @property
    def free(self) -> bool:
        return self.penalty == 0


def _step_ends(steps: list[dict]) -> list[tuple[datetime, dict]]:
    ends = []
    for step in steps:
        try:
            until = datetime.fromisoformat(step["until"])
        except (KeyError, TypeError, ValueError):
            continue
        ends.append((until if until.tzinfo else until.replace(tzinfo=UTC), step))
    return sorted(ends, key=lambda pair: pair[0])


def cancellation_quote(booking: Booking, moment: datetime) -> Quote:
    """The quote for cancelling ``booking`` at ``moment``; refuses a cancelled booking
    (``already_cancelled``, with it) and a stay that has started (``stay_started``)."""
    if booking.status == Booking.CANCELLED:
        raise Refusal(
            409,
            ALREADY_CANCELLED,
            code="already_cancelled",
            extra={"booking": shapes.booking_json(booking, commission=False)},
        )
    total, currency = booking.total_paid, booking.currency
    steps = _step_ends(booking.cancellation)
    if steps:
        current = next(((until, step) for until, step in steps if moment <= until), None)
        if current is None:
            raise Refusal(409, STAY_STARTED, code="stay_started")
        until, step = current
        penalty = rules.money(step.get("penalty")) or Decimal(0)
        deadline = step["until"]
    else:  # no policy written: the stay starts on its check-in day (UTC)
        if booking.check_in <= moment.astimezone(UTC).date():
            raise Refusal(409, STAY_STARTED, code="stay_started")
        penalty, deadline = Decimal(0), None
    if not booking.refundable:
        penalty = total
    penalty = Decimal(str(fx.round_money(min(penalty, total), currency)))
    refund = Decimal(str(fx.round_money(total - penalty, currency)))
    return Quote(penalty=penalty, refund=refund, currency=currency, deadline=deadline)


def booking_cancel(*, booking: Booking, data, key: str) -> tuple[Booking, bool]:
    """Cancel ``booking`` for the penalty the caller was shown (``expected_penalty``), once:
    (the booking, whether this was a replay of the cancel made under the same key)."""
    if not key:
        raise Refusal(
            422,
            errors={"idempotency_key": [IDEMPOTENCY_KEY_REQUIRED]},
            code="idempotency_key_required",
        )
    _check_key(key)
    digest = request_hash({"booking": booking.public_id, "body": data})
    if booking.cancel_key == key or Booking.objects.filter(cancel_key=key).exists():
        return _cancel_replayed(booking, key, digest)
    expected = data.get("expected_penalty") if isinstance(data, dict) else None
    if expected is None or expected == "":
        raise Refusal(422, errors={"expected_penalty": [rules.REQUIRED]}, code="validation_failed")
    if rules.money(expected) is None:
        raise Refusal(422, errors={"expected_penalty": [rules.INVALID]}, code="validation_failed")
    moment = now()
    quote = cancellation_quote(booking, moment)
    if rules.money(expected) != quote.penalty:
        raise Refusal(
            409,
            PENALTY_CHANGED,
            errors={"expected_penalty": [PENALTY_CHANGED]},
            code="penalty_changed",
            extra={"quote": shapes.quote_json(booking, quote, moment)},
        )
    try:
        with transaction.atomic():
            moved = Booking.objects.filter(pk=booking.pk, status=Booking.CONFIRMED).update(
                status=Booking.CANCELLED,
                cancelled_at=moment,
                penalty=quote.penalty,
                refund=quote.refund,
                commission=0,  # a cancelled booking earns its agent nothing
                cancel_key=key,
                cancel_hash=digest,
            )
            if moved and quote.refund > 0:
                Refund.objects.create(booking=booking, amount=quote.refund, currency=quote.currency)
    except IntegrityError:  # the same key, on another booking at the same moment
        return _cancel_replayed(booking, key, digest)
    booking.refresh_from_db()
    if not moved:  # another request cancelled it first: the same key is a replay
        return _cancel_replayed(booking, key, digest)
    return booking, False


def _cancel_replayed(booking: Booking, key: str, digest: str) -> tuple[Booking, bool]:
    booking.refresh_from_db()
    if booking.cancel_key == key and booking.cancel_hash == digest:
        return booking, True
    if booking.cancel_key == key or Booking.objects.filter(cancel_key=key).exists():
        raise Refusal(
            422, errors={"idempotency_key": [IDEMPOTENCY_KEY_REUSED]}, code="idempotency_key_reused"
        )
    raise Refusal(
        409,
        ALREADY_CANCELLED,
        code="already_cancelled",
        extra={"booking": shapes.booking_json(booking, commission=False)},
    )
