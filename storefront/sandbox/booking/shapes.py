"""The JSON the booking API answers (docs/provider-booking-api.md): a prebook, a payment, a
booking. Money is a JSON number rounded to the currency's minor unit, as the inventory's;
times are ISO 8601 in UTC (``2027-03-10T12:00:00Z``)."""

from datetime import UTC, datetime
from decimal import Decimal

from ..inventory import fx
from ..models import Booking, Charge, Payment, Prebook
from ..views import FALLBACK_LOCALE, messages


def iso(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def amount(value: Decimal, currency: str) -> float | int:
    return fx.round_money(value, currency)


def prebook_status(prebook: Prebook, now: datetime) -> str:
    if prebook.status == Prebook.HELD and prebook.expires_at <= now:
        return Prebook.EXPIRED
    return prebook.status


def prebook_json(prebook: Prebook, now: datetime) -> dict:
    booking = getattr(prebook, "booking", None) if prebook.status == Prebook.BOOKED else None
    return {
        "id": prebook.public_id,
        "offer_id": prebook.offer_id,
        "status": prebook_status(prebook, now),
        "expires_at": iso(prebook.expires_at),
        "price": prebook.price,
        "cancellation": prebook.cancellation,
        "hotel_id": prebook.hotel_id,
        "room_id": prebook.room_id,
        "board": prebook.board,
        "refundable": prebook.refundable,
        "check_in": prebook.check_in.isoformat(),
        "check_out": prebook.check_out.isoformat(),
        "occupancies": prebook.occupancies,
        "guest_country": prebook.guest_country or None,
        "booking_id": booking.public_id if booking else None,
        "created_at": iso(prebook.created),
    }


def text(locale: str, key: str) -> str:
    """The provider's message ``key`` in ``locale``, else in English."""
    table = messages()
    return table.get(locale, {}).get(key) or table[FALLBACK_LOCALE][key]


def payment_json(payment: Payment, *, origin: str, locale: str) -> dict:
    """A payment; ``failure_message`` in ``locale`` (the request's, or the payment's own in a
    webhook)."""
    booking = Booking.objects.filter(payment=payment).first()
    code = payment.failure_code
    return {
        "id": payment.public_id,
        "status": payment.status,
        "failure_code": code or None,
        "failure_message": text(locale, code) if code else None,
        "amount": amount(payment.amount, payment.currency),
        "currency": payment.currency,
        "prebook_id": payment.prebook.public_id,
        "booking_id": booking.public_id if booking else None,
        "booking_reference": booking.reference if booking else None,
        # Times money was taken: 0 or 1 (Charge is one to one with its payment).
        "charges": Charge.objects.filter(payment=payment).count(),
        "card": {"brand": payment.card_brand, "last4": payment.card_last4}
        if payment.card_last4
        else None,
        "url": f"{origin}/pay/{payment.token}",
        "locale": payment.locale,
        "fid": payment.fid or None,
        "created_at": iso(payment.created),
        "updated_at": iso(payment.updated),
    }


def cancellation_deadline(steps: list[dict]) -> str | None:
    """Until when cancelling costs nothing (the first step with no penalty), or None."""
    free = [step["until"] for step in steps if not step.get("penalty")]
    return free[0] if free else None


def booking_json(booking: Booking, *, commission: bool = True) -> dict:
    data = {
        "id": booking.public_id,
        "reference": booking.reference,
        "status": booking.status,
        "hotel_id": booking.hotel_id,
        "hotel_name": booking.hotel_name,
        "room_id": booking.room_id,
        "room_name": booking.room_name,
        "board": booking.board,
        "refundable": booking.refundable,
        "check_in": booking.check_in.isoformat(),
        "check_out": booking.check_out.isoformat(),
        "nights": (booking.check_out - booking.check_in).days,
        "occupancies": booking.occupancies,
        "guests": booking.guests,
        "holder": booking.holder,
        "special_requests": booking.special_requests,
        "currency": booking.currency,
        "total_paid": amount(booking.total_paid, booking.currency),
        "pay_at_hotel": amount(booking.pay_at_hotel, booking.currency),
        "price": booking.price,
        "cancellation": booking.cancellation,
        "cancellation_deadline": cancellation_deadline(booking.cancellation),
        "payment_id": booking.payment.public_id,
        "prebook_id": booking.prebook.public_id,
        "fid": booking.fid or None,
        "account_id": booking.account_id,
        "locale": booking.locale,
        "created_at": iso(booking.created),
        "cancelled_at": iso(booking.cancelled_at),
        "penalty": _money_or_none(booking.penalty, booking.currency),
        "refund": _money_or_none(booking.refund, booking.currency),
    }
    if commission:
        data["commission"] = amount(booking.commission, booking.currency)
    return data


def _money_or_none(value: Decimal | None, currency: str):
    return None if value is None else amount(value, currency)


def quote_json(booking: Booking, quote, moment: datetime) -> dict:
    """What cancelling ``booking`` costs at ``moment`` (``services.Quote``)."""
    return {
        "booking_id": booking.public_id,
        "reference": booking.reference,
        "penalty": amount(quote.penalty, quote.currency),
        "refund": amount(quote.refund, quote.currency),
        "currency": quote.currency,
        "total_paid": amount(booking.total_paid, booking.currency),
        "free": quote.free,
        "deadline": quote.deadline,
        "refundable": booking.refundable,
        "quoted_at": iso(moment),
    }


def agent_booking_json(booking: Booking) -> dict:
    """A row of the agents' listing: who stays where and when, and what it earned."""
    holder = booking.holder or {}
    return {
        "id": booking.public_id,
        "reference": booking.reference,
        "status": booking.status,
        "guest_name": f"{holder.get('first_name', '')} {holder.get('last_name', '')}".strip(),
        "guests": booking.guests,
        "hotel_id": booking.hotel_id,
        "hotel_name": booking.hotel_name,
        "room_name": booking.room_name,
        "check_in": booking.check_in.isoformat(),
        "check_out": booking.check_out.isoformat(),
        "nights": (booking.check_out - booking.check_in).days,
        "currency": booking.currency,
        "net": amount(Decimal(str(booking.price.get("net", 0))), booking.currency),
        "gross": amount(booking.total_paid, booking.currency),
        "commission": amount(booking.commission, booking.currency),
        "fid": booking.fid or None,
        "account_id": booking.account_id,
        "locale": booking.locale,
        "created_at": iso(booking.created),
        "cancelled_at": iso(booking.cancelled_at),
    }
