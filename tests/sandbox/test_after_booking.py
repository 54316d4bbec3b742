"""After the booking, as the sandbox plays the provider (docs/provider-booking-api.md, "After the
booking"), asked over HTTP: an account's bookings by status and page, the cancellation quote and
the cancel that happens once, the guest's lookup and its short-lived token, the lookup's
throttle, the agents' listing, the profile, and the demo bookings. Bookings are made through the
API where the flow matters and written directly where only their dates, statuses and owners do
(the live server shares the test's database)."""

import time
import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
import requests
from django.core.management import call_command

from storefront.sandbox import demo
from storefront.sandbox.booking import access, services
from storefront.sandbox.models import Account, Booking, Payment, Prebook, Refund
from storefront.sandbox.views import messages
from tests.sandbox.bookings import today, write_booking
from tests.sandbox.payments import Api, booked, session_api

EN, HE = messages()["en"], messages()["he"]


def _account(email):
    return Account.objects.get(email=email)


def _ids(answer) -> list[str]:
    assert answer.status_code == 200, answer.text
    return [row["id"] for row in answer.json()["data"]]


def _cancel(api: Api, booking_id: str, penalty, *, key=None, **kwargs):
    key = key or f"cancel-{uuid.uuid4()}"
    body = {"expected_penalty": penalty}
    return api.call("POST", f"/v3/bookings/{booking_id}/cancel", json=body, key=key, **kwargs)


def _quote(api: Api, booking_id: str, **kwargs):
    return api.call("GET", f"/v3/bookings/{booking_id}/cancellation", **kwargs)


def _guest(sandbox_url: str, token: str) -> Api:
    """The API as a guest holding an access token: no client token, no session."""
    http = requests.Session()
    http.headers["Authorization"] = f"Booking {token}"
    return Api(sandbox_url, session=http)


# --- an account's bookings -------------------------------------------------------------------


def test_an_account_lists_its_bookings_by_status_newest_first_a_page_at_a_time(
    sandbox_url, demo_data
):
    me = _account("traveller@example.com")
    upcoming = [write_booking(starts=days, account=me) for days in (10, 30, 20)]
    checking_out_today = write_booking(starts=-2, nights=2, account=me)  # still upcoming today
    past = [write_booking(starts=days, account=me) for days in (-40, -10)]
    cancelled = write_booking(starts=15, account=me, status=Booking.CANCELLED)
    write_booking(starts=12)  # someone else's
    mine = session_api(sandbox_url)

    def listed(**params):
        return mine.call("GET", "/v3/bookings", params={"account": "me", **params})

    by_check_in = sorted([*upcoming, checking_out_today], key=lambda b: b.check_in, reverse=True)
    assert _ids(listed(status="upcoming")) == [b.public_id for b in by_check_in]
    assert _ids(listed(status="past")) == [past[1].public_id, past[0].public_id]
    assert _ids(listed(status="cancelled")) == [cancelled.public_id]
    assert len(_ids(listed())) == 7
    second = listed(status="upcoming", page=2, per_page=3)
    assert _ids(second) == [by_check_in[3].public_id]
    assert second.json()["meta"] == {"total": 4, "page": 2, "pages": 2, "per_page": 3}
    beyond = listed(status="past", page=5)
    assert _ids(beyond) == [] and beyond.json()["meta"]["total"] == 2
    row = listed(status="cancelled").json()["data"][0]
    assert row["status"] == "cancelled" and row["cancelled_at"].endswith("Z")


def test_a_listings_query_is_checked_in_the_providers_words(sandbox_url, demo_data):
    mine = session_api(sandbox_url)
    params = {"account": "me", "status": "soon", "per_page": "101", "page": "x"}
    answer = mine.call("GET", "/v3/bookings", params=params, locale="he")
    assert answer.status_code == 422
    assert answer.json()["errors"] == {
        "status": [HE["value_invalid"]],
        "page": [HE["value_invalid"]],
        "per_page": [HE["value_out_of_range"]],
    }


