"""The storefront's booking calls (``storefront.upstream.booking``) against the sandbox, through
the one upstream client: a hold read into ``Decimal`` money, a payment started twice under one
key is one payment, the provider's refusals arrive as typed errors with its code and words, and
a ``Transaction`` cannot hold one prebook, payment or booking twice."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from storefront.checkout.models import Transaction
from storefront.sandbox.models import Payment as SandboxPayment
from storefront.upstream import booking
from storefront.upstream.errors import UpstreamError, UpstreamNotFound, UpstreamValidationError
from tests.sandbox.payments import GUESTS, Api

pytestmark = pytest.mark.usefixtures("provider")


@pytest.fixture
def offer(sandbox_url, settings):
    return Api(sandbox_url).offer(currency="EUR")


def _hold(offer, **changes):
    args = {
        "offer_id": offer["offer_id"],
        "occupancies": GUESTS,
        "currency": "EUR",
        "guest_country": "de",
        "key": "",
        "locale": "en",
        **changes,
    }
    return booking.prebook(**args)


def _body(held, **changes):
    return {
        "prebook_id": held.id,
        "holder": {
            "first_name": "Ada",
            "last_name": "Lovelace",
            "email": "ada@example.com",
            "phone": "+44 20 7946 0958",
            "country": "GB",
        },
        "guests": [{"first_name": "Ada", "last_name": "Lovelace"}],
        "amount": str(held.pay_now),
        "currency": held.price.currency,
        "return_url": "http://127.0.0.1:8000/payments/return/x",
        "locale": "en",
        **changes,
    }


def test_a_hold_is_read_with_exact_money_and_its_expiry(offer):
    held = _hold(offer)
    assert held.status == "held" and held.id.startswith("pb_")
    assert isinstance(held.pay_now, Decimal) and held.pay_now == held.price.gross
    assert held.pay_at_hotel == sum(i.amount for i in held.price.items if not i.included)
    assert held.stay.occupancies == ((2, (7,)),)
    assert booking.held(held.id, locale="en") == held


def test_a_payment_started_twice_under_one_key_is_one_payment(offer):
    held = _hold(offer)
    first = booking.start_payment(_body(held), key="t-1", locale="en")
    again = booking.start_payment(_body(held), key="t-1", locale="en")
    assert first.id == again.id and first.url.startswith("http")
    assert SandboxPayment.objects.filter(prebook__public_id=held.id).count() == 1
    assert booking.payment(first.id).status == "pending" and first.charges == 0


def test_the_providers_refusals_are_typed_with_its_code_and_words(offer):
    held = _hold(offer)
    with pytest.raises(UpstreamError) as changed:
        booking.start_payment(_body(held, amount="1.00"), key="t-2", locale="en")
    assert changed.value.code == "price_changed" and changed.value.status == 409
    assert changed.value.body["price"]
    with pytest.raises(UpstreamValidationError) as invalid:
        body = _body(held, holder={**_body(held)["holder"], "first_name": "עדה"})
        booking.start_payment(body, key="t-3", locale="he")
    assert "holder.first_name" in invalid.value.errors
    with pytest.raises(UpstreamNotFound):
        _hold(offer, offer_id="o1.nothing")


def test_a_transaction_holds_one_prebook_payment_and_booking(db):
    # Not a transactional test: its flush at the end would empty the demo rows, written once
    # for the session, under every later test of this worker (each violation is rolled back
    # to its own savepoint).
    fields = {
        "offer_id": "o",
        "hold_expires_at": "2030-01-01T00:00:00Z",
        "currency": "EUR",
        "pay_now": Decimal("10.00"),
        "hotel_id": 1,
        "session_key": "s",
        "email": "a@example.com",
        "holder_name": "A B",
        "locale": "en",
        "host": "127.0.0.1",
    }
    Transaction.objects.create(prebook_id="pb_1", payment_id="pay_1", booking_id="bk_1", **fields)
    for unique in ({"prebook_id": "pb_1"}, {"payment_id": "pay_1"}, {"booking_id": "bk_1"}):
        values = {"prebook_id": "pb_2", **unique}
        with pytest.raises(IntegrityError), transaction.atomic():
            Transaction.objects.create(**values, **fields)
