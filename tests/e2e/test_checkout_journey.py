"""Checkout as a person goes through it in Chromium (issue 33): a hotel page with dates, its
first "Choose", /book (the price held, the countdown ticking in the page's language, the guest's
details typed with the keyboard), /pay, the provider's own page on the sandbox's origin, and
back to the outcome page in the page's language and direction. Each journey counts what the
sandbox booked and charged (its own tables, in the test's database, which the live servers
share): one booking and one charge, whatever is declined, challenged, clicked twice or
resubmitted after the back button. Without JavaScript the whole journey works; a hold that runs
out says so, and seeing the price again says when it changed; axe finds nothing on /book (its
errors shown), /pay and the outcome; a logged-in visitor's details are filled in and the booking
is their account's.

``CHECKOUT_SHOTS=/some/dir`` keeps a screenshot of each step (for a person to look at)."""

import os
import re
import threading
import time
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.handlers.wsgi import WSGIHandler
from django.db.models import F
from playwright.sync_api import expect

from storefront.catalog.formatting import format_money
from storefront.checkout.models import Transaction
from storefront.i18n.catalog import PLACEHOLDER_RE, flatten, messages, translate
from storefront.sandbox.models import Booking, Charge, Payment, Prebook
from tests.checkout.guest import GUEST
from tests.e2e.helpers import LOOKS, axe_violations, log_in, mounted, tab_to
from tests.stays import open_stay

pytestmark = pytest.mark.usefixtures("demo_data")

HOTEL = "/hotels/spain/barcelona/metropole-sands"
HOTEL_NAME = "Metropole Sands"
APPROVED, DECLINED, CHALLENGE = "4242424242424242", "4000000000000002", "4000000000003220"
# Every catalog key, to find one shown raw instead of its words ("book.countdown").
CATALOG_KEYS = re.compile(
    r"(?<![\w.@])(?:"
    + "|".join(re.escape(k) for k in sorted(flatten(messages("en")), key=len, reverse=True))
    + r")(?![\w.])"
)
SHOTS = os.environ.get("CHECKOUT_SHOTS")


@pytest.fixture(autouse=True)
def _one_connection_at_a_time(monkeypatch):
    """The live servers (the storefront's and the sandbox's) and this test share one SQLite
    connection (tests/conftest.py), which two threads cannot use at once. Two requests at the
    same moment (the browser's return beside the provider's webhook, as it comes) failed with
    ``sqlite3.InterfaceError: bad parameter or other API misuse``, or with an IntegrityError
    that ``get_or_create`` absorbs on a database of its own (the confirmation's row: one
    thread's rollback to its savepoint undid the other's insert), and a webhook retried after
    a 500 landed in the next test. So here each server takes its requests one after the other,
    in the order they come (one server may still call the other), and the sandbox sends no
    webhooks: the return settles the payment, as it does when a webhook is late. Webhooks,
    their replays and their races are tests/checkout's (over HTTP)."""
    from storefront.sandbox.booking import webhooks

    serve = WSGIHandler.__call__
    locks = defaultdict(threading.Lock)  # one per server (its handler)

    def one_at_a_time(handler, environ, start_response):
        with locks[id(handler)]:
            return serve(handler, environ, start_response)

    monkeypatch.setattr(WSGIHandler, "__call__", one_at_a_time)
    monkeypatch.setitem(webhooks.MODE, "mode", webhooks.WEBHOOK_FAIL)


def _shot(page, name):
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def _prefix(code):
    return "" if code == "en" else f"/{code}"


def _words(key, code, **params):
    """A catalog sentence as a pattern: its placeholders match any text."""
    marker = "\u0000"
    text = translate(key, code, **{name: marker for name in params})
    return re.compile(".+".join(re.escape(part) for part in str(text).split(marker)))


def _open(new_page, *, width=1280, scheme="light", **options):
    size = {"width": width, "height": 900}
    if width < 640:
        size = {"width": width, "height": 812, "has_touch": True, "is_mobile": True}
    return new_page(color_scheme=scheme, **size, **options)


def _in_its_language(page, code):
    """The page is in ``code``, its direction too, and shows words only: no catalog key left
    raw, and on a page not in English no English sentence of checkout's catalogs (the words of
    one that is said alike in both, such as a name, do not count)."""
    html = page.locator("html")
    expect(html).to_have_attribute("lang", code)
    expect(html).to_have_attribute("dir", "rtl" if code in ("he", "ar") else "ltr")
    text = page.locator("body").inner_text()
    raw = CATALOG_KEYS.search(text)
    assert raw is None, f"a catalog key shown raw: {raw.group(0)}"
    if code != "en":
        english = [part for part in _english_parts(code) if part in text]
        assert english == [], f"English left on a {code} page: {english}"


