"""The provider's calls after a booking (``docs/provider-booking-api.md``, "Bookings" and "After
the booking"): an account's bookings, one booking, the cancellation quote and the cancel, a
guest's lookup by reference and email, and the agents' listing. Never cached: each answer is the
provider's word now.

Who asks: a logged-in visitor's calls carry their provider session (``cookies``); a guest who
looked their booking up carries its access token (``token``: ``Authorization: Booking …``);
checkout's own reads carry the client token. Money is ``Decimal`` from the JSON to the page.
"""

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from urllib.parse import quote

from .client import UpstreamClient
from .errors import UpstreamUnavailable
from .inventory.readers import _money, _price, _str
from .inventory.types import CancellationStep, Price

ZERO = Decimal(0)
STATUSES = ("upcoming", "past", "cancelled")  # the listings' status filter


@dataclass(frozen=True)
class Reservation:
    id: str
    reference: str
    status: str  # confirmed, cancelled
    hotel_id: int
    hotel_name: str
    room_id: str
    room_name: str
    board: str
    refundable: bool
    check_in: date
    check_out: date
    nights: int
    occupancies: tuple[tuple[int, tuple[int, ...]], ...]
    guests: tuple[tuple[str, str], ...]  # (first, last) per room
    holder: dict  # first_name, last_name, email, phone, country
    special_requests: str
    currency: str
    total_paid: Decimal
    pay_at_hotel: Decimal
    price: Price | None
    cancellation: tuple[CancellationStep, ...]
    cancellation_deadline: str  # ISO, with the hotel's offset; "" when not refundable
    locale: str
    fid: str
    created_at: datetime
    cancelled_at: datetime | None
    penalty: Decimal | None
    refund: Decimal | None
    commission: Decimal | None

    @property
    def cancelled(self) -> bool:
        return self.status == "cancelled"

    @property
    def holder_name(self) -> str:
        return f"{self.holder.get('first_name', '')} {self.holder.get('last_name', '')}".strip()


@dataclass(frozen=True)
class Listing:
    reservations: tuple[Reservation, ...]
    total: int
    page: int
    pages: int
    per_page: int


@dataclass(frozen=True)
class Quote:
    penalty: Decimal
    refund: Decimal
    currency: str
    total_paid: Decimal
    free: bool
    deadline: str  # until when this quote holds (ISO, the hotel's offset)
    refundable: bool


@dataclass(frozen=True)
class Access:
    """A guest's lookup: the booking, and the token that opens it for a while."""

    reservation: Reservation
    token: str
    expires_at: datetime


@dataclass(frozen=True)
class AgentRow:
    id: str
    reference: str
    status: str
    guest_name: str
    guests: tuple[tuple[str, str], ...]
    hotel_id: int
    hotel_name: str
    room_name: str
    check_in: date
    check_out: date
    nights: int
    currency: str
    net: Decimal
    gross: Decimal
    commission: Decimal
    fid: str
    created_at: datetime
    cancelled_at: datetime | None

    @property
    def cancelled(self) -> bool:
        return self.status == "cancelled"


@dataclass(frozen=True)
class Total:
    bookings: int
    gross: Decimal
    commission: Decimal


@dataclass(frozen=True)
class AgentListing:
    rows: tuple[AgentRow, ...]
    total: int
    page: int
    pages: int
    per_page: int
    everyone: bool  # all=true: every booking of the agency
    totals: dict[str, Total]  # per currency, the whole filtered set


def _client(locale: str, cookies: dict | None, token: str = "") -> UpstreamClient:
    if cookies:
        return UpstreamClient(
            locale=locale, cookies=dict(cookies), logged_in=True, exact_numbers=True
        )
    if token:
        return UpstreamClient(locale=locale, authorization=f"Booking {token}", exact_numbers=True)
    return UpstreamClient(locale=locale, exact_numbers=True)


def _body(response) -> dict:
    if not isinstance(response.data, dict):
        raise UpstreamUnavailable("the provider's answer has no body")
    return response.data


def _time(value) -> datetime | None:
    if not value:
        return None
    return datetime.fromisoformat(str(value).replace("Z", "+00:00")).astimezone(UTC)


def _names(raw) -> tuple[tuple[str, str], ...]:
    return tuple(
        (_str(g.get("first_name")), _str(g.get("last_name")))
        for g in raw or []
        if isinstance(g, dict)
    )


