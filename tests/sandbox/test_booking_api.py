"""The provider's booking API as the sandbox plays it (docs/provider-booking-api.md), asked over
HTTP: prebooks that re-price an offer and hold it, payments started under idempotency keys and
checked in the provider's words, bookings found by id, by reference and email, and by account.
The sandbox's rows are read directly (its live server shares the test's database)."""

import json
import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import requests

from storefront.sandbox.booking import services
from storefront.sandbox.inventory import rates
from storefront.sandbox.inventory.store import inventory
from storefront.sandbox.models import Booking, Charge, Payment, Prebook
from storefront.sandbox.views import messages
from storefront.search.query import today
from tests.sandbox.payments import APPROVED, GUESTS, Api, booked, post_card, session_api

EN = messages()["en"]


def _iso(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)


# --- prebooks ------------------------------------------------------------------------------


def test_a_prebook_holds_the_offers_price_as_the_offer_answer_gives_it(api):
    offer = api.offer()
    answer = api.prebook(offer)
    assert answer.status_code == 201, answer.text
    prebook = answer.json()["data"]
    repriced = api.call("GET", f"/v3/offers/{offer['offer_id']}").json()["data"]["offer"]
    assert prebook["id"].startswith("pb_") and prebook["status"] == "held"
    assert prebook["offer_id"] == offer["offer_id"]
    price = prebook["price"]
    assert {k: v for k, v in price.items() if k not in ("pay_now", "pay_at_hotel")} == repriced[
        "price"
    ]
    assert price["pay_now"] == price["gross"]
    at_hotel = sum(Decimal(str(i["amount"])) for i in price["items"] if not i["included"])
    assert Decimal(str(price["pay_at_hotel"])) == at_hotel
    assert prebook["cancellation"] == repriced["cancellation"]
    assert prebook["room_id"] == offer["room_id"] and prebook["occupancies"] == GUESTS
    held_for = _iso(prebook["expires_at"]) - datetime.now(UTC)
    assert timedelta(seconds=880) < held_for <= timedelta(seconds=900)
    again = api.call("GET", f"/v3/prebooks/{prebook['id']}").json()["data"]
    assert again == prebook


def test_a_prebook_in_another_currency_is_priced_in_it(api):
    offer = api.offer(currency="EUR")
    answer = api.prebook(offer, currency="JPY")
    assert answer.status_code == 201, answer.text
    price = answer.json()["data"]["price"]
    assert price["currency"] == "JPY" and isinstance(price["pay_now"], int)


def test_a_hold_expires(api, settings):
    settings.SANDBOX_PREBOOK_HOLD_SECONDS = 1
    prebook = api.prebook().json()["data"]
    time.sleep(1.2)
    assert api.call("GET", f"/v3/prebooks/{prebook['id']}").json()["data"]["status"] == "expired"
    late = api.start_payment(prebook)
    assert late.status_code == 410
    assert late.json()["code"] == "hold_expired"
    assert late.json()["message"] == EN[services.HOLD_EXPIRED]
    assert not Payment.objects.filter(prebook__public_id=prebook["id"]).exists()


def test_the_same_key_is_the_same_prebook(api):
    offer = api.offer()
    first = api.prebook(offer, key="pb-key-1")
    second = api.prebook(offer, key="pb-key-1")
    assert first.status_code == second.status_code == 201
    assert second.headers["Idempotent-Replayed"] == "true"
    assert first.json()["data"]["id"] == second.json()["data"]["id"]
    assert Prebook.objects.filter(key="pb-key-1").count() == 1
    other = api.prebook(offer, key="pb-key-1", currency="USD")
    assert other.status_code == 422
    assert other.json()["errors"] == {"idempotency_key": [EN[services.IDEMPOTENCY_KEY_REUSED]]}


def test_an_unknown_or_tampered_offer_is_not_found(api):
    offer = api.offer()
    tampered = offer["offer_id"][:-1] + ("0" if offer["offer_id"][-1] != "0" else "1")
    for offer_id in ("nonsense", tampered):
        answer = api.prebook({"offer_id": offer_id})
        assert answer.status_code == 404, answer.text
        assert answer.json()["code"] == "offer_not_found"
        assert set(answer.json()) >= {"message", "errors"}


def _signed_offer(*, check_in, full=False):
    """An offer id the provider signed, for a stay whose hotel is open (or ``full``)."""
    stay = rates.Stay(check_in, check_in + timedelta(days=2), ((2, (7,)),), "EUR")
    for hotel in inventory().hotels.values():
        if rates._hotel_open(hotel, stay) == full:
            continue
        key = rates.OfferKey(hotel.id, hotel.rooms[0].index, hotel.boards[0], True, stay)
        return rates.offer_id(key)
    raise LookupError