def _english_parts(code):
    """The English sentences of checkout's catalogs that ``code`` says otherwise, as the
    stretches of text between their placeholders (twelve characters or more)."""
    theirs = flatten(messages(code))
    parts = []
    for key, english in flatten(messages("en")).items():
        if key.split(".")[0] in ("book", "pay", "transaction") and theirs.get(key) != english:
            stretches = PLACEHOLDER_RE.sub("\0", english).split("\0")
            parts += [part.strip() for part in stretches if len(part.strip()) >= 12]
    return parts


def _fits(page, width):
    """Nothing runs off the side of the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def choose_first_offer(page, server_url, code="en", *, after=45):
    """The hotel page with dates that it sells, and its first offer's "Choose": /book."""
    check_in, check_out = open_stay(HOTEL, after=after, nights=2, rooms=1)
    page.goto(f"{server_url}{_prefix(code)}{HOTEL}?check_in={check_in}&check_out={check_out}")
    choose = page.locator(".offer__choose").first
    choose.hover()  # the pointer on its way: /book is never fetched ahead (it holds the offer)
    assert page.locator('link[rel=prefetch][href*="/book"]').count() == 0
    with page.expect_navigation():
        choose.click()
    assert re.search(rf"{_prefix(code)}/book\?offer=", page.url), page.url
    expect(page.locator(".book__hotel-name")).to_have_text(HOTEL_NAME)
    assert Prebook.objects.count() == 1  # one hold at the provider for one choice


def fill_details(page, guest=GUEST, *, keyboard=True):
    """The guest's details, typed as a person does: Tab from field to field (the country's
    select chosen from its list)."""
    fields = ["first_name", "last_name", "email", "country", "phone"]
    fields += ["room1_first_name", "room1_last_name", "special_requests"]
    if not keyboard:
        for name in fields:
            field = page.locator(f"#guest-{name}")
            if name == "country":
                field.select_option(guest[name])
            else:
                field.fill(guest[name])
        return
    tab_to(page, page.locator("#guest-first_name"))
    for name in fields:
        field = page.locator(f"#guest-{name}")
        expect(field).to_be_focused()
        if name == "country":
            field.select_option(guest[name])
        else:
            page.keyboard.press("ControlOrMeta+a")
            page.keyboard.type(guest[name])
        page.keyboard.press("Tab")
    expect(page.locator(".guest-form button[type=submit]")).to_be_focused()


def continue_to_pay(page):
    with page.expect_navigation(url=re.compile(r"/pay\?transaction=")):
        page.locator(".guest-form button[type=submit]").click()


def to_provider(page):
    """/pay's button: the provider's page, on the sandbox's origin."""
    with page.expect_navigation(url=re.compile(r"/pay/[\w-]+")):
        page.locator(".pay__card form button").click()


def pay_with(page, number, *, double_click=False):
    page.locator("#number").fill(number)
    page.locator("#expiry").fill("12/30")
    page.locator("#cvc").fill("123")
    page.locator("#name").fill("Ada Lovelace")
    button = page.locator("[data-pay-button]")
    if double_click:
        button.dblclick()
    else:
        button.click()


def wait_for_outcome(page, outcome="success"):
    page.wait_for_url(re.compile(rf"/transaction/[0-9a-f-]{{36}}/{outcome}$"))


def _counts():
    return {
        "transactions": Transaction.objects.count(),
        "payments": Payment.objects.count(),
        "bookings": Booking.objects.count(),
        "charges": Charge.objects.count(),
    }


def assert_booked_page(page, code, booking):
    """The success page as a person reads it: the title, the reference the provider gave, the
    hotel and what was paid, in the page's language and direction."""
    _in_its_language(page, code)
    expect(page.locator(".status-panel__title")).to_have_text(
        translate("transaction.booked_title", code)
    )
    facts = page.locator(".transaction__facts")
    reference = facts.locator(".book__total dd")
    expect(reference).to_have_text(booking.reference)
    expect(facts).to_contain_text(HOTEL_NAME)
    expect(facts).to_contain_text(translate("transaction.reference", code))
    paid = format_money(booking.total_paid, booking.currency, code)
    expect(facts).to_contain_text(paid)


# ----- 1. the journey in four languages, on a desktop and a phone, light and dark -----


