"""A booking in the visitor's words: dates, money, statuses and guests formatted for their
locale, for the pages (``templates/includes/reservation_facts.html``), the voucher and the
emails. The provider's facts only: nothing here asks anyone."""

from datetime import date

from storefront.catalog.formatting import format_day, format_moment, format_money
from storefront.i18n.catalog import messages, translate
from storefront.upstream.reservations import Quote, Reservation


def status_of(reservation: Reservation, today: date) -> str:
    """``confirmed`` (upcoming), ``past`` (stayed) or ``cancelled``: the catalog's
    ``reservations.status.*``."""
    if reservation.cancelled:
        return "cancelled"
    return "past" if reservation.check_out < today else "confirmed"


def guests_count(occupancies) -> dict:
    return {
        "adults": sum(adults for adults, _ages in occupancies),
        "children": sum(len(ages) for _adults, ages in occupancies),
        "rooms": len(occupancies),
    }


def room_words(reservation: Reservation, room_type: str, locale: str) -> str:
    """The room in the visitor's language when its type is known, else the provider's name."""
    key = f"room_types.{room_type}"
    return translate(key, locale) if room_type and key in messages("en") else reservation.room_name


def facts(reservation: Reservation, locale: str, *, today: date, room_type: str = "") -> dict:
    def money(amount):
        return format_money(amount, reservation.currency, locale) if amount is not None else ""

    free_until = reservation.cancellation_deadline
    return {
        "reference": reservation.reference,
        "status": status_of(reservation, today),
        "hotel": reservation.hotel_name,
        "room": room_words(reservation, room_type, locale),
        "board_key": f"board.{reservation.board or 'RO'}",
        "check_in": format_day(reservation.check_in, locale),
        "check_out": format_day(reservation.check_out, locale),
        "nights": reservation.nights,
        "guests": guests_count(reservation.occupancies),
        "guest_names": [f"{first} {last}".strip() for first, last in reservation.guests],
        "holder": reservation.holder_name,
        "email": reservation.holder.get("email", ""),
        "phone": reservation.holder.get("phone", ""),
        "special_requests": reservation.special_requests,
        "total": money(reservation.total_paid),
        "at_hotel": money(reservation.pay_at_hotel) if reservation.pay_at_hotel else "",
        "refundable": reservation.refundable,
        "free_until": format_moment(free_until, locale) if free_until else "",
        "booked_on": format_day(reservation.created_at.date(), locale),
        "cancelled_on": format_day(reservation.cancelled_at.date(), locale)
        if reservation.cancelled_at
        else "",
        "penalty": money(reservation.penalty),
        "refund": money(reservation.refund),
    }


def quote_words(quote: Quote, locale: str) -> dict:
    def money(amount):
        return format_money(amount, quote.currency, locale)

    return {
        "penalty": money(quote.penalty),
        "refund": money(quote.refund),
        "paid": money(quote.total_paid),
        "free": quote.free,
        "until": format_moment(quote.deadline, locale) if quote.deadline else "",
        "expected": str(quote.penalty),
    }