# --- the quote and the cancel ----------------------------------------------------------------


def test_inside_the_free_period_cancelling_costs_nothing_and_refunds_everything(api):
    payment = booked(api, fid="42")
    booking_id = payment["booking_id"]
    booking = api.call("GET", f"/v3/bookings/{booking_id}").json()["data"]
    quote = _quote(api, booking_id)
    assert quote.status_code == 200, quote.text
    assert quote.json()["data"] | {"quoted_at": None} == {
        "booking_id": booking_id,
        "reference": booking["reference"],
        "penalty": 0,
        "refund": booking["total_paid"],
        "currency": booking["currency"],
        "total_paid": booking["total_paid"],
        "free": True,
        "deadline": booking["cancellation"][0]["until"],
        "refundable": True,
        "quoted_at": None,
    }
    cancelled = _cancel(api, booking_id, 0)
    assert cancelled.status_code == 200, cancelled.text
    data = cancelled.json()["data"]
    assert data["status"] == "cancelled" and data["cancelled_at"].endswith("Z")
    assert (data["penalty"], data["refund"]) == (0, booking["total_paid"])
    assert data["commission"] == 0  # a cancelled booking earns its agent nothing
    refund = Refund.objects.get(booking__public_id=booking_id)
    assert refund.amount == Decimal(str(booking["total_paid"]))
    again = api.call("GET", f"/v3/bookings/{booking_id}").json()["data"]
    assert again["status"] == "cancelled" and again["refund"] == booking["total_paid"]


def test_after_the_free_period_the_first_night_is_kept_and_a_changed_fee_is_asked_again(api):
    booking = write_booking(starts=1, total="900.00", nights=3)  # free until 2 days ago
    quote = _quote(api, booking.public_id).json()["data"]
    assert (quote["penalty"], quote["refund"], quote["free"]) == (300, 600, False)
    assert quote["deadline"] == booking.cancellation[1]["until"]  # the check-in time
    stale = _cancel(api, booking.public_id, 0)  # what the page showed before the deadline
    assert stale.status_code == 409
    body = stale.json()
    assert body["code"] == "penalty_changed" and body["message"] == EN["penalty_changed"]
    assert body["errors"] == {"expected_penalty": [EN["penalty_changed"]]}
    assert body["quote"]["penalty"] == 300 and body["quote"]["refund"] == 600
    booking.refresh_from_db()
    assert booking.status == Booking.CONFIRMED and not Refund.objects.filter(booking=booking)
    done = _cancel(api, booking.public_id, "300.0")
    assert done.status_code == 200, done.text
    assert (done.json()["data"]["penalty"], done.json()["data"]["refund"]) == (300, 600)
    assert Refund.objects.get(booking=booking).amount == Decimal(600)


def test_a_non_refundable_booking_keeps_everything_and_refunds_nothing(api):
    booking = write_booking(starts=30, refundable=False, total="450.50")
    # Whatever the steps say, a non-refundable booking's penalty is what was paid.
    Booking.objects.filter(pk=booking.pk).update(
        cancellation=[{**booking.cancellation[0], "penalty": 0}]
    )
    quote = _quote(api, booking.public_id).json()["data"]
    assert (quote["penalty"], quote["refund"], quote["free"]) == (450.5, 0, False)
    assert quote["refundable"] is False
    done = _cancel(api, booking.public_id, 450.5)
    assert done.status_code == 200 and done.json()["data"]["refund"] == 0
    assert not Refund.objects.filter(booking=booking).exists()


def test_a_stay_that_has_started_or_ended_cannot_be_cancelled(api):
    for starts in (-1, -20):
        booking = write_booking(starts=starts)
        for answer in (_quote(api, booking.public_id), _cancel(api, booking.public_id, 0)):
            assert answer.status_code == 409, answer.text
            assert answer.json()["code"] == "stay_started"
            assert answer.json()["message"] == EN["stay_started"]
        booking.refresh_from_db()
        assert booking.status == Booking.CONFIRMED


