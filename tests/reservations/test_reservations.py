"""My Reservations, one reservation and cancelling it, and finding a booking without an account
(issue 34, items 1-3 and 7), over HTTP against the sandbox: what the visitor reads on each page,
what the provider cancelled and how often, and the emails that went. Bookings come from the demo
data (the traveller's) or are written straight into the sandbox's tables where a policy or an
owner matters (``tests/sandbox/bookings.py``)."""

import re
from decimal import Decimal
from html import unescape

import pytest

from storefront.i18n.catalog import PLACEHOLDER_RE, messages, translate
from storefront.i18n.locales import LOCALES
from storefront.reservations.models import CancellationMail
from storefront.reservations.services import CANCELLATION_MAILS
from storefront.reservations.views import TABS
from storefront.sandbox.models import Account, Booking, Refund
from tests.login import login_form
from tests.sandbox.bookings import write_booking

DETAIL = re.compile(r'href="(/(?:[a-z-]+/)?account/reservations/[0-9a-f-]{36})"')


def _main(response) -> str:
    html = response.content.decode()
    html = html[html.find("<main") : html.find("</main>")]
    return re.sub(r"[ \t\r\n]+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _details(response) -> list[str]:
    return list(dict.fromkeys(DETAIL.findall(response.content.decode())))


def _penalty(response) -> str:
    return re.search(r'name="expected_penalty" value="([^"]+)"', response.content.decode())[1]


def _eur(reference: str) -> str:
    """What the traveller paid for the demo booking ``reference``, as English pages write euros.
    The demo stays start a fixed number of days from today, so their prices move with the date."""
    return f"€{Booking.objects.get(reference=reference).total_paid:,.2f}"


def _send_mails():
    for row in CancellationMail.objects.all():
        CANCELLATION_MAILS.attempt(row.pk, inline=True)


# --- My Reservations -----------------------------------------------------------------------


def test_my_reservations_by_tab_with_hotel_dates_guests_status_total_and_reference(
    traveller_client, demo_bookings
):
    upcoming = traveller_client.get("/account/reservations")
    assert upcoming.status_code == 200
    assert "no-store" in upcoming["Cache-Control"]
    text = _main(upcoming)
    for words in ("TN-TESS2A", "TN-TESS3B", "Confirmed", "2 adults", _eur("TN-TESS2A")):
        assert words in text
    assert "TN-TESS4C" not in text and "TN-TESS5D" not in text
    assert len(_details(upcoming)) == 2
    past = _main(traveller_client.get("/account/reservations?status=past"))
    assert "TN-TESS4C" in past and "Completed" in past and "TN-TESS2A" not in past
    cancelled = _main(traveller_client.get("/account/reservations?status=cancelled"))
    assert "TN-TESS5D" in cancelled and "Cancelled" in cancelled


def test_pages_of_reservations_and_an_empty_tab_that_leads_to_search(
    traveller_client, demo_bookings, monkeypatch
):
    me = Account.objects.get(email="traveller@example.com")
    for days in range(40, 52):
        write_booking(starts=days, account=me, email="traveller@example.com")
    monkeypatch.setattr("storefront.reservations.views.PER_PAGE", 5)
    first = traveller_client.get("/account/reservations")
    assert "Page 1 of 3" in _main(first) and len(_details(first)) == 5
    nexts = re.findall(r'href="([^"]+)" rel="next"', first.content.decode())
    second = traveller_client.get(unescape(nexts[0]))
    assert "Page 2 of 3" in _main(second)
    assert not set(_details(first)) & set(_details(second))
    Booking.objects.filter(account=me, status=Booking.CANCELLED).delete()
    empty = traveller_client.get("/account/reservations?status=cancelled")
    assert "You have no cancelled reservations." in _main(empty)
    assert 'class="button button--primary" href="/"' in empty.content.decode()


def test_a_payment_still_being_confirmed_shows_as_pending(traveller_client, demo_bookings):
    from datetime import timedelta

    from django.utils import timezone

    from storefront.checkout.models import Transaction

    user_key = traveller_client.session["provider"]["user"]["id"]
    Transaction.objects.create(
        prebook_id="pb_pending", offer_id="o", hold_expires_at=timezone.now() + timedelta(1),
        state=Transaction.PAYING, currency="EUR", pay_now=Decimal("412.30"), hotel_id=1,
        summary={"hotel": "Hotel Arts", "check_in": "2027-03-01", "check_out": "2027-03-04",
                 "nights": 3, "occupancies": [[2, []]]},
        session_key="s", account_id=str(user_key), email="traveller@example.com",
        holder_name="Tess Traveller", locale="en", host="testserver",
    )  # fmt: skip
    text = _main(traveller_client.get("/account/reservations"))
    assert "Hotel Arts" in text and "Being confirmed" in text and "€412.30" in text


def test_my_reservations_asks_an_anonymous_visitor_to_log_in(client, demo_bookings):
    answer = client.get("/he/account/reservations")
    assert answer.status_code == 302 and "/he/login?next=" in answer["Location"]


def test_the_provider_down_is_said_in_the_visitors_language_never_a_500(
    traveller_client, demo_bookings, monkeypatch
):
    from storefront.upstream.errors import UpstreamUnavailable

    def down(*args, **kwargs):
        raise UpstreamUnavailable("down")

    link = _details(traveller_client.get("/account/reservations"))[0]
    monkeypatch.setattr("storefront.upstream.reservations.bookings", down)
    monkeypatch.setattr("storefront.upstream.reservations.reservation", down)
    for path in ("/he/account/reservations", "/he" + link):
        answer = traveller_client.get(path)
        assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
        assert translate("results.unavailable", "he") in _main(answer)


# --- One reservation, cancelling ---------------------------------------------------------


def test_a_reservation_says_everything_and_cancels_free_once_with_one_email(
    traveller_client, demo_bookings, mailoutbox
):
    link = next(
        path
        for path in _details(traveller_client.get("/account/reservations"))
        if "TN-TESS2A" in _main(traveller_client.get(path))
    )
    page = _main(traveller_client.get(link))
    for words in ("TN-TESS2A", "Superior double room", "Breakfast included", "Tess Traveller",
                  "A quiet room, please.", _eur("TN-TESS2A"), "To pay at the hotel",
                  "You can cancel free of charge now"):  # fmt: skip
        assert words in page, words
    confirm = traveller_client.get(link + "?cancel=1")
    assert "Do you really want to cancel this booking?" in _main(confirm)
    expected = _penalty(confirm)
    assert Decimal(expected) == 0
    first = traveller_client.post(link, {"action": "cancel", "expected_penalty": expected})
    again = traveller_client.post(link, {"action": "cancel", "expected_penalty": expected})
    assert first.status_code == again.status_code == 302
    done = _main(traveller_client.get(first["Location"]))
    assert "Your booking is cancelled. We have sent the details to traveller@example.com." in done
    assert "€0.00" in done and "This booking was cancelled on" in done
    booking = Booking.objects.get(reference="TN-TESS2A")
    assert booking.status == Booking.CANCELLED
    assert Refund.objects.filter(booking=booking).count() == 1
    _send_mails()
    _send_mails()
    assert len(mailoutbox) == 1 and "TN-TESS2A" in mailoutbox[0].subject
    assert "cancelled" in mailoutbox[0].subject


def test_outside_the_free_period_the_penalty_is_shown_before_confirming(
    traveller_client, demo_bookings
):
    me = Account.objects.get(email="traveller@example.com")
    booking = write_booking(starts=1, total="900.00", nights=3, account=me)  # free until 2 days ago
    link = next(
        path
        for path in _details(traveller_client.get("/account/reservations"))
        if booking.reference in _main(traveller_client.get(path))
    )
    page = _main(traveller_client.get(link))
    assert "If you cancel now, the hotel keeps €300.00 and €600.00 goes back to your card." in page
    confirm = traveller_client.get(link + "?cancel=1")
    assert Decimal(_penalty(confirm)) == Decimal("300.00")
    # A penalty that is not the one quoted now changes nothing and says the new one.
    stale = traveller_client.post(link, {"action": "cancel", "expected_penalty": "0"})
    assert stale.status_code == 200
    assert "it is now €300.00" in _main(stale)
    assert Booking.objects.get(pk=booking.pk).status == Booking.CONFIRMED
    done = traveller_client.post(link, {"action": "cancel", "expected_penalty": "300.00"})
    assert done.status_code == 302
    booking.refresh_from_db()
    assert booking.status == Booking.CANCELLED and booking.penalty == Decimal("300.00")


def test_another_users_booking_or_no_booking_is_a_404(client, demo_bookings):
    cancelled = Booking.objects.filter(status=Booking.CANCELLED).count()
    client.post("/login", login_form("agent@example.com"))
    agents = _details(client.get("/account/reservations"))
    assert agents
    client.post("/logout")
    client.post("/login", login_form("traveller@example.com"))
    assert client.get(agents[0]).status_code == 404
    assert client.post(agents[0], {"action": "cancel", "expected_penalty": "0"}).status_code == 404
    made_up = "/account/reservations/00000000-0000-4000-8000-000000000000"
    assert client.get(made_up).status_code == 404
    assert Booking.objects.filter(status=Booking.CANCELLED).count() == cancelled


def test_a_stay_that_has_started_cannot_be_cancelled_and_says_so(traveller_client, demo_bookings):
    past = _details(traveller_client.get("/account/reservations?status=past"))
    page = _main(traveller_client.get(past[0]))
    assert "can no longer be cancelled online" in page
    assert "Cancel this booking" not in page


# --- Finding a booking without an account --------------------------------------------------


def _look_up(client, reference, email, prefix=""):
    return client.post(
        f"{prefix}/reservation", {"action": "lookup", "reference": reference, "email": email}
    )


def test_a_guest_finds_a_booking_by_reference_and_email_and_cancels_it(
    client, demo_bookings, mailoutbox
):
    form = client.get("/reservation")
    assert 'name="reference"' in form.content.decode() and form.status_code == 200
    found = _look_up(client, " tn-tess2a ", "Traveller@Example.com")
    assert found.status_code == 302 and found["Location"] == "/reservation"
    assert "TN-TESS2A" not in found["Location"]  # the access is in the session, never a URL
    page = client.get("/reservation")
    assert "TN-TESS2A" in _main(page) and "Barcelona" in _main(page)
    expected = _penalty(client.get("/reservation?cancel=1"))
    done = client.post("/reservation", {"action": "cancel", "expected_penalty": expected})
    assert done.status_code == 302
    assert "Your booking is cancelled." in _main(client.get(done["Location"]))
    assert Booking.objects.get(reference="TN-TESS2A").status == Booking.CANCELLED
    _send_mails()
    assert len(mailoutbox) == 1
    client.post("/reservation", {"action": "forget"})
    assert 'name="reference"' in client.get("/reservation").content.decode()


def test_a_wrong_pair_says_only_that_nothing_matched(client, demo_bookings):
    wrong_email = _main(_look_up(client, "TN-TESS2A", "someone@example.com"))
    unknown = _main(_look_up(client, "TN-NOPE99", "traveller@example.com"))
    message = "We found no booking with this reference and email address."
    assert message in wrong_email and message in unknown
    assert wrong_email.replace("TN-TESS2A", "X").replace("someone@example.com", "Y") == (
        unknown.replace("TN-NOPE99", "X").replace("traveller@example.com", "Y")
    )
    empty = _main(_look_up(client, "", ""))
    assert empty.count("Please fill in this field.") == 2


def test_lookups_are_throttled_per_reference_and_per_address(client, demo_bookings, settings):
    settings.LOOKUP_ATTEMPTS_PER_REFERENCE = 3
    settings.LOOKUP_ATTEMPTS_PER_IP = 6
    for n in range(3):
        assert _look_up(client, "TN-TESS3B", f"guess{n}@example.com").status_code == 200
    refused = _look_up(client, "TN-TESS3B", "traveller@example.com")  # even the right pair
    assert refused.status_code == 429 and "Too many attempts" in _main(refused)
    for n in range(3):
        _look_up(client, f"TN-GUESS{n}", "a@example.com")
    other = _look_up(client, "TN-TESS2A", "traveller@example.com")
    assert other.status_code == 429  # this address has tried too often


# --- Every locale ------------------------------------------------------------------------------

RAW_KEY = re.compile(
    r"(?<![\w.@/])(?:reservations|book|transaction|pagination|search)\.[a-z_]+(?:\.[a-z_]+)*"
)


def _english_left(text: str, code: str) -> list[str]:
    """The reservations section's English sentences (their stretches between placeholders, 12
    characters or more) found on a page in ``code``, where that locale says them otherwise."""
    english, own = messages("en"), messages(code)
    found = []
    for key, sentence in english.items():
        if not key.startswith("reservations.") or own.get(key) == sentence:
            continue
        for part in PLACEHOLDER_RE.sub("\0", sentence).split("\0"):
            if len(part.strip()) >= 12 and part.strip() in text:
                found.append(part.strip())
    return found


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_every_page_after_a_booking_reads_in_every_locale(client, demo_bookings, code):
    """My Reservations (each tab), a reservation with its cancel confirmation, one whose stay
    has started, and the guest's form with its errors: words only, none left in English."""
    prefix = LOCALES[code].prefix
    client.post("/login", login_form("traveller@example.com"))
    pages = [client.get(f"{prefix}/account/reservations?status={tab}") for tab in TABS]
    upcoming = _details(pages[0])[0]
    started = _details(pages[1])[0]
    pages += [client.get(upcoming + "?cancel=1")]
    pages += [client.get(started)]
    client.post("/logout")
    pages += [client.post(f"{prefix}/reservation", {"action": "lookup", "reference": ""})]
    pages += [_look_up(client, "TN-NOPE99", "nobody@example.com", prefix)]
    for answer in pages:
        assert answer.status_code == 200, answer.status_code
        text = _main(answer)
        assert RAW_KEY.search(text) is None, RAW_KEY.search(text)
        if code != "en":
            assert _english_left(text, code) == [], (answer.request["PATH_INFO"], code)
        html = answer.content.decode()
        assert f'lang="{LOCALES[code].iso}"' in html
    assert translate("reservations.cancel.confirm_title", code) in _main(pages[3])
    assert translate("reservations.cancel.started", code) in _main(pages[4])
    assert translate("reservations.lookup.not_found", code) in _main(pages[6])
