"""Nothing lost across real processes (issue 33, item 6): a traveller pays on the provider's page,
and neither the return nor the webhook ever reaches us (our web process is killed between the
charge and the redirect, and the provider's webhooks fail). The settlement written when the
visitor left for the provider is picked up by a task worker in its own process, which asks the
provider: the transaction is booked, the confirmation email goes once, and the visitor who opens
the outcome page later reads the booking. The provider made one booking and one charge.

The processes share one SQLite database, as ``make run`` does (``tests/cluster.py``); the
settlement's first attempt is a few seconds after the visitor left, not a minute."""

import re
import sqlite3
import time
from html import unescape
from urllib.parse import urlsplit

import pytest
import requests

from tests.checkout.guest import GUEST
from tests.cluster import Cluster
from tests.sandbox.payments import APPROVED, post_card
from tests.stays import open_stay

HOTEL = "/hotels/spain/barcelona/metropole-sands"
RECONCILED_SECONDS = 120
TIMEOUT = 30


@pytest.fixture
def cluster(tmp_path):
    cluster = Cluster(tmp_path)
    try:
        sandbox = cluster.start_backends()
        cluster.start_webs(
            sandbox,
            webs=1,
            PAGE_BUDGET_SECONDS="30",
            UPSTREAM_READ_TIMEOUT="30",
            CHECKOUT_SETTLE_FIRST_SECONDS="3",
            CHECKOUT_SETTLE_RETRY_FIRST_SECONDS="2",
            CHECKOUT_SETTLE_RETRY_LONGEST_SECONDS="5",
            EMAIL_URL=f"filemail://{tmp_path / 'mail'}",
        )
        cluster.sandbox = sandbox
        yield cluster
    except BaseException:
        print(cluster.logs())
        raise
    finally:
        cluster.close()


def _row(cluster, sql: str, *args):
    with sqlite3.connect(str(cluster.workdir / "db.sqlite3"), timeout=30) as conn:
        return conn.execute(sql, args).fetchone()


def test_a_payment_whose_return_was_killed_is_booked_and_confirmed_by_the_worker(cluster):
    requests.post(
        f"{cluster.sandbox}/sandbox/payments-mode", json={"mode": "webhook-fail"}, timeout=TIMEOUT
    )
    web = cluster.web[0]
    counts = "select (select count(*) from sandbox_booking), (select count(*) from sandbox_charge)"
    bookings, charges = _row(cluster, counts)  # the demo data's
    visitor = requests.Session()
    check_in, check_out = open_stay(HOTEL, after=50, nights=2, rooms=1)
    hotel = visitor.get(f"{web}{HOTEL}?check_in={check_in}&check_out={check_out}", timeout=TIMEOUT)
    book_url = web + unescape(re.findall(r'href="[^"]*?(/book\?[^"]+)"', hotel.text)[0])
    book = visitor.get(book_url, timeout=TIMEOUT)
    held = re.search(r'name="held" value="([^"]+)"', book.text).group(1)
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', book.text)
    form = {**GUEST, "held": held, **({"csrfmiddlewaretoken": csrf.group(1)} if csrf else {})}
    posted = visitor.post(
        book_url, data=form, allow_redirects=False, timeout=TIMEOUT, headers={"Referer": book_url}
    )
    assert posted.status_code == 302, posted.text[:2000]
    uuid = re.search(r"transaction=([0-9a-f-]{36})", posted.headers["Location"]).group(1)
    pay = visitor.get(web + urlsplit(posted.headers["Location"]).path + "?transaction=" + uuid)
    provider_page = unescape(re.search(r'<form method="get" action="([^"]+)"', pay.text).group(1))

    cluster.kill("web0")  # our process dies while the visitor is on the provider's page
    answer = post_card(provider_page, APPROVED)
    assert answer.status_code == 303  # charged; the redirect home goes nowhere
    web = cluster.start_web(0)
    cluster.start_process("worker", "db_worker", "--no-reload", "--interval", "0.5")

    deadline = time.monotonic() + RECONCILED_SECONDS
    state, reference, sent = _row(
        cluster,
        "select state, booking_reference, confirmation_sent_at from checkout_transaction",
    )
    while (state != "booked" or sent is None) and time.monotonic() < deadline:
        time.sleep(0.5)
        state, reference, sent = _row(
            cluster,
            "select state, booking_reference, confirmation_sent_at from checkout_transaction",
        )
    assert state == "booked" and sent is not None, cluster.logs()

    # The provider booked and charged once; the email went once, with the reference.
    assert _row(cluster, counts) == (bookings + 1, charges + 1)
    mails = list((cluster.workdir / "mail").glob("*"))
    assert len(mails) == 1
    assert reference in mails[0].read_text(errors="replace")
    # The visitor comes back later (same browser) and reads their booking.
    outcome = visitor.get(f"{web}/transaction/{uuid}/success", timeout=TIMEOUT)
    assert outcome.status_code == 200 and reference in outcome.text