def test_cancelling_twice_cancels_once(api):
    booking = write_booking(starts=30)
    first = _cancel(api, booking.public_id, 0, key="cancel-once")
    replay = _cancel(api, booking.public_id, 0, key="cancel-once")  # a retry, a double click
    assert first.status_code == replay.status_code == 200
    assert replay.headers["Idempotent-Replayed"] == "true"
    assert replay.json() == first.json()
    other_key = _cancel(api, booking.public_id, 0)  # another attempt altogether
    assert other_key.status_code == 409
    assert other_key.json()["code"] == "already_cancelled"
    assert other_key.json()["booking"]["id"] == booking.public_id
    assert other_key.json()["booking"]["status"] == "cancelled"
    other_body = _cancel(api, booking.public_id, 5, key="cancel-once")
    assert other_body.status_code == 422 and other_body.json()["code"] == "idempotency_key_reused"
    quote = _quote(api, booking.public_id)
    assert quote.status_code == 409 and quote.json()["code"] == "already_cancelled"
    assert Refund.objects.filter(booking=booking).count() == 1
    booking.refresh_from_db()
    assert booking.cancel_key == "cancel-once"


def test_a_cancel_that_loses_the_race_is_answered_from_the_one_that_won(api):
    """Two cancels at once: both read the booking confirmed, one moves it. (Asked in order, not
    in threads: the live server's threads share the test's one SQLite connection, whose
    savepoints interleaved threads would tangle.)"""
    booking = write_booking(starts=30)
    read_before = Booking.objects.get(pk=booking.pk)  # what the slower request had read
    assert _cancel(api, booking.public_id, 0, key="the-winner").status_code == 200
    with pytest.raises(services.Refusal) as lost:
        services.booking_cancel(booking=read_before, data={"expected_penalty": 0}, key="late")
    assert lost.value.status == 409 and lost.value.code == "already_cancelled"
    assert lost.value.extra["booking"]["status"] == "cancelled"
    # The same request, sent twice at once (a double click): the slower one is a replay.
    same, replayed = services.booking_cancel(
        booking=read_before, data={"expected_penalty": 0}, key="the-winner"
    )
    assert replayed is True and same.status == Booking.CANCELLED
    assert Refund.objects.filter(booking=booking).count() == 1


def test_a_cancel_needs_its_key_and_the_fee_it_was_shown(api):
    booking = write_booking(starts=30)
    path = f"/v3/bookings/{booking.public_id}/cancel"
    unkeyed = api.call("POST", path, json={"expected_penalty": 0})
    assert unkeyed.status_code == 422 and unkeyed.json()["code"] == "idempotency_key_required"
    for body, key in (({}, "value_required"), ({"expected_penalty": "free"}, "value_invalid")):
        answer = api.call("POST", path, json=body, key=f"k-{key}", locale="he")
        assert answer.status_code == 422
        assert answer.json()["errors"] == {"expected_penalty": [HE[key]]}
    assert api.call("GET", "/v3/bookings/bk_nothing/cancellation").status_code == 404


def test_only_the_account_that_booked_a_guest_with_its_token_or_the_client_token_may_cancel(
    api, sandbox_url, demo_data
):
    traveller = _account("traveller@example.com")
    theirs = write_booking(starts=30, account=traveller, fid="42")
    agent = session_api(sandbox_url, "agent@example.com")  # fid 42: may read it, not cancel it
    assert agent.call("GET", f"/v3/bookings/{theirs.public_id}").status_code == 200
    refused = _quote(agent, theirs.public_id)
    assert refused.status_code == 403 and refused.json()["message"] == EN["cancel_not_allowed"]
    assert _cancel(agent, theirs.public_id, 0).status_code == 403
    stranger = session_api(sandbox_url, "power@example.com")
    someone_elses = write_booking(starts=30, account=_account("agent@example.com"))
    assert _quote(session_api(sandbox_url), someone_elses.public_id).status_code == 404
    assert stranger.call("GET", f"/v3/bookings/{theirs.public_id}").status_code == 200
    assert _cancel(stranger, theirs.public_id, 0).status_code == 403
    mine = session_api(sandbox_url)
    assert _quote(mine, theirs.public_id).json()["data"]["free"] is True
    del mine.http.headers["X-XSRF-TOKEN"]
    assert _cancel(mine, theirs.public_id, 0).status_code == 419
    mine = session_api(sandbox_url)
    assert _cancel(mine, theirs.public_id, 0).status_code == 200
    by_the_shop = write_booking(starts=30)
    assert _cancel(api, by_the_shop.public_id, 0).status_code == 200


