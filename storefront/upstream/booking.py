"""The provider's booking and payment calls (``docs/provider-booking-api.md``): a prebook that
re-prices an offer and holds it, a payment paid on the provider's own page, the payment's status
and the booking it made. Never cached: each answer is the provider's word now.

Money is ``Decimal`` from the provider's JSON (``exact_numbers``) to the page. A logged-in
visitor's calls carry the provider's session (``cookies``), so what they book lands in their
account; a guest's carry the client token.
"""

from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from urllib.parse import quote

from .client import UpstreamClient
from .errors import UpstreamUnavailable
from .inventory.readers import _money, _price, _str, read_offer_stay
from .inventory.types import CancellationStep, OfferStay, Price


@dataclass(frozen=True)
class Prebook:
    id: str
    status: str  # held, expired, booked
    expires_at: datetime
    price: Price
    pay_now: Decimal
    pay_at_hotel: Decimal
    cancellation: tuple[CancellationStep, ...]
    hotel_id: int
    room_id: str
    board: str
    refundable: bool
    stay: OfferStay


@dataclass(frozen=True)
class Payment:
    id: str
    status: str  # pending, processing, succeeded, failed, cancelled
    failure_code: str
    failure_message: str
    amount: Decimal
    currency: str
    prebook_id: str
    booking_id: str
    booking_reference: str
    charges: int
    url: str


def _client(locale: str, cookies: dict | None) -> UpstreamClient:
    if cookies:
        return UpstreamClient(
            locale=locale, cookies=dict(cookies), logged_in=True, exact_numbers=True
        )
    return UpstreamClient(locale=locale, exact_numbers=True)


def _data(response) -> dict:
    data = (response.data or {}).get("data")
    if not isinstance(data, dict):
        raise UpstreamUnavailable("the provider's answer has no data")
    return data


def _time(value) -> datetime:
    return datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone(UTC)


def read_prebook(raw: dict) -> Prebook:
    try:
        price_raw = raw["price"]
        price = _price(price_raw)
        stay = read_offer_stay(raw)
        if price is None or stay is None:
            raise ValueError("price or stay")
        return Prebook(
            id=_str(raw["id"]),
            status=_str(raw.get("status")),
            expires_at=_time(raw["expires_at"]),
            price=price,
            pay_now=_money(price_raw.get("pay_now"), price.gross),
            pay_at_hotel=_money(price_raw.get("pay_at_hotel"), Decimal(0)),
            cancellation=tuple(
                CancellationStep(_str(c.get("until")), _money(c.get("penalty"), Decimal(0)))
                for c in raw.get("cancellation") or []
                if isinstance(c, dict)
            ),
            hotel_id=int(raw["hotel_id"]),
            room_id=_str(raw.get("room_id")),
            board=_str(raw.get("board")),
            refundable=raw.get("refundable") is True,
            stay=stay,
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable prebook: {error}") from error


def read_payment(raw: dict) -> Payment:
    try:
        return Payment(
            id=_str(raw["id"]),
            status=_str(raw.get("status")),
            failure_code=_str(raw.get("failure_code")),
            failure_message=_str(raw.get("failure_message")),
            amount=_money(raw.get("amount"), Decimal(0)),
            currency=_str(raw.get("currency")),
            prebook_id=_str(raw.get("prebook_id")),
            booking_id=_str(raw.get("booking_id")),
            booking_reference=_str(raw.get("booking_reference")),
            charges=int(raw.get("charges") or 0),
            url=_str(raw.get("url")),
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable payment: {error}") from error


def prebook(
    *,
    offer_id: str,
    occupancies: list[dict],
    currency: str,
    guest_country: str,
    key: str,
    locale: str,
    cookies: dict | None = None,
) -> Prebook:
    """``POST /v3/prebooks``: the offer re-priced and held (``key``: a retry is the same hold).
    Raises ``UpstreamNotFound`` (unknown offer), ``UpstreamError`` with ``code`` ``sold_out`` or
    ``offer_expired`` (409), ``UpstreamValidationError``, or ``UpstreamUnavailable``."""
    body = {"offer_id": offer_id, "occupancies": occupancies, "currency": currency}
    if guest_country:
        body["guest_country"] = guest_country
    response = _client(locale, cookies).post("/v3/prebooks", json=body, idempotency_key=key)
    return read_prebook(_data(response))


def held(prebook_id: str, *, locale: str, cookies: dict | None = None) -> Prebook:
    """``GET /v3/prebooks/{id}``: the prebook as it stands (held, expired or booked)."""
    path = f"/v3/prebooks/{quote(prebook_id, safe='')}"
    return read_prebook(_data(_client(locale, cookies).get(path)))


def start_payment(body: dict, *, key: str, locale: str, cookies: dict | None = None) -> Payment:
    """``POST /v3/payments`` under ``key``: the same key and body is the same payment. Raises
    ``UpstreamError`` with ``code`` ``price_changed`` / ``already_booked`` (409) or
    ``hold_expired`` (410), ``UpstreamValidationError`` with the provider's words per field."""
    response = _client(locale, cookies).post("/v3/payments", json=body, idempotency_key=key)
    return read_payment(_data(response))


def payment(payment_id: str, *, locale: str = "en") -> Payment:
    """``GET /v3/payments/{id}``: the provider's word on a payment (and its booking)."""
    path = f"/v3/payments/{quote(payment_id, safe='')}"
    return read_payment(_data(_client(locale, None).get(path)))


def booking(booking_id: str, *, locale: str = "en") -> dict:
    """``GET /v3/bookings/{id}``: the booking as the provider keeps it (money as ``Decimal``)."""
    path = f"/v3/bookings/{quote(booking_id, safe='')}"
    return _data(_client(locale, None).get(path))