def read_reservation(raw: dict) -> Reservation:
    try:
        holder = raw.get("holder") if isinstance(raw.get("holder"), dict) else {}
        return Reservation(
            id=_str(raw["id"]),
            reference=_str(raw["reference"]),
            status=_str(raw.get("status")),
            hotel_id=int(raw["hotel_id"]),
            hotel_name=_str(raw.get("hotel_name")),
            room_id=_str(raw.get("room_id")),
            room_name=_str(raw.get("room_name")),
            board=_str(raw.get("board")),
            refundable=raw.get("refundable") is True,
            check_in=date.fromisoformat(raw["check_in"]),
            check_out=date.fromisoformat(raw["check_out"]),
            nights=int(raw.get("nights") or 1),
            occupancies=tuple(
                (int(o["adults"]), tuple(int(a) for a in o.get("children") or ()))
                for o in raw.get("occupancies") or []
            ),
            guests=_names(raw.get("guests")),
            holder={k: _str(holder.get(k)) for k in ("first_name", "last_name", "email", "phone")}
            | {"country": _str(holder.get("country")).upper()},
            special_requests=_str(raw.get("special_requests")),
            currency=_str(raw["currency"]),
            total_paid=_money(raw.get("total_paid"), ZERO),
            pay_at_hotel=_money(raw.get("pay_at_hotel"), ZERO),
            price=_price(raw["price"]) if isinstance(raw.get("price"), dict) else None,
            cancellation=tuple(
                CancellationStep(_str(c.get("until")), _money(c.get("penalty"), ZERO))
                for c in raw.get("cancellation") or []
                if isinstance(c, dict)
            ),
            cancellation_deadline=_str(raw.get("cancellation_deadline")),
            locale=_str(raw.get("locale")),
            fid=str(raw.get("fid") or ""),
            created_at=_time(raw.get("created_at")) or datetime.now(UTC),
            cancelled_at=_time(raw.get("cancelled_at")),
            penalty=_money(raw.get("penalty")),
            refund=_money(raw.get("refund")),
            commission=_money(raw.get("commission")),
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable booking: {error}") from error


def read_quote(raw: dict) -> Quote:
    try:
        return Quote(
            penalty=_money(raw["penalty"]),
            refund=_money(raw.get("refund"), ZERO),
            currency=_str(raw["currency"]),
            total_paid=_money(raw.get("total_paid"), ZERO),
            free=raw.get("free") is True,
            deadline=_str(raw.get("deadline")),
            refundable=raw.get("refundable") is True,
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable cancellation quote: {error}") from error


def _meta(body: dict) -> dict:
    meta = body.get("meta") if isinstance(body.get("meta"), dict) else {}
    return {
        "total": int(meta.get("total") or 0),
        "page": int(meta.get("page") or 1),
        "pages": max(1, int(meta.get("pages") or 1)),
        "per_page": int(meta.get("per_page") or 20),
    }


def bookings(
    *, cookies: dict, locale: str, status: str = "", page: int = 1, per_page: int = 20
) -> Listing:
    """``GET /v3/bookings?account=me``: the logged-in visitor's bookings, one page of them."""
    params = {"account": "me", "page": page, "per_page": per_page}
    if status:
        params["status"] = status
    body = _body(_client(locale, cookies).get("/v3/bookings", params=params))
    rows = body.get("data") if isinstance(body.get("data"), list) else []
    return Listing(reservations=tuple(read_reservation(r) for r in rows), **_meta(body))


def _path(booking_id: str, tail: str = "") -> str:
    return f"/v3/bookings/{quote(booking_id, safe='')}{tail}"


def reservation(
    booking_id: str, *, locale: str, cookies: dict | None = None, token: str = ""
) -> Reservation:
    """``GET /v3/bookings/{id}`` as this visitor may read it (404 for anyone else's)."""
    body = _body(_client(locale, cookies, token).get(_path(booking_id)))
    return read_reservation(body.get("data") or {})


def cancellation_quote(
    booking_id: str, *, locale: str, cookies: dict | None = None, token: str = ""
) -> Quote:
    """``GET /v3/bookings/{id}/cancellation``: what cancelling costs now. Raises
    ``UpstreamError`` with ``code`` ``stay_started`` / ``already_cancelled`` (409), ``forbidden``
    (403: who may read it but not cancel it)."""
    body = _body(_client(locale, cookies, token).get(_path(booking_id, "/cancellation")))
    return read_quote(body.get("data") or {})


def cancel(
    booking_id: str,
    *,
    expected_penalty: Decimal,
    key: str,
    locale: str,
    cookies: dict | None = None,
    token: str = "",
) -> Reservation:
    """``POST /v3/bookings/{id}/cancel`` under ``key`` with the penalty the visitor was shown:
    the same key is the same cancel. Raises ``UpstreamError`` with ``code``
    ``penalty_changed`` (its ``body`` has the new ``quote``), ``already_cancelled``,
    ``stay_started`` (409)."""
    response = _client(locale, cookies, token).post(
        _path(booking_id, "/cancel"),
        json={"expected_penalty": str(expected_penalty)},
        idempotency_key=key,
    )
    return read_reservation(_body(response).get("data") or {})


def lookup(reference: str, email: str, *, locale: str) -> Access:
    """``POST /v3/bookings/lookup``: a guest's booking by its reference and the holder's email,
    and the token that opens it. Raises ``UpstreamNotFound`` (no such pair: one answer whichever
    was wrong), ``UpstreamError`` 429 ``too_many_attempts``."""
    body = _body(
        _client(locale, None).post(
            "/v3/bookings/lookup", json={"reference": reference, "email": email}
        )
    )
    try:
        return Access(
            reservation=read_reservation(body.get("data") or {}),
            token=_str(body["access_token"]),
            expires_at=_time(body["expires_at"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable lookup: {error}") from error


def _agent_row(raw: dict) -> AgentRow:
    try:
        return AgentRow(
            id=_str(raw["id"]),
            reference=_str(raw["reference"]),
            status=_str(raw.get("status")),
            guest_name=_str(raw.get("guest_name")),
            guests=_names(raw.get("guests")),
            hotel_id=int(raw["hotel_id"]),
            hotel_name=_str(raw.get("hotel_name")),
            room_name=_str(raw.get("room_name")),
            check_in=date.fromisoformat(raw["check_in"]),
            check_out=date.fromisoformat(raw["check_out"]),
            nights=int(raw.get("nights") or 1),
            currency=_str(raw["currency"]),
            net=_money(raw.get("net"), ZERO),
            gross=_money(raw.get("gross"), ZERO),
            commission=_money(raw.get("commission"), ZERO),
            fid=str(raw.get("fid") or ""),
            created_at=_time(raw.get("created_at")) or datetime.now(UTC),
            cancelled_at=_time(raw.get("cancelled_at")),
        )
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise UpstreamUnavailable(f"unreadable agent booking: {error}") from error


def agent_bookings(
    *,
    cookies: dict,
    locale: str,
    date_from: date | None = None,
    date_to: date | None = None,
    status: str = "",
    q: str = "",
    page: int = 1,
    per_page: int = 20,
    everyone: bool = False,
) -> AgentListing:
    """``GET /v3/agent/bookings``: the agent's bookings (``everyone``: ``all=true``, every booking
    of the agency), filtered, one page, with the totals of the whole filtered set. Raises
    ``UpstreamError`` 403 ``forbidden`` for who may not see that listing."""
    params: dict = {"page": page, "per_page": per_page}
    if date_from:
        params["from"] = date_from.isoformat()
    if date_to:
        params["to"] = date_to.isoformat()
    if status:
        params["status"] = status
    if q:
        params["q"] = q
    if everyone:
        params["all"] = "true"
    body = _body(_client(locale, cookies).get("/v3/agent/bookings", params=params))
    rows = body.get("data") if isinstance(body.get("data"), list) else []
    meta = body.get("meta") if isinstance(body.get("meta"), dict) else {}
    totals = {}
    for currency, total in (meta.get("totals") or {}).items():
        if isinstance(total, dict):
            totals[str(currency)] = Total(
                bookings=int(total.get("bookings") or 0),
                gross=_money(total.get("gross"), ZERO),
                commission=_money(total.get("commission"), ZERO),
            )
    return AgentListing(
        rows=tuple(_agent_row(r) for r in rows if isinstance(r, dict)),
        everyone=meta.get("all") is True,
        totals=totals,
        **_meta(body),
    )