@pytest.mark.parametrize(("code", "width", "scheme"), LOOKS)
def test_a_guest_books_and_pays_in_their_language(new_page, server_url, code, width, scheme):
    page = _open(new_page, width=width, scheme=scheme)
    choose_first_offer(page, server_url, code)
    # The price held, and how long for: the countdown ticks in the page's words.
    total = page.locator(".book__price .book__total dd").inner_text()
    countdown = mounted(page, "HoldCountdown").locator("p[aria-hidden=true]")
    expect(countdown).to_have_text(_words("book.countdown", code, time=True))
    if code != "en":
        assert not _words("book.countdown", "en", time=True).search(countdown.inner_text())
    ticking = countdown.inner_text()
    expect(countdown).not_to_have_text(ticking, timeout=3000)  # a second later, another time
    _in_its_language(page, code)
    _fits(page, width)
    _shot(page, f"1-book-{code}-{width}-{scheme}")

    fill_details(page)
    page.keyboard.press("Enter")  # the focus is on "Continue to payment"
    page.wait_for_url(re.compile(r"/pay\?transaction="))
    pay_card = page.locator(".pay__card")
    expect(pay_card.locator("dd")).to_have_text(total)  # what is charged is what was held
    expect(page.locator(".pay__card form button")).to_have_text(
        translate("pay.button", code, amount=total)
    )
    mounted(page, "HoldCountdown")
    _in_its_language(page, code)
    _fits(page, width)
    _shot(page, f"1-pay-{code}-{width}-{scheme}")

    to_provider(page)
    expect(page.locator("html")).to_have_attribute("lang", code)
    _shot(page, f"1-provider-{code}-{width}-{scheme}")
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    booking = Booking.objects.get()
    assert_booked_page(page, code, booking)
    expect(page.locator(".transaction__facts")).to_contain_text(total)
    _fits(page, width)
    _shot(page, f"1-success-{code}-{width}-{scheme}")
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 1, "charges": 1}
    assert Transaction.objects.get().booking_reference == booking.reference
    assert booking.locale == code and booking.holder["email"] == GUEST["email"]


# ----- 2. a declined card, then another try -----


def test_a_declined_card_says_so_and_the_next_try_books_once(new_page, server_url):
    page = _open(new_page)
    choose_first_offer(page, server_url)
    total = page.locator(".book__price .book__total dd").inner_text()
    fill_details(page)
    continue_to_pay(page)
    to_provider(page)
    pay_with(page, DECLINED)
    wait_for_outcome(page, "error")
    panel = page.locator(".status-panel")
    expect(panel.locator("h1")).to_have_text(translate("transaction.failed_title", "en"))
    expect(panel.get_by_role("alert")).to_have_text(
        "Your card was declined. Please try another card."
    )
    expect(panel).to_contain_text("You have not been charged.")
    _shot(page, "2-declined")
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 0, "charges": 0}

    retry = panel.get_by_role("button", name=f"Try again and pay {total}")
    with page.expect_navigation(url=re.compile(r"/pay\?transaction=")):
        retry.click()
    to_provider(page)
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    assert_booked_page(page, "en", Booking.objects.get())
    assert _counts() == {"transactions": 1, "payments": 2, "bookings": 1, "charges": 1}
    sale = Transaction.objects.get()
    assert sale.state == Transaction.BOOKED and sale.attempt == 2


# ----- 3. 3-D Secure, in Hebrew on a phone -----


def test_a_3d_secure_challenge_is_authorized_and_books(new_page, server_url):
    from storefront.sandbox.booking.page import words as provider_words

    page = _open(new_page, width=375)
    choose_first_offer(page, server_url, "he")
    fill_details(page)
    continue_to_pay(page)
    to_provider(page)
    pay_with(page, CHALLENGE)
    page.wait_for_url(re.compile(r"/pay/[\w-]+/challenge$"))
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    _shot(page, "3-challenge-he")
    assert _counts()["charges"] == 0
    page.get_by_role("button", name=provider_words("he")["authorize"]).click()
    wait_for_outcome(page)
    assert_booked_page(page, "he", Booking.objects.get())
    _fits(page, 375)
    _shot(page, "3-success-he")
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 1, "charges": 1}


# ----- 4. twice: the details, Pay, and the back button after paying -----


