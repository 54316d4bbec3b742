"""The booking API's reads after the booking: an account's bookings by status and page, and the
agents' listing with its filters, search and totals (docs/provider-booking-api.md).

"Today" is the UTC date: a stay is upcoming while its check-out is today or later."""

import math
from dataclasses import dataclass
from datetime import date

from django.db.models import Count, Q, QuerySet, Sum

from ..models import Booking
from . import shapes

UPCOMING, PAST, CANCELLED = "upcoming", "past", "cancelled"


def bookings() -> QuerySet:
    return Booking.objects.select_related("payment", "prebook")


def with_status(found: QuerySet, status: str | None, today: date) -> QuerySet:
    """``upcoming``: confirmed, check-out today or later; ``past``: confirmed, check-out
    before today; ``cancelled``; None: all of them."""
    if status == UPCOMING:
        return found.filter(status=Booking.CONFIRMED, check_out__gte=today)
    if status == PAST:
        return found.filter(status=Booking.CONFIRMED, check_out__lt=today)
    if status == CANCELLED:
        return found.filter(status=Booking.CANCELLED)
    return found


# Each listing's order: an account's upcoming and past stays by check-in, the latest first;
# cancelled ones by when they were cancelled; everything else (and the agents' listing) by when
# it was booked, newest first.
ORDER = {
    UPCOMING: ("-check_in", "-created", "-pk"),
    PAST: ("-check_in", "-created", "-pk"),
    CANCELLED: ("-cancelled_at", "-pk"),
    None: ("-created", "-pk"),
}


@dataclass(frozen=True)
class Page:
    rows: list[Booking]
    total: int
    page: int
    per_page: int

    @property
    def pages(self) -> int:
        return max(1, math.ceil(self.total / self.per_page))

    def meta(self) -> dict:
        return {
            "total": self.total,
            "page": self.page,
            "pages": self.pages,
            "per_page": self.per_page,
        }


def page_of(found: QuerySet, page: int, per_page: int) -> Page:
    """One page (1-based) of ``found``; a page past the last is empty."""
    start = (page - 1) * per_page
    return Page(list(found[start : start + per_page]), found.count(), page, per_page)


def account_bookings(*, account, status: str | None, page: int, per_page: int, today) -> Page:
    """``GET /v3/bookings?account=me``: the account's own bookings."""
    found = with_status(bookings().filter(account=account), status, today)
    return page_of(found.order_by(*ORDER[status]), page, per_page)


def agent_bookings(
    *,
    account,
    everyone: bool,
    status: str | None,
    check_in_from: date | None,
    check_in_to: date | None,
    q: str,
    page: int,
    per_page: int,
    today: date,
) -> tuple[Page, dict]:
    """``GET /v3/agent/bookings``: the bookings made under the agent's fid (``everyone``: every
    booking the sandbox holds, the one agency it plays), filtered by check-in dates, status and
    ``q`` (a reference or a guest's name, any case), newest first; and the totals of the
    filtered set per currency."""
    found = bookings()
    if not everyone:
        found = found.filter(fid=account.fid) if account.fid else found.none()
    found = with_status(found, status, today)
    if check_in_from:
        found = found.filter(check_in__gte=check_in_from)
    if check_in_to:
        found = found.filter(check_in__lte=check_in_to)
    if q:
        found = found.filter(Q(reference__icontains=q) | Q(guest_names__icontains=q.lower()))
    totals = {
        row["currency"]: {
            "bookings": row["bookings"],
            "gross": shapes.amount(row["gross"], row["currency"]),
            "commission": shapes.amount(row["commission"], row["currency"]),
        }
        for row in found.order_by()
        .values("currency")
        .annotate(bookings=Count("pk"), gross=Sum("total_paid"), commission=Sum("commission"))
        .order_by("currency")
    }
    return page_of(found.order_by("-created", "-pk"), page, per_page), totals