def test_a_sold_out_or_past_offer_is_a_conflict(api):
    full = api.prebook(
        {"offer_id": _signed_offer(check_in=today() + timedelta(days=50), full=True)}
    )
    assert full.status_code == 409 and full.json()["code"] == "sold_out"
    assert full.json()["message"] == EN[services.SOLD_OUT]
    past = api.prebook({"offer_id": _signed_offer(check_in=today() - timedelta(days=3))})
    assert past.status_code == 409 and past.json()["code"] == "offer_expired"


def test_a_prebook_is_checked_in_the_requests_language(api):
    offer = api.offer()
    body = {"offer_id": offer["offer_id"], "occupancies": [{"adults": 3}], "currency": "XXX"}
    answer = api.call("POST", "/v3/prebooks", json=body, locale="de")
    assert answer.status_code == 422
    german = messages()["de"]
    assert answer.json()["errors"] == {"currency": [german["value_invalid"]]}
    body["currency"] = "EUR"
    answer = api.call("POST", "/v3/prebooks", json=body, locale="de")
    assert answer.json()["errors"] == {"occupancies": [german["offer_mismatch"]]}
    assert answer.json()["message"] == german["offer_mismatch"] != EN["offer_mismatch"]
    empty = api.call("POST", "/v3/prebooks", json={}, locale="he").json()
    assert set(empty["errors"]) == {"offer_id", "occupancies", "currency"}
    assert empty["errors"]["offer_id"] == [messages()["he"]["value_required"]]


def test_the_booking_api_needs_the_client_token_or_a_session(sandbox_url):
    for method, path in (
        ("POST", "/v3/prebooks"),
        ("GET", "/v3/prebooks/pb_x"),
        ("POST", "/v3/payments"),
        ("GET", "/v3/payments/pay_x"),
        ("GET", "/v3/bookings/bk_x"),
        ("GET", "/v3/bookings?reference=TN-AAAAAA&email=a@b.co"),
    ):
        answer = requests.request(method, sandbox_url + path, json={}, timeout=10)
        assert answer.status_code == 401, (method, path)
        assert answer.json()["message"] == EN["unauthenticated"]


# --- payments --------------------------------------------------------------------------------


def test_a_payment_answers_the_hosted_pages_address(api, sandbox_url):
    prebook = api.prebook().json()["data"]
    answer = api.start_payment(prebook)
    assert answer.status_code == 201, answer.text
    payment = answer.json()["data"]
    assert payment["id"].startswith("pay_") and payment["status"] == "pending"
    assert payment["url"].startswith(f"{sandbox_url}/pay/")
    assert payment["amount"] == prebook["price"]["pay_now"]
    assert payment["currency"] == prebook["price"]["currency"]
    assert payment["prebook_id"] == prebook["id"] and payment["charges"] == 0
    assert payment["booking_id"] is None and payment["failure_code"] is None
    assert api.payment(payment["id"]) == payment


def test_the_same_key_and_body_is_one_payment_and_another_body_is_refused(api):
    prebook = api.prebook().json()["data"]
    key = f"tx-{uuid.uuid4()}"
    first = api.start_payment(prebook, key=key)
    # The same meaning in another spelling: keys in another order, the amount with a trailing 0.
    body = api.payment_body(prebook)
    amount = body["amount"]
    assert isinstance(amount, float)
    respelled = json.dumps(dict(reversed(list(body.items()))))
    respelled = respelled.replace(f'"amount": {amount}', f'"amount": {amount}0')
    assert respelled.count(f"{amount}0") == 1
    headers = {"Content-Type": "application/json"}
    second = api.call("POST", "/v3/payments", data=respelled, headers=headers, key=key)
    assert first.status_code == second.status_code == 201, second.text
    assert second.headers.get("Idempotent-Replayed") == "true"
    assert second.json()["data"]["id"] == first.json()["data"]["id"]
    assert Payment.objects.filter(prebook__public_id=prebook["id"]).count() == 1
    other = api.start_payment(prebook, key=key, special_requests="A cot, please.")
    assert other.status_code == 422
    assert other.json()["errors"] == {"idempotency_key": [EN[services.IDEMPOTENCY_KEY_REUSED]]}
    assert Payment.objects.filter(prebook__public_id=prebook["id"]).count() == 1
    unkeyed = api.call("POST", "/v3/payments", json=body)
    assert unkeyed.status_code == 422 and unkeyed.json()["code"] == "idempotency_key_required"
    too_long = api.call("POST", "/v3/payments", json=body, key="k" * 101)
    assert too_long.status_code == 422 and set(too_long.json()["errors"]) == {"idempotency_key"}