def test_clicking_twice_or_going_back_books_and_charges_once(new_page, server_url):
    page = _open(new_page)
    choose_first_offer(page, server_url)
    fill_details(page)
    # A double click may post the form twice (the first navigation then aborted): either way
    # the visitor lands on one /pay.
    page.locator(".guest-form button[type=submit]").dblclick()
    page.wait_for_url(re.compile(r"/pay\?transaction="))
    pay_url = page.url
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 0, "charges": 0}
    # Back to the details, and posted again: the same transaction, the same payment.
    page.go_back()
    page.wait_for_url(re.compile(r"/book\?offer="))
    fill_details(page, keyboard=False)
    with page.expect_navigation(url=pay_url):
        page.locator(".guest-form button[type=submit]").click()
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 0, "charges": 0}

    to_provider(page)
    pay_with(page, APPROVED, double_click=True)
    wait_for_outcome(page)
    booking = Booking.objects.get()
    assert_booked_page(page, "en", booking)
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 1, "charges": 1}

    # Back from the success page to the details, and the form sent again: no second booking.
    for _ in range(6):
        page.go_back()
        if "/book?" in page.url:
            break
    assert "/book?" in page.url, page.url
    _shot(page, "4-back-to-book")
    # Back on /book after booking: the page leads to the booking, and offers no second one.
    expect(page.get_by_text(booking.reference, exact=False).first).to_be_visible()
    assert page.locator(".guest-form").count() == 0
    page.get_by_role("link", name=translate("book.see_booking", "en")).click()
    page.wait_for_url(re.compile(r"/transaction/[0-9a-f-]+/success"))
    assert Booking.objects.get() == booking and Charge.objects.count() == 1


# ----- 5. without JavaScript -----


def test_the_whole_journey_works_without_javascript(new_page, server_url):
    page = _open(new_page, java_script_enabled=False)
    choose_first_offer(page, server_url)
    hold = page.locator(".book__price .book__hold")
    expect(hold).to_have_text(_words("book.hold_until", "en", time=True))
    assert hold.inner_text().startswith("We hold this price for you until ")
    total = page.locator(".book__price .book__total dd").inner_text()
    fill_details(page, keyboard=False)
    continue_to_pay(page)
    expect(page.locator(".pay__card .book__hold")).to_contain_text(
        "We hold this price for you until"
    )
    expect(page.locator(".pay__card dd")).to_have_text(total)
    to_provider(page)
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    assert_booked_page(page, "en", Booking.objects.get())
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 1, "charges": 1}


# ----- 6. the hold runs out while paying -----


def _dearer(original, factor=Decimal("1.1")):
    """The sandbox's held price, ``factor`` times dearer (its own rounding)."""

    def up(value):
        return float((Decimal(str(value)) * factor).quantize(Decimal("0.01")))

    def held_price(price, **kwargs):
        price = original(price, **kwargs)
        items = [{**item, "amount": up(item["amount"])} for item in price["items"]]
        net = up(price["net"])
        gross = Decimal(str(net)) + sum(
            (Decimal(str(i["amount"])) for i in items if i["included"]), Decimal(0)
        )
        return {
            **price,
            "net": net,
            "net_per_night": up(price["net_per_night"]),
            "items": items,
            "gross": float(gross),
            "gross_per_night": up(price["gross_per_night"]),
        }

    return held_price


def test_a_hold_that_runs_out_says_so_and_the_new_price_is_said(new_page, server_url, monkeypatch):
    from storefront.sandbox.booking import services as sandbox_services

    page = _open(new_page)
    page.clock.install()
    choose_first_offer(page, server_url)
    was = page.locator(".book__price .book__total dd").inner_text()
    fill_details(page)
    continue_to_pay(page)
    island = mounted(page, "HoldCountdown")
    countdown = island.locator("p[aria-hidden=true]")
    expect(countdown).to_have_text(re.compile(r"held for you for 1[45]:\d\d more"))
    status = island.get_by_role("status")
    expect(status).to_have_text("")
    # Ten minutes later: five minutes left, said politely; then the last minute.
    page.clock.fast_forward("10:30")
    expect(status).to_have_text("Five minutes left to pay at this price.")
    expect(countdown).to_have_text(re.compile(r"for [34]:\d\d more"))
    page.clock.fast_forward("04:00")
    expect(status).to_have_text("One minute left to pay at this price.")
    # The hold runs out, at the provider too; the page says so and offers the price now.
    Prebook.objects.update(expires_at=F("created"))
    page.clock.fast_forward("01:00")
    expect(status).to_have_text(
        "This price is no longer held for you. See the price now before you pay."
    )
    expect(countdown).to_have_count(0)
    reprice = island.get_by_role("link", name="See the price now")
    expect(reprice).to_be_visible()
    _shot(page, "6-pay-hold-over")

    # The provider's price is now dearer: following the link holds it anew, and says so first.
    monkeypatch.setattr(sandbox_services, "held_price", _dearer(sandbox_services.held_price))
    page.clock.set_system_time(time.time())  # the page's clock back to the provider's
    with page.expect_navigation(url=re.compile(r"/book\?offer=")):
        reprice.click()
    # A new hold, its countdown from the start.
    countdown = mounted(page, "HoldCountdown").locator("p[aria-hidden=true]")
    expect(countdown).to_have_text(re.compile(r"held for you for 1[45]:\d\d more"))
    now = page.locator(".book__price .book__total dd").inner_text()
    assert now != was
    notice = page.locator(".notice").first
    expect(notice).to_have_text(
        f"The price we held for you ran out. The price now is {now}; it was {was}."
    )
    _shot(page, "6-book-repriced")
    assert Prebook.objects.count() == 2
    # And the new price is the one paid.
    fill_details(page, keyboard=False)
    continue_to_pay(page)
    expect(page.locator(".pay__card dd")).to_have_text(now)
    to_provider(page)
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    booking = Booking.objects.get()
    assert_booked_page(page, "en", booking)
    assert format_money(booking.total_paid, booking.currency, "en") == now
    assert _counts()["bookings"] == 1 and _counts()["charges"] == 1


