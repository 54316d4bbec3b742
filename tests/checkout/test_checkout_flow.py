"""Checkout end to end over HTTP (issue 33): /book holds the chosen offer and takes the guest's
details; posting them makes one transaction and starts its one payment; the provider's page
(the sandbox's, posted as a browser posts it) sends the visitor back signed; the return, the
webhook and any replay of either book once and charge once; the outcome page is the visitor's
only. Bookings and charges are counted in the sandbox's own tables."""

import json
import re
from decimal import Decimal
from html import unescape
from urllib.parse import urlsplit

import pytest
from django.test import Client

from storefront.checkout.models import Transaction
from storefront.sandbox.models import Booking, Charge
from storefront.sandbox.models import Payment as SandboxPayment
from tests.checkout.guest import GUEST
from tests.sandbox.payments import APPROVED, DECLINED, post_card
from tests.stays import open_stay

pytestmark = pytest.mark.usefixtures("provider")
HOTEL = "/hotels/spain/barcelona/metropole-sands"
DETAILS = GUEST


def _book_url(client, locale_prefix="", *, hotel=HOTEL, country=""):
    """The first "Choose" of ``hotel`` for a stay it sells (as a visitor of ``country``)."""
    check_in, check_out = open_stay(hotel, after=45, nights=2, rooms=1)
    visitor = f"&country={country}" if country else ""
    html = client.get(f"{locale_prefix}{hotel}?check_in={check_in}&check_out={check_out}{visitor}")
    links = re.findall(r'href="([^"]*/book\?[^"]+)"', html.content.decode())
    assert links, "no Choose link"
    return unescape(links[0])


def _held(html: str) -> str:
    return re.search(r'name="held" value="([^"]+)"', html).group(1)


def _follow_to_provider(client, book_url, details=DETAILS):
    page = client.get(book_url)
    assert page.status_code == 200
    details = {**details, "held": _held(page.content.decode())}
    posted = client.post(book_url, details)
    assert posted.status_code == 302, posted.content.decode()[:2000]
    pay = client.get(posted["Location"])
    assert pay.status_code == 200
    html = pay.content.decode()
    action = re.search(r'<form method="get" action="([^"]+)"', html).group(1)
    assert "form-action" in pay["Content-Security-Policy"]
    assert urlsplit(action).netloc in pay["Content-Security-Policy"]
    return unescape(action), html


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def test_a_guest_books_and_pays_once_whatever_is_clicked_twice_or_replayed():
    client = Client()
    book_url = _book_url(client)
    held = client.get(book_url).content.decode()
    assert "We hold this price for you until" in held
    assert 'name="room1_first_name"' in held and "Online payment is not open yet" not in held
    provider_page, pay_html = _follow_to_provider(client, book_url)
    assert "Pay " in pay_html and "securely" in pay_html
    # A double submit of the details: the same transaction, the same payment.
    again = client.post(book_url, {**DETAILS, "held": _held(held)})
    assert again.status_code == 302
    assert Transaction.objects.count() == 1 and SandboxPayment.objects.count() == 1
    answer = post_card(provider_page, APPROVED)
    assert post_card(provider_page, APPROVED).status_code == 303  # a double click on Pay
    back = client.get(_path(answer.headers["Location"]))
    assert back.status_code == 303
    outcome = client.get(back["Location"])
    text = outcome.content.decode()
    sale = Transaction.objects.get()
    assert sale.state == "booked" and sale.booking_reference
    assert "Your booking is confirmed" in text and sale.booking_reference in text
    assert "Metropole Sands" in text
    # The return replayed, and the webhook sent and replayed: still one booking, one charge.
    assert client.get(_path(answer.headers["Location"])).status_code == 303
    assert Booking.objects.count() == 1 and Charge.objects.count() == 1
    # Another visitor, or a made-up uuid: 404; the bare page says nothing it cannot know.
    assert Client().get(back["Location"]).status_code == 404
    assert (
        client.get(f"/transaction/{'0' * 8}-0000-4000-8000-{'0' * 12}/success").status_code == 404
    )
    bare = Client().get("/transaction/success").content.decode()
    assert sale.booking_reference not in bare