def test_the_holder_and_guests_are_checked_in_the_providers_words(api):
    two_rooms = [{"adults": 2, "children": []}, {"adults": 1, "children": []}]
    prebook = api.prebook(guests=two_rooms).json()["data"]
    holder = {
        "first_name": "עדה",
        "last_name": "Lovelace2",
        "email": "ada@",
        "phone": "+44 20 12",
        "country": "GB",
    }
    guests = [{"first_name": "Ada", "last_name": ""}]
    answer = api.start_payment(prebook, holder=holder, guests=guests, return_url="ftp://x")
    assert answer.status_code == 422
    errors = answer.json()["errors"]
    assert errors == {
        "holder.first_name": [EN["name_latin"]],
        "holder.last_name": [EN["name_latin"]],
        "holder.email": [EN["email_invalid"]],
        "holder.phone": [EN["phone_invalid"]],
        "guests": [EN["guests_per_room"]],
        "guests.0.last_name": [EN["value_required"]],
        "return_url": [EN["url_invalid"]],
    }
    assert "A–Z" in EN["name_latin"]  # the provider's rule, said in its message
    assert answer.json()["message"] == EN["name_latin"]
    hebrew = api.call(
        "POST",
        "/v3/payments",
        json=api.payment_body(prebook, holder=holder),
        key=f"k-{uuid.uuid4()}",
        locale="he",
    ).json()
    assert hebrew["errors"]["holder.first_name"] == [messages()["he"]["name_latin"]]
    fine = api.start_payment(
        prebook,
        guests=[{"first_name": "Mary-Jane", "last_name": "D'Arcy"}] * 2,
        holder={
            **holder,
            "first_name": "Zoë".replace("ë", "e"),
            "last_name": "Ng",
            "email": "z@example.com",
            "phone": "020 7946 0958",
        },  # fmt: skip
    )
    assert fine.status_code == 201, fine.text  # a national number read in the holder's country


def test_an_amount_other_than_the_held_price_is_refused_with_the_current_price(api):
    prebook = api.prebook().json()["data"]
    cheaper = round(prebook["price"]["pay_now"] - 10, 2)
    answer = api.start_payment(prebook, amount=cheaper)
    assert answer.status_code == 409
    body = answer.json()
    assert body["code"] == "price_changed" and body["message"] == EN[services.PRICE_CHANGED]
    assert body["price"] == prebook["price"] and body["amount"] == prebook["price"]["pay_now"]
    assert body["errors"] == {"amount": [EN[services.PRICE_CHANGED]]}
    other_currency = api.start_payment(prebook, currency="USD")
    assert other_currency.status_code == 409
    assert not Payment.objects.filter(prebook__public_id=prebook["id"]).exists()


def test_a_booked_prebook_cannot_be_paid_again(api):
    prebook = api.prebook().json()["data"]
    payment = api.start_payment(prebook).json()["data"]
    assert post_card(payment["url"], APPROVED).status_code == 303
    again = api.start_payment(prebook)
    assert again.status_code == 409
    body = again.json()
    assert body["code"] == "already_booked"
    assert body["booking"]["reference"] == api.payment(payment["id"])["booking_reference"]
    assert "commission" not in body["booking"]
    assert Booking.objects.filter(prebook__public_id=prebook["id"]).count() == 1


def test_of_two_payments_started_for_one_prebook_only_the_first_paid_books(api):
    prebook = api.prebook().json()["data"]
    first = api.start_payment(prebook).json()["data"]
    second = api.start_payment(prebook).json()["data"]
    assert first["id"] != second["id"]
    post_card(first["url"], APPROVED)
    late = post_card(second["url"], APPROVED)
    assert late.status_code == 303
    assert api.payment(second["id"])["failure_code"] == services.ALREADY_BOOKED
    assert api.payment(second["id"])["charges"] == 0
    assert Booking.objects.filter(prebook__public_id=prebook["id"]).count() == 1
    assert Charge.objects.filter(payment__prebook__public_id=prebook["id"]).count() == 1


# --- bookings ----------------------------------------------------------------------------------


def test_a_booking_says_what_was_bought_and_paid(api):
    payment = booked(api, fid="42", locale="ja")
    answer = api.call("GET", f"/v3/bookings/{payment['booking_id']}")
    assert answer.status_code == 200
    booking = answer.json()["data"]
    prebook = api.call("GET", f"/v3/prebooks/{payment['prebook_id']}").json()["data"]
    assert booking["reference"] == payment["booking_reference"]
    assert booking["reference"][:3] == "TN-" and len(booking["reference"]) == 9
    assert booking["status"] == "confirmed" and prebook["status"] == "booked"
    assert prebook["booking_id"] == booking["id"]
    hotel = inventory().hotels[prebook["hotel_id"]]
    assert (booking["hotel_id"], booking["hotel_name"]) == (hotel.id, hotel.name)
    assert booking["room_id"] == prebook["room_id"] and booking["room_name"]
    assert (booking["check_in"], booking["check_out"]) == (
        prebook["check_in"],
        prebook["check_out"],
    )
    assert booking["occupancies"] == GUESTS
    assert booking["guests"] == [{"first_name": "Ada", "last_name": "Lovelace"}]
    assert booking["holder"]["email"] == "ada@example.com"  # kept lower-cased
    assert booking["total_paid"] == prebook["price"]["pay_now"] == payment["amount"]
    assert booking["pay_at_hotel"] == prebook["price"]["pay_at_hotel"]
    assert booking["cancellation"] == prebook["cancellation"]
    assert booking["cancellation_deadline"] == prebook["cancellation"][0]["until"]
    assert booking["fid"] == "42" and booking["locale"] == "ja"
    net = Decimal(str(prebook["price"]["net"]))
    assert Decimal(str(booking["commission"])) == (net * Decimal("0.08")).quantize(Decimal("0.01"))
    assert booking["created_at"].endswith("Z")