# ----- 7. axe on /book (its errors shown), /pay and the outcome -----


@pytest.mark.parametrize(("code", "width", "scheme"), [("en", 1280, "light"), ("he", 375, "dark")])
def test_checkout_pages_have_no_axe_violations(new_page, server_url, code, width, scheme):
    page = _open(new_page, width=width, scheme=scheme, bypass_csp=True)
    choose_first_offer(page, server_url, code)
    with page.expect_navigation():  # a plain POST (novalidate): the server answers the errors
        page.locator(".guest-form button[type=submit]").click()  # every field empty
    summary = page.locator("#guest-errors")
    expect(summary).to_have_text(translate("book.errors_summary", code))
    expect(page.locator("#guest-first_name")).to_have_attribute("aria-invalid", "true")
    problems = {"book": axe_violations(page)}
    _shot(page, f"7-book-errors-{code}")
    fill_details(page, keyboard=False)
    continue_to_pay(page)
    mounted(page, "HoldCountdown")
    problems["pay"] = axe_violations(page)
    to_provider(page)
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    problems["success"] = axe_violations(page)
    assert problems == {"book": [], "pay": [], "success": []}


# ----- 8. logged in -----


def test_a_logged_in_traveller_finds_their_details_and_the_booking_is_theirs(new_page, server_url):
    from storefront.sandbox.models import Account

    page = _open(new_page)
    log_in(page, server_url, "power@example.com")
    choose_first_offer(page, server_url)
    # The account's name and email are there already; the rest is typed.
    expect(page.locator("#guest-first_name")).to_have_value("Pat")
    expect(page.locator("#guest-last_name")).to_have_value("Power")
    expect(page.locator("#guest-email")).to_have_value("power@example.com")
    _shot(page, "8-book-logged-in")
    page.locator("#guest-country").select_option("GB")
    tab_to(page, page.locator("#guest-phone"))
    page.keyboard.type("20 7946 0958")
    page.keyboard.press("Tab")
    page.keyboard.type("Pat")
    page.keyboard.press("Tab")
    page.keyboard.type("Power")
    continue_to_pay(page)
    to_provider(page)
    pay_with(page, APPROVED)
    wait_for_outcome(page)
    booking = Booking.objects.get()
    assert_booked_page(page, "en", booking)
    account = Account.objects.get(email="power@example.com")
    assert booking.account_id == account.id and booking.holder["email"] == "power@example.com"
    assert Transaction.objects.get().account_id == str(account.id)
    assert _counts() == {"transactions": 1, "payments": 1, "bookings": 1, "charges": 1}
    # The same account on another device (another session) sees the outcome; nobody else does.
    success = page.url
    other = _open(new_page)
    log_in(other, server_url, "power@example.com")
    other.goto(success)
    assert_booked_page(other, "en", booking)
    stranger = _open(new_page)
    log_in(stranger, server_url, "traveller@example.com")
    assert stranger.goto(success).status == 404
    # The booking is in the account's My Reservations; its page cancels it, free, once.
    page.goto(f"{server_url}/account/reservations")
    card = page.locator(".reservation-card", has_text=booking.reference)
    expect(card).to_contain_text(translate("reservations.status.confirmed", "en"))
    with page.expect_navigation():
        card.locator(".reservation-card__open").click()
    expect(page.locator(".reservation")).to_contain_text(booking.reference)
    with page.expect_navigation():
        page.get_by_role("link", name=translate("reservations.cancel.start", "en")).click()
    with page.expect_navigation():
        page.get_by_role("button", name=translate("reservations.cancel.confirm", "en")).click()
    expect(page.locator(".notice--success")).to_contain_text(booking.holder["email"])
    booking.refresh_from_db()
    assert booking.status == Booking.CANCELLED and booking.penalty == 0