def test_a_tampered_return_changes_nothing():
    client = Client()
    provider_page, _ = _follow_to_provider(client, _book_url(client))
    answer = post_card(provider_page, APPROVED)
    location = _path(answer.headers["Location"])
    forged = re.sub(r"sig=[0-9a-f]+", "sig=" + "0" * 64, location)
    assert client.get(forged).status_code == 400
    assert Transaction.objects.get().state == "paying"
    assert client.get(location).status_code == 303
    assert Transaction.objects.get().state == "booked"


def test_a_declined_card_says_so_and_another_try_books_with_the_same_hold():
    client = Client()
    provider_page, _ = _follow_to_provider(client, _book_url(client))
    back = client.get(_path(post_card(provider_page, DECLINED).headers["Location"]))
    error = client.get(back["Location"])
    text = error.content.decode()
    assert "/error" in back["Location"] and "Your card was declined" in text
    assert "You have not been charged." in text
    retried = client.post(back["Location"], {})
    assert retried.status_code == 303
    provider_page, _ = _follow_to_provider_again(client, retried["Location"])
    final = client.get(_path(post_card(provider_page, APPROVED).headers["Location"]))
    assert "/success" in final["Location"]
    assert Booking.objects.count() == 1 and Charge.objects.count() == 1
    sale = Transaction.objects.get()
    assert sale.state == "booked" and sale.attempt == 2


def _follow_to_provider_again(client, pay_url):
    html = client.get(pay_url).content.decode()
    return unescape(re.search(r'<form method="get" action="([^"]+)"', html).group(1)), html


def test_the_guest_details_are_checked_with_a_message_under_each_field():
    client = Client()
    book_url = _book_url(client, "/de")
    client.get(book_url)
    held = _held(client.get(book_url).content.decode())
    bad = {"first_name": "Ада", "email": "nope", "phone": "1", "held": held}
    page = client.post(book_url, {**DETAILS, **bad})
    assert page.status_code == 200
    html = page.content.decode()
    for field in ("first_name", "email", "phone"):
        assert f'id="guest-{field}-error"' in html
    assert 'role="alert"' in html
    assert Transaction.objects.count() == 0


def _signed(body: bytes, *, at=None) -> str:
    import hashlib
    import hmac
    import time

    from django.conf import settings

    stamp = str(int(at or time.time()))
    digest = hmac.new(
        settings.PAYMENT_SIGNING_SECRET.encode(), stamp.encode() + b"." + body, hashlib.sha256
    ).hexdigest()
    return f"t={stamp},v1={digest}"


def test_the_webhook_settles_once_and_refuses_what_the_provider_did_not_sign():
    client = Client()
    provider_page, _ = _follow_to_provider(client, _book_url(client))
    post_card(provider_page, APPROVED)  # the browser never comes back
    sale = Transaction.objects.get()
    assert sale.state == "paying"
    event = {"id": "evt_1", "type": "payment.succeeded", "data": {"id": sale.payment_id}}
    body = json.dumps(event).encode()
    hook = Client(enforce_csrf_checks=True)

    def send(data, signature):
        return hook.post(
            "/payments/webhook",
            data,
            content_type="application/json",
            headers={"X-Signature": signature},
        )

    assert send(body, _signed(body + b" ")).status_code == 400  # not these bytes
    assert send(body, _signed(body, at=1_000_000_000)).status_code == 400  # long ago
    assert Transaction.objects.get().state == "paying"
    for _ in range(3):  # sent, retried, replayed
        assert send(body, _signed(body)).status_code == 200
    sale = Transaction.objects.get()
    assert sale.state == "booked" and sale.booking_reference
    assert Booking.objects.count() == 1 and Charge.objects.count() == 1


