"""The provider's calls after a booking as the storefront makes them (``upstream/reservations.py``)
against the sandbox: money as Decimal, dates as dates, each credential reading what it may."""

from decimal import Decimal

import pytest

from storefront.upstream import reservations
from storefront.upstream.errors import UpstreamError, UpstreamNotFound


def _cookies(client):
    return dict(client.session["provider"]["cookies"])


def test_an_account_reads_its_bookings_by_status_with_money_as_decimal(
    traveller_client, demo_bookings
):
    cookies = _cookies(traveller_client)
    upcoming = reservations.bookings(cookies=cookies, locale="en", status="upcoming")
    assert upcoming.total == 2 and {r.reference for r in upcoming.reservations} == {
        "TN-TESS2A",
        "TN-TESS3B",
    }
    first = upcoming.reservations[0]
    assert isinstance(first.total_paid, Decimal) and first.check_in < first.check_out
    assert first.holder["email"] == "traveller@example.com"
    cancelled = reservations.bookings(cookies=cookies, locale="en", status="cancelled")
    assert [r.reference for r in cancelled.reservations] == ["TN-TESS5D"]
    assert cancelled.reservations[0].cancelled and cancelled.reservations[0].refund is not None


def test_a_quote_then_a_cancel_under_one_key_cancels_once(traveller_client, demo_bookings):
    cookies = _cookies(traveller_client)
    booking = next(b for b in demo_bookings if b.reference == "TN-TESS2A")
    quote = reservations.cancellation_quote(booking.public_id, locale="en", cookies=cookies)
    assert quote.free and quote.penalty == 0
    done = reservations.cancel(
        booking.public_id, expected_penalty=quote.penalty, key="k1", locale="en", cookies=cookies
    )
    again = reservations.cancel(
        booking.public_id, expected_penalty=quote.penalty, key="k1", locale="en", cookies=cookies
    )
    assert done.cancelled and again.cancelled and again.cancelled_at == done.cancelled_at
    with pytest.raises(UpstreamError) as other:
        reservations.cancel(
            booking.public_id, expected_penalty=quote.penalty, key="k2", locale="en",
            cookies=cookies,
        )  # fmt: skip
    assert other.value.code == "already_cancelled"


def test_a_guest_looks_up_with_reference_and_email_and_reads_only_that_booking(demo_bookings):
    access = reservations.lookup("tn-tess2a", "TRAVELLER@example.com", locale="en")
    assert access.reservation.reference == "TN-TESS2A" and access.token
    read = reservations.reservation(access.reservation.id, locale="en", token=access.token)
    assert read.reference == "TN-TESS2A" and read.commission is None
    other = next(b for b in demo_bookings if b.reference == "TN-TESS3B")
    with pytest.raises(UpstreamNotFound):
        reservations.reservation(other.public_id, locale="en", token=access.token)
    with pytest.raises(UpstreamNotFound):
        reservations.lookup("TN-TESS2A", "someone@example.com", locale="en")


def test_the_agents_listing_has_commission_totals_and_all_only_for_reservations(
    client, demo_bookings
):
    from tests.login import login_form

    client.post("/login", login_form("agent@example.com"))
    listing = reservations.agent_bookings(cookies=_cookies(client), locale="en")
    assert listing.total >= 3 and not listing.everyone
    assert all(row.fid == "42" for row in listing.rows)
    assert listing.totals and all(
        isinstance(t.commission, Decimal) for t in listing.totals.values()
    )
    with pytest.raises(UpstreamError) as refused:
        reservations.agent_bookings(cookies=_cookies(client), locale="en", everyone=True)
    assert refused.value.status == 403
