"""Bookings written straight into the sandbox's tables, for tests where only a booking's dates,
status, owner, policy or names matter (not the flow that made it): the live server shares the
test's database, so the storefront's pages read them from the provider as any other."""

import uuid
from datetime import UTC, datetime, timedelta, timezone
from datetime import time as clock
from decimal import Decimal

from storefront.sandbox.booking import services
from storefront.sandbox.models import Booking, Payment, Prebook

HOTEL_ZONE = timezone(timedelta(hours=1))  # the steps are written in the hotel's local time


def today():
    return datetime.now(UTC).date()


def steps(check_in, *, total: Decimal, refundable=True, free_days=3, first_night=None):
    """A policy as offers write it: free until 23:59 ``free_days`` before arrival, then the first
    night until the check-in time; non-refundable, everything until the check-in time."""
    arrival = datetime.combine(check_in, clock(15, 0), HOTEL_ZONE).isoformat()
    if not refundable:
        return [{"until": arrival, "penalty": float(total)}]
    deadline = datetime.combine(check_in - timedelta(days=free_days), clock(23, 59), HOTEL_ZONE)
    return [
        {"until": deadline.isoformat(), "penalty": 0},
        {"until": arrival, "penalty": float(first_night)},
    ]


def write_booking(
    *,
    starts: int,
    nights=3,
    account=None,
    fid="",
    status=Booking.CONFIRMED,
    refundable=True,
    currency="EUR",
    total="900.00",
    net="800.00",
    commission="64.00",
    name=("Ada", "Lovelace"),
    guests=None,
    email="ada@example.com",
    created=None,
    hotel="Metropole Sands",
) -> Booking:
    """A booking written directly: ``starts`` days from today (UTC), with a policy as offers
    write it (the first night is a third of the total)."""
    check_in = today() + timedelta(days=starts)
    check_out = check_in + timedelta(days=nights)
    total = Decimal(total)
    policy = steps(check_in, total=total, refundable=refundable, first_night=total / nights)
    key = uuid.uuid4().hex[:20]
    holder = {"first_name": name[0], "last_name": name[1], "email": email,
              "phone": "+44 20 7946 0958", "country": "gb"}  # fmt: skip
    guests = guests or [{"first_name": holder["first_name"], "last_name": holder["last_name"]}]
    price = {"currency": currency, "nights": nights, "net": float(net), "items": [],
             "gross": float(total), "pay_now": float(total), "pay_at_hotel": 0}  # fmt: skip
    prebook = Prebook.objects.create(
        public_id=f"pb_t{key}", request_hash="t", offer_id="o", hotel_id=100231,
        room_id="100231-1", board="BB", refundable=refundable, check_in=check_in,
        check_out=check_out, occupancies=[{"adults": 2, "children": []}], currency=currency,
        price=price, cancellation=policy, pay_now=total, status=Prebook.BOOKED,
        expires_at=services.now(), account=account,
    )  # fmt: skip
    payment = Payment.objects.create(
        public_id=f"pay_t{key}", token=key, key=key, request_hash="t", prebook=prebook,
        status=Payment.SUCCEEDED, amount=total, currency=currency, holder=holder, guests=guests,
        return_url="https://shop.example/", fid=fid, account=account,
    )  # fmt: skip
    booking = Booking.objects.create(
        public_id=f"bk_t{key}", reference=services._reference(), prebook=prebook,
        payment=payment, status=status, hotel_id=100231, hotel_name=hotel, room_id="100231-1",
        room_name="Standard Double Room", board="BB", refundable=refundable, check_in=check_in,
        check_out=check_out, occupancies=prebook.occupancies, guests=guests, holder=holder,
        holder_email=email, guest_names=services.guest_names(holder, guests), currency=currency,
        total_paid=total, pay_at_hotel=0, price=price, cancellation=policy, fid=fid,
        account=account, commission=Decimal(commission),
        cancelled_at=services.now() if status == Booking.CANCELLED else None,
    )  # fmt: skip
    if created is not None:
        Booking.objects.filter(pk=booking.pk).update(created=created)
        booking.refresh_from_db()
    return booking