# --- the guest's lookup and token ------------------------------------------------------------


def test_a_guest_finds_their_booking_and_gets_a_token_that_opens_it_alone(api, sandbox_url):
    payment = booked(api, fid="42")
    reference, booking_id = payment["booking_reference"], payment["booking_id"]
    found = api.call(
        "POST",
        "/v3/bookings/lookup",
        json={"reference": reference.lower(), "email": "ADA@example.com"},
    )
    assert found.status_code == 200, found.text
    body = found.json()
    assert body["data"]["id"] == booking_id and "commission" not in body["data"]
    expires = datetime.strptime(body["expires_at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
    assert timedelta(minutes=29) < expires - datetime.now(UTC) <= timedelta(minutes=30)
    guest = _guest(sandbox_url, body["access_token"])
    mine = guest.call("GET", f"/v3/bookings/{booking_id}")
    assert mine.status_code == 200 and "commission" not in mine.json()["data"]
    assert _quote(guest, booking_id).json()["data"]["free"] is True
    other = write_booking(starts=30)
    assert guest.call("GET", f"/v3/bookings/{other.public_id}").status_code == 404
    assert _quote(guest, other.public_id).status_code == 404
    assert _cancel(guest, other.public_id, 0).status_code == 404
    assert guest.call("GET", "/v3/bookings", params={"account": "me"}).status_code == 401
    done = _cancel(guest, booking_id, 0)  # no XSRF token: the token is no cookie
    assert done.status_code == 200 and done.json()["data"]["status"] == "cancelled"
    forged = _guest(sandbox_url, body["access_token"][:-2] + "xx")
    refused = forged.call("GET", f"/v3/bookings/{booking_id}", locale="he")
    assert refused.status_code == 401 and refused.json()["code"] == "access_token_invalid"
    assert refused.json()["message"] == HE[access.ACCESS_EXPIRED]


def test_a_wrong_pair_is_answered_the_same_whatever_was_wrong(api):
    payment = booked(api)
    reference = payment["booking_reference"]
    answers = [
        api.call("POST", "/v3/bookings/lookup", json=body)
        for body in (
            {"reference": reference, "email": "someone@example.com"},
            {"reference": "TN-ZZZZZZ", "email": "ada@example.com"},
            {"reference": "TN-ZZZZZZ", "email": "someone@example.com"},
        )
    ]
    assert {a.status_code for a in answers} == {404}
    assert all(a.json() == answers[0].json() for a in answers)
    assert answers[0].json()["message"] == EN[access.BOOKING_NOT_FOUND]
    assert "access_token" not in answers[0].json()
    missing = api.call("POST", "/v3/bookings/lookup", json={"reference": reference}, locale="he")
    assert missing.status_code == 422
    assert missing.json()["errors"] == {"email": [HE["value_required"]]}


def test_a_guests_token_expires(api, sandbox_url, settings):
    settings.SANDBOX_BOOKING_ACCESS_SECONDS = 1
    booking = write_booking(starts=30)
    body = {"reference": booking.reference, "email": "ada@example.com"}
    token = api.call("POST", "/v3/bookings/lookup", json=body).json()["access_token"]
    guest = _guest(sandbox_url, token)
    time.sleep(1.1)
    late = guest.call("GET", f"/v3/bookings/{booking.public_id}")
    assert late.status_code == 401 and late.json()["message"] == EN[access.ACCESS_EXPIRED]
    assert _cancel(guest, booking.public_id, 0).status_code == 401
    booking.refresh_from_db()
    assert booking.status == Booking.CONFIRMED


def test_lookups_of_one_reference_are_throttled(api, settings):
    settings.SANDBOX_LOOKUP_ATTEMPTS = 3
    booking, other = write_booking(starts=30), write_booking(starts=40)
    wrong = {"reference": booking.reference, "email": "guess@example.com"}
    assert [api.call("POST", "/v3/bookings/lookup", json=wrong).status_code for _ in range(2)] == [
        404,
        404,
    ]
    # The GET lookup counts against the same reference.
    params = {"reference": booking.reference, "email": "guess2@example.com"}
    assert api.call("GET", "/v3/bookings", params=params).status_code == 404
    right = {"reference": booking.reference, "email": "ada@example.com"}
    throttled = api.call("POST", "/v3/bookings/lookup", json=right, locale="de")
    assert throttled.status_code == 429
    assert throttled.json()["code"] == "too_many_attempts"
    assert throttled.json()["message"] == messages()["de"][access.LOOKUP_THROTTLED]
    assert 0 < int(throttled.headers["Retry-After"]) <= settings.SANDBOX_LOOKUP_WINDOW_SECONDS
    assert api.call("GET", "/v3/bookings", params={**right}).status_code == 429
    elsewhere = {"reference": other.reference, "email": "ada@example.com"}
    assert api.call("POST", "/v3/bookings/lookup", json=elsewhere).status_code == 200


# --- the agents' listing ---------------------------------------------------------------------


def _agency_bookings():
    """Bookings under fid 42 (the demo agent's), newest first, and one under fid 77."""
    start = services.now() - timedelta(days=30)
    rows = [
        ("Noa", "Levi", 10, Booking.CONFIRMED, "ILS", "7851.57", "519.11"),
        ("Haruto", "Sato", 50, Booking.CONFIRMED, "EUR", "2000.00", "140.00"),
        ("Emily", "Carter", -30, Booking.CONFIRMED, "USD", "3961.97", "274.42"),
        ("Yossi", "Cohen", 12, Booking.CANCELLED, "ILS", "1000.00", "0.00"),
        ("Lukas", "Schmidt", 20, Booking.CONFIRMED, "EUR", "1000.00", "70.00"),
    ]
    made = [
        write_booking(
            starts=starts,
            name=(first, last),
            status=status,
            currency=currency,
            total=total,
            commission=commission,
            fid="42",
            created=start + timedelta(days=i),
            guests=[
                {"first_name": first, "last_name": last},
                {"first_name": "Ada", "last_name": "Byron"},
            ],
        )  # fmt: skip
        for i, (first, last, starts, status, currency, total, commission) in enumerate(rows)
    ]
    elsewhere = write_booking(starts=5, fid="77", created=start + timedelta(days=10))
    return list(reversed(made)), elsewhere


def test_an_agent_lists_the_bookings_made_under_their_fid(sandbox_url, demo_data):
    newest_first, elsewhere = _agency_bookings()
    agent = session_api(sandbox_url, "agent@example.com")

    def listed(**params):
        return agent.call("GET", "/v3/agent/bookings", params=params)

    everything = listed()
    assert _ids(everything) == [b.public_id for b in newest_first]
    meta = everything.json()["meta"]
    assert (meta["total"], meta["page"], meta["pages"], meta["per_page"]) == (5, 1, 1, 20)
    assert meta["all"] is False
    assert meta["totals"] == {
        "EUR": {"bookings": 2, "gross": 3000, "commission": 210},
        "ILS": {"bookings": 2, "gross": 8851.57, "commission": 519.11},
        "USD": {"bookings": 1, "gross": 3961.97, "commission": 274.42},
    }
    row = everything.json()["data"][-1]  # the oldest: Noa Levi's
    assert row == row | {
        "reference": newest_first[-1].reference,
        "status": "confirmed",
        "guest_name": "Noa Levi",
        "hotel_name": "Metropole Sands",
        "check_in": newest_first[-1].check_in.isoformat(),
        "nights": 3,
        "currency": "ILS",
        "net": 800,
        "gross": 7851.57,
        "commission": 519.11,
        "fid": "42",
    }
    assert _ids(listed(status="cancelled")) == [newest_first[1].public_id]  # Yossi Cohen
    assert _ids(listed(status="past")) == [newest_first[2].public_id]  # Emily Carter
    upcoming = listed(status="upcoming")
    assert len(_ids(upcoming)) == 3
    assert upcoming.json()["meta"]["totals"]["EUR"]["commission"] == 210
    window = listed(**{"from": (today() + timedelta(days=11)).isoformat(),
                       "to": (today() + timedelta(days=20)).isoformat()})  # fmt: skip
    assert _ids(window) == [newest_first[0].public_id, newest_first[1].public_id]
    assert _ids(listed(q="  LEVI ")) == [newest_first[-1].public_id]
    assert _ids(listed(q="haruto sato")) == [newest_first[3].public_id]
    assert len(_ids(listed(q="ada byron"))) == 5  # a guest's name, not only the holder's
    assert _ids(listed(q=newest_first[2].reference.lower())) == [newest_first[2].public_id]
    assert elsewhere.public_id not in _ids(listed(q=elsewhere.reference))
    paged = listed(page=2, per_page=2)
    assert _ids(paged) == [b.public_id for b in newest_first[2:4]]
    assert paged.json()["meta"] | {"totals": None} == {
        "total": 5, "page": 2, "pages": 3, "per_page": 2, "all": False, "totals": None,
    }  # fmt: skip
    assert paged.json()["meta"]["totals"] == meta["totals"]  # the filtered set, not the page
    wrong = listed(**{"from": "2027-02-30", "to": "soon"})
    assert wrong.status_code == 422 and set(wrong.json()["errors"]) == {"from", "to"}
    backwards = listed(**{"from": "2027-03-10", "to": "2027-03-01"})
    assert backwards.status_code == 422 and set(backwards.json()["errors"]) == {"to"}


def test_all_reservations_need_the_reservations_action(api, sandbox_url, demo_data):
    newest_first, elsewhere = _agency_bookings()
    power = session_api(sandbox_url, "power@example.com")
    everyone = power.call("GET", "/v3/agent/bookings", params={"all": "true"})
    # Every booking, whoever's fid: the one under fid 77 is the newest.
    assert _ids(everyone) == [elsewhere.public_id] + [b.public_id for b in newest_first]
    assert everyone.json()["meta"]["all"] is True
    agent = session_api(sandbox_url, "agent@example.com")
    refused = agent.call("GET", "/v3/agent/bookings", params={"all": "true"}, locale="he")
    assert refused.status_code == 403 and refused.json()["code"] == "forbidden"
    assert refused.json()["message"] == HE[access.RESERVATIONS_NOT_ALLOWED]
    for who in (power, session_api(sandbox_url)):  # neither is an agent
        answer = who.call("GET", "/v3/agent/bookings")
        assert answer.status_code == 403
        assert answer.json()["message"] == EN[access.NOT_AN_AGENT]
    assert api.call("GET", "/v3/agent/bookings").status_code == 401  # the shop is nobody


# --- the profile -----------------------------------------------------------------------------


def _patch_profile(who: Api, body, locale="en"):
    return who.call("PATCH", "/v3/auth", json=body, locale=locale)


def test_a_user_changes_their_name_and_avatar(sandbox_url, demo_data):
    mine = session_api(sandbox_url)
    avatar = "https://cdn.example.com/avatars/tess.png"
    changed = _patch_profile(mine, {"name": "  Tessa   O'Neil-Traveller ", "avatar": avatar})
    assert changed.status_code == 200, changed.text
    assert changed.json()["data"]["name"] == "Tessa O'Neil-Traveller"
    assert changed.json()["data"]["avatar"] == avatar
    me = mine.call("GET", "/v3/auth").json()["data"]
    assert (me["name"], me["avatar"], me["email"]) == (
        "Tessa O'Neil-Traveller",
        avatar,
        "traveller@example.com",
    )
    cleared = _patch_profile(mine, {"name": "Tess Traveller", "avatar": None}).json()["data"]
    assert cleared["avatar"] is None and cleared["name"] == "Tess Traveller"


@pytest.mark.parametrize("locale", ["en", "he"])
def test_a_profile_is_checked_in_the_providers_words(sandbox_url, demo_data, locale):
    words = messages()[locale]
    mine = session_api(sandbox_url)
    for body, errors in (
        ({"name": "טס טרוולר"}, {"name": [words["name_latin"]]}),
        ({"name": "Tess2"}, {"name": [words["name_latin"]]}),
        ({"name": " "}, {"name": [words["name_required"]]}),
        ({}, {"name": [words["name_required"]]}),
        ({"name": "T" * 101}, {"name": [words["name_too_long"]]}),
        (
            {"name": "Tess", "avatar": "javascript:alert(1)"},
            {"avatar": [words["url_invalid"]]},
        ),
    ):
        answer = _patch_profile(mine, body, locale=locale)
        assert answer.status_code == 422, (body, answer.text)
        assert answer.json()["errors"] == errors
        assert answer.json()["message"] == next(iter(errors.values()))[0]
    assert _account("traveller@example.com").name == "Tess Traveller"
    assert words["name_latin"] != EN["name_latin"] or locale == "en"


def test_a_profile_change_needs_a_session_and_its_xsrf_token(api, sandbox_url, demo_data):
    assert _patch_profile(api, {"name": "Someone"}).status_code == 401  # the client token: nobody
    mine = session_api(sandbox_url)
    del mine.http.headers["X-XSRF-TOKEN"]
    assert _patch_profile(mine, {"name": "Someone"}).status_code == 419
    assert _account("traveller@example.com").name == "Tess Traveller"


# --- demo data and words ---------------------------------------------------------------------


def test_demo_data_makes_bookings_to_show_and_twice_makes_no_more(sandbox_url, demo_data):
    call_command("demo_data", stdout=open("/dev/null", "w"))  # noqa: SIM115
    counts = [m.objects.count() for m in (Booking, Payment, Prebook, Refund)]
    call_command("demo_data", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert [m.objects.count() for m in (Booking, Payment, Prebook, Refund)] == counts
    assert counts[0] == len(demo.BOOKINGS)
    mine = session_api(sandbox_url)
    for status in ("upcoming", "past", "cancelled"):
        listed = mine.call("GET", "/v3/bookings", params={"account": "me", "status": status})
        assert _ids(listed), status
    agent = session_api(sandbox_url, "agent@example.com")
    rows = agent.call("GET", "/v3/agent/bookings").json()["data"]
    assert {r["status"] for r in rows} == {"confirmed", "cancelled"}
    assert {"he", "ja"} <= {r["locale"] for r in rows}
    assert all(r["fid"] == "42" for r in rows) and any(r["commission"] > 0 for r in rows)
    power = session_api(sandbox_url, "power@example.com")
    every = power.call("GET", "/v3/agent/bookings", params={"all": "true"}).json()
    assert {"42", "77", "88"} <= {r["fid"] for r in every["data"]}


@pytest.mark.parametrize("locale", ["en", "he", "de", "ja", "fr", "es", "ru", "ar"])
def test_every_new_message_is_the_providers_own_in_the_languages_it_answers(locale):
    for key in (
        access.ACCESS_EXPIRED,
        access.LOOKUP_THROTTLED,
        services.PENALTY_CHANGED,
        services.ALREADY_CANCELLED,
        services.STAY_STARTED,
        services.CANCEL_NOT_ALLOWED,
        access.NOT_AN_AGENT,
        access.RESERVATIONS_NOT_ALLOWED,
        "name_too_long",
    ):
        text = messages()[locale][key]
        assert text.strip()
        assert locale == "en" or text != EN[key], (locale, key)