def test_a_payment_whose_visitor_never_returns_is_settled_and_confirmed_once(mailoutbox):
    """The browser closed after paying: no return, no webhook that reaches us. The settlement
    written when the visitor left asks the provider; the booking is confirmed and the email
    goes once, however often the outboxes run."""
    from storefront.checkout.services import CONFIRMATIONS, SETTLEMENTS

    client = Client()
    provider_page, _ = _follow_to_provider(client, _book_url(client, "/he"))
    post_card(provider_page, APPROVED)
    sale = Transaction.objects.get()
    assert sale.state == "paying"
    settlement = sale.settlements.get()
    for _ in range(2):
        SETTLEMENTS.attempt(settlement.pk, inline=True)
    sale.refresh_from_db()
    assert sale.state == "booked"
    for _ in range(2):
        CONFIRMATIONS.attempt(sale.confirmation.pk, inline=True)
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["ada@example.com"] and sale.booking_reference in mail.subject
    html = mail.alternatives[0][0]
    assert 'dir="rtl"' in html and 'lang="he"' in html and sale.booking_reference in mail.body
    sale.refresh_from_db()
    assert sale.confirmation_sent_at is not None
    assert Booking.objects.count() == 1 and Charge.objects.count() == 1


def _proxied_checkout(provider_proxy):
    client = Client()
    book_url = _book_url(client)
    assert client.get(book_url).status_code == 200
    return client, book_url


def test_a_failing_provider_at_each_step_loses_nothing_and_says_so(
    provider_proxy, settings, monkeypatch
):
    from storefront.checkout.services import SETTLEMENTS
    from storefront.i18n.catalog import translate
    from tests.providers import breakers_later

    settings.UPSTREAM_URL = provider_proxy.url  # this module's tests use the sandbox itself
    unavailable = translate("results.unavailable", "en")
    client, book_url = _proxied_checkout(provider_proxy)
    # The payment cannot be started: the visitor is told, nothing is charged or lost.
    provider_proxy.mode = "fail"
    refused = client.post(book_url, {**DETAILS, "held": "0"})
    assert refused.status_code == 200 and unavailable in refused.content.decode()
    assert SandboxPayment.objects.count() == 0
    # Back again: the same details go through, and make one payment.
    provider_proxy.mode = "pass"
    breakers_later(monkeypatch, 3600)
    provider_page, _ = _follow_to_provider(client, book_url)
    assert SandboxPayment.objects.count() == 1 and Transaction.objects.count() == 1
    answer = post_card(provider_page, APPROVED)
    # The provider cannot say how the payment ended when the visitor returns.
    provider_proxy.mode = "fail"
    back = client.get(_path(answer.headers["Location"]))
    page = client.get(back["Location"]).content.decode()
    assert "We are confirming your payment" in page
    assert Transaction.objects.get().state == "paying"
    # It answers again: the outbox settles the payment, and the visitor's page says booked.
    provider_proxy.mode = "pass"
    breakers_later(monkeypatch, 7200)
    SETTLEMENTS.attempt(Transaction.objects.get().settlements.get().pk, inline=True)
    assert Transaction.objects.get().state == "booked"
    assert "Your booking is confirmed" in client.get(back["Location"]).content.decode()
    assert Booking.objects.count() == 1 and Charge.objects.count() == 1


def test_a_prefetch_of_book_holds_nothing():
    client = Client()
    book_url = _book_url(client)
    ahead = client.get(book_url, headers={"Sec-Purpose": "prefetch"})
    assert ahead.status_code == 204 and "no-store" in ahead["Cache-Control"]
    from storefront.sandbox.models import Prebook

    assert Prebook.objects.count() == 0
    hotel = client.get(HOTEL + "?" + book_url.split("?", 1)[1]).content.decode()
    assert "data-no-prefetch" in hotel  # the Choose links are never prefetched on hover


def test_details_posted_for_another_price_than_the_one_held_now_start_nothing():
    """The hold ran out while the visitor typed, and the price held now differs: the page shows
    it and asks again; it never charges a price the visitor was not shown."""
    client = Client()
    book_url = _book_url(client)
    client.get(book_url)
    page = client.post(book_url, {**DETAILS, "held": "1.00"})
    assert page.status_code == 200
    assert "The price we held for you ran out" in page.content.decode()
    assert Transaction.objects.count() == 0 and SandboxPayment.objects.count() == 0


