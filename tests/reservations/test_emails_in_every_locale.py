"""The two emails a traveller reads, the booking's confirmation (``checkout/emails.py``) and its
cancellation (``reservations/emails.py``), in all 39 locales: subject, text and HTML in the
locale's own words (no catalog key, no sentence left in English), the HTML in its language
and direction, the booking's facts in each."""

import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from storefront.catalog.formatting import format_money
from storefront.checkout.emails import confirmation_message
from storefront.checkout.models import Transaction
from storefront.i18n.catalog import PLACEHOLDER_RE, messages, translate
from storefront.i18n.locales import LOCALES
from storefront.reservations.emails import cancellation_message
from storefront.reservations.models import CancellationMail
from storefront.upstream import reservations

# A catalog key where words should be: "email.greeting", "transaction.paid"… (not a host name,
# an address or a path, which the lookbehind leaves out).
RAW_KEY = re.compile(
    r"(?<![\w.@/-])(?:email|reservations|transaction|book|hotel|results|search|account|board|"
    r"room_types)\.[a-z_]+(?:\.[a-z_]+)*"
)
SECTIONS = ("email.", "reservations.", "transaction.", "book.", "hotel.", "results.", "search.",
            "account.", "board.", "room_types.")  # fmt: skip


def _english_left(text: str, code: str) -> list[str]:
    """The English sentences of the catalog sections an email uses (their stretches between
    placeholders, 12 characters or more) found in ``text``, where ``code`` says them otherwise."""
    english, own = messages("en"), messages(code)
    found = []
    for key, sentence in english.items():
        if not key.startswith(SECTIONS) or own.get(key) == sentence:
            continue
        for part in PLACEHOLDER_RE.sub("\0", sentence).split("\0"):
            if len(part.strip()) >= 12 and part.strip() in text:
                found.append(part.strip())
    return found


def _read_alike(message, code: str, facts: list[str]) -> None:
    html = message.alternatives[0][0]
    locale = LOCALES[code]
    assert f'lang="{locale.iso}"' in html and f'dir="{locale.dir}"' in html, code
    for part, words in (("subject", message.subject), ("text", message.body), ("html", html)):
        assert RAW_KEY.search(words) is None, (code, part, RAW_KEY.search(words)[0])
        if code != "en":
            assert _english_left(words, code) == [], (code, part)
    for fact in facts:
        assert fact in message.body and fact in html, (code, fact)


def test_the_confirmation_reads_in_every_locale(demo_data):
    deadline = (timezone.now() + timedelta(days=20)).replace(microsecond=0)
    sale = Transaction(
        prebook_id="pb_mail", offer_id="o", hold_expires_at=timezone.now(),
        state=Transaction.BOOKED, booking_reference="TN-MAIL42", currency="EUR",
        pay_now=Decimal("412.30"), pay_at_hotel=Decimal("18.50"), hotel_id=2002,
        summary={"hotel": "Barcelona Excelsior Hotel", "room_type": "superior_double",
                 "check_in": "2027-03-01", "check_out": "2027-03-04", "nights": 3,
                 "occupancies": [[2, []]], "refundable": True,
                 "free_until": deadline.isoformat()},
        session_key="s", email="ada@example.com", holder_name="Ada Lovelace", locale="en",
        host="127.0.0.1", fid=1,
    )  # fmt: skip
    for code in LOCALES:
        sale.locale = code
        message = confirmation_message(sale)
        assert "TN-MAIL42" in message.subject and message.to == ["ada@example.com"]
        paid = format_money(Decimal("412.30"), "EUR", code)
        _read_alike(message, code, ["TN-MAIL42", "Barcelona Excelsior Hotel", paid])
        assert translate("room_types.superior_double", code) in message.body, code


@pytest.mark.usefixtures("demo_bookings")
def test_the_cancellation_reads_in_every_locale(traveller_client):
    cookies = dict(traveller_client.session["provider"]["cookies"])
    listing = reservations.bookings(cookies=cookies, locale="en", status="cancelled")
    reservation = listing.reservations[0]
    assert reservation.cancelled and reservation.refund is not None
    item = CancellationMail(
        booking_id=reservation.id, email="traveller@example.com", locale="en", host="127.0.0.1"
    )
    for code in LOCALES:
        item.locale = code
        message = cancellation_message(item, reservation)
        assert reservation.reference in message.subject, code
        refund = format_money(reservation.refund, reservation.currency, code)
        _read_alike(message, code, [reservation.reference, reservation.hotel_name, refund])