def test_the_platforms_own_brand_earns_no_commission(api):
    payment = booked(api, fid="1")
    booking = api.call("GET", f"/v3/bookings/{payment['booking_id']}").json()["data"]
    assert booking["commission"] == 0


def test_a_guest_finds_their_booking_by_reference_and_email(api):
    payment = booked(api)
    reference = payment["booking_reference"]
    found = api.call(
        "GET", "/v3/bookings", params={"reference": reference.lower(), "email": "ADA@example.com"}
    )
    assert found.status_code == 200
    assert [b["id"] for b in found.json()["data"]] == [payment["booking_id"]]
    assert "commission" not in found.json()["data"][0]
    wrong = api.call("GET", "/v3/bookings", params={"reference": reference, "email": "x@y.co"})
    assert wrong.status_code == 404
    assert wrong.json()["message"] == EN["booking_not_found"]
    missing = api.call("GET", "/v3/bookings", params={"reference": reference})
    assert missing.status_code == 422 and set(missing.json()["errors"]) == {"email"}


def test_a_logged_in_account_lists_its_own_bookings(api, sandbox_url, demo_data):
    mine = session_api(sandbox_url)
    payment = booked(mine, fid="1")  # the platform's brand: no agent sees it
    booked(api)  # someone else's, with the client token
    listed = mine.call("GET", "/v3/bookings", params={"account": "me"})
    assert listed.status_code == 200
    assert [b["id"] for b in listed.json()["data"]] == [payment["booking_id"]]
    other = session_api(sandbox_url, "agent@example.com")
    assert other.call("GET", "/v3/bookings", params={"account": "me"}).json()["data"] == []
    assert other.call("GET", f"/v3/bookings/{payment['booking_id']}").status_code == 404
    assert api.call("GET", "/v3/bookings", params={"account": "me"}).status_code == 401


def test_a_sessions_post_needs_its_xsrf_token(sandbox_url, demo_data):
    mine = session_api(sandbox_url)
    del mine.http.headers["X-XSRF-TOKEN"]
    answer = mine.prebook(Api(sandbox_url).offer())
    assert answer.status_code == 419 and answer.json()["code"] == "csrf_mismatch"


# --- the payments switch ----------------------------------------------------------------------


def test_the_status_endpoint_can_be_made_to_fail_or_hang(api, payments_mode, monkeypatch):
    from storefront.sandbox.booking import webhooks

    payment = api.paid_for()
    payments_mode("status-fail")
    assert api.call("GET", f"/v3/payments/{payment['id']}").status_code == 503
    monkeypatch.setattr(webhooks, "STATUS_HANG_SECONDS", 0.6)
    payments_mode("slow-status")
    started = time.monotonic()
    assert api.call("GET", f"/v3/payments/{payment['id']}").status_code == 200
    assert time.monotonic() - started >= 0.6
    payments_mode("ok")
    assert api.call("GET", f"/v3/payments/{payment['id']}").status_code == 200
    refused = requests.post(
        f"{api.base}/sandbox/payments-mode", json={"mode": "sometimes"}, timeout=5
    )
    assert refused.status_code == 400


@pytest.mark.parametrize("locale", ["en", "he", "de", "ja", "fr", "es", "ru", "ar"])
def test_every_new_message_is_the_providers_own_in_the_languages_it_answers(locale):
    for key in (
        services.SOLD_OUT,
        services.OFFER_EXPIRED,
        services.HOLD_EXPIRED,
        services.PRICE_CHANGED,
        services.ALREADY_BOOKED,
        services.CARD_DECLINED,
        services.INSUFFICIENT_FUNDS,
        services.AUTHENTICATION_FAILED,
        "name_latin",
        "phone_invalid",
        "guests_per_room",
        "booking_not_found",
    ):
        text = messages()[locale][key]
        assert text.strip()
        assert locale == "en" or text != EN[key], (locale, key)