def test_back_on_book_after_booking_leads_to_the_booking_not_a_second_hold():
    from storefront.sandbox.models import Prebook

    client = Client()
    book_url = _book_url(client)
    provider_page, _ = _follow_to_provider(client, book_url)
    client.get(_path(post_card(provider_page, APPROVED).headers["Location"]))
    sale = Transaction.objects.get()
    holds = Prebook.objects.count()
    again = client.get(book_url).content.decode()
    assert "You have already booked this room" in again and sale.booking_reference in again
    assert f"/transaction/{sale.uuid}/success" in again and 'name="held"' not in again
    assert Prebook.objects.count() == holds  # no second hold


def _tel_aviv_hotel(quotes_vat: bool) -> str:
    from storefront.sandbox.inventory import rates
    from storefront.sandbox.inventory.store import inventory

    inv = inventory()
    for hotel_id in rates.hotels_of(inv.slugs[("israel", "tel-aviv")]):
        hotel = inv.hotels[hotel_id]
        if (hotel.aggregator == "isrotel_direct") == quotes_vat:
            return f"/hotels/israel/tel-aviv/{hotel.slug}"
    raise AssertionError("no such hotel in Tel Aviv")


@pytest.mark.parametrize(
    ("visitor_country", "holder_country", "quotes_vat", "message"),
    [
        ("us", "IL", False, "Guests who live in Israel pay Israeli VAT"),
        ("il", "FR", True, "Guests who live outside Israel do not pay Israeli VAT"),
    ],
)
def test_the_holders_country_decides_israeli_vat_before_anything_is_charged(
    visitor_country, holder_country, quotes_vat, message
):
    """The price was held for the visitor's country (the results page's); the holder's country
    in the details changes the VAT: the page shows the new price and why, nothing starts, and
    the payment is for the price held for the holder's country."""
    from storefront.sandbox.models import Prebook

    client = Client()
    book_url = _book_url(client, hotel=_tel_aviv_hotel(quotes_vat), country=visitor_country)
    first = client.get(book_url).content.decode()
    was = _held(first)
    phone = "54-555-1234" if holder_country == "IL" else "1 42 68 53 00"
    details = {**DETAILS, "country": holder_country, "phone": phone, "held": was}
    again = client.post(book_url, details)
    assert again.status_code == 200
    page = again.content.decode()
    now = _held(page)
    assert message in page and now != was
    assert (Decimal(now) > Decimal(was)) == (holder_country == "IL")
    assert Transaction.objects.count() == 0 and SandboxPayment.objects.count() == 0
    assert 'value="IL" selected' in page or holder_country != "IL"
    posted = client.post(book_url, {**details, "held": now})
    assert posted.status_code == 302
    payment = SandboxPayment.objects.get()
    assert payment.amount == Decimal(now)
    assert payment.prebook.guest_country == holder_country.lower()
    assert Prebook.objects.filter(guest_country=visitor_country).count() == 1


def test_the_provider_refuses_a_payment_whose_holder_pays_other_vat_than_the_hold():
    """The provider's own guard: a prebook held for a tourist is not paid for a resident."""
    from storefront.upstream import booking
    from storefront.upstream.errors import UpstreamError

    client = Client()
    client.get(_book_url(client, hotel=_tel_aviv_hotel(False), country="us"))
    held = client.session["checkout_holds"]
    prebook_id, pay_now, country = next(iter(held.values()))
    assert country == "us"
    body = {
        "prebook_id": prebook_id,
        "holder": {
            "first_name": "Ada",
            "last_name": "Lovelace",
            "email": "ada@example.com",
            "phone": "+972 54 555 1234",
            "country": "IL",
        },
        "guests": [{"first_name": "Ada", "last_name": "Lovelace"}],
        "amount": pay_now,
        "currency": "USD",
        "return_url": "http://testserver/payments/return/x",
        "webhook_url": "http://testserver/payments/webhook",
        "locale": "en",
    }
    with pytest.raises(UpstreamError) as refused:
        booking.start_payment(body, key="k-vat-guard-1", locale="en", cookies=None)
    assert refused.value.code == "guest_country_changed"
    assert SandboxPayment.objects.count() == 0
