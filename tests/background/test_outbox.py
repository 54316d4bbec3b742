"""The generic outbox (storefront/background/outbox.py), through a test outbox on the leads'
table whose work the test decides: one attempt holds a row at a time; what ``deliver`` raises
decides the row's fate (``Retry``: later, with backoff; ``Reject``: never; anything else: later,
and raised); an expired row is not attempted; the sweep queues what nobody will attempt, once per
grace; the worker runs what is queued; ``manage.py sweep_outbox`` sweeps every registered
outbox, ``send_leads`` the leads' only."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from storefront.background import outbox
from storefront.background.outbox import Outbox, Reject, Retry
from storefront.leads.models import Lead
from storefront.sandbox.models import Lead as ProviderLead


class Work:
    """What the test outbox's ``deliver`` does: records each item, then raises ``fail``."""

    def __init__(self):
        self.done, self.fail = [], None

    def __call__(self, item, *, inline):
        self.done.append((item.pk, inline))
        if self.fail is not None:
            raise self.fail


@pytest.fixture
def work():
    return Work()


@pytest.fixture
def box(work, monkeypatch):
    """An outbox named "test" over the leads' table and timings, registered for this test."""
    made = Outbox("test", Lead, work, settings_prefix="LEADS")
    monkeypatch.setitem(outbox._registry, "test", made)
    return made


def row(n=0, **fields) -> Lead:
    return Lead.objects.create(
        **{
            "key": f"outbox-test-{n:04d}-abcdef",
            "name": "x",
            "email": f"x{n}@example.com",
            "country": "IL",
            "calling_code": "972",
            "phone": "501234567",
            "locale": "en",
            "expires_at": timezone.now() + timedelta(hours=1),
            **fields,
        }
    )


def run_worker():
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def test_a_delivered_row_is_sent_once(box, work):
    item = row()
    attempt = box.attempt(item.pk, inline=True)
    assert attempt.result == "sent" and not attempt.failed and work.done == [(item.pk, True)]
    item.refresh_from_db()
    assert (item.status, item.attempts, item.lease_until) == (Lead.SENT, 1, None)
    assert item.sent_at is not None and item.updated_at >= item.sent_at
    assert box.attempt(item.pk).result == "busy" and len(work.done) == 1  # done already
    assert box.attempt(10**9).result == "gone"


def test_one_attempt_holds_a_row_until_its_lease_runs_out(box, settings):
    item = row()
    assert box.claim(item.pk) is not None
    assert box.claim(item.pk) is None  # a second worker, or the visitor's request
    Lead.objects.filter(pk=item.pk).update(lease_until=timezone.now() - timedelta(seconds=1))
    assert box.claim(item.pk).status == Lead.SENDING  # its worker died: another may take it


def test_retry_waits_longer_after_each_failure_up_to_the_longest(box, work, settings):
    settings.LEADS_RETRY_FIRST_SECONDS, settings.LEADS_RETRY_LONGEST_SECONDS = 15, 1800
    waits = [box.retry_delay(n).total_seconds() for n in range(1, 10)]
    assert waits == [15, 30, 60, 120, 240, 480, 960, 1800, 1800]
    item = row()
    work.fail = Retry("Unavailable: try later")
    before = timezone.now()
    attempt = box.attempt(item.pk)
    assert attempt.result == "retry" and attempt.failed
    item.refresh_from_db()
    assert (item.status, item.attempts, item.last_error) == (
        Lead.PENDING,
        1,
        "Unavailable: try later",
    )
    assert item.next_attempt_at >= before + timedelta(seconds=15)
    box.attempt(item.pk)
    item.refresh_from_db()
    assert item.attempts == 2 and item.next_attempt_at >= before + timedelta(seconds=30)


def test_a_rejected_row_is_never_tried_again_and_its_detail_comes_back(box, work):
    item = row()
    work.fail = Reject("{'email': ['bounced']}", detail={"email": ["bounced"]})
    attempt = box.attempt(item.pk)
    assert attempt.result == "rejected" and not attempt.failed
    assert attempt.error.detail == {"email": ["bounced"]}
    item.refresh_from_db()
    assert (item.status, item.attempts, item.last_error) == (
        Lead.REJECTED,
        1,
        "{'email': ['bounced']}",
    )
    assert box.attempt(item.pk).result == "busy" and len(work.done) == 1


def test_an_unexpected_error_is_raised_and_the_row_is_tried_again(box, work):
    item = row()
    work.fail = KeyError("bug")
    with pytest.raises(KeyError):
        box.attempt(item.pk)
    item.refresh_from_db()
    assert (item.status, item.attempts, item.lease_until) == (Lead.PENDING, 1, None)
    assert item.last_error == "KeyError: 'bug'"


def test_an_expired_row_is_not_attempted(box, work):
    item = row(expires_at=timezone.now() - timedelta(seconds=1))
    assert box.attempt(item.pk).result == "expired" and work.done == []
    assert Lead.objects.get().status == Lead.EXPIRED


def test_a_failed_row_is_queued_and_the_worker_delivers_it(box, work, settings):
    settings.LEADS_RETRY_FIRST_SECONDS = 0
    items = [row(n) for n in range(3)]
    work.fail = Retry("down")
    for item in items:
        box.attempt(item.pk, inline=True)
    work.fail = None
    run_worker()
    assert Lead.objects.filter(status=Lead.SENT).count() == 3
    assert sorted(work.done[3:]) == [(item.pk, False) for item in items]


def test_the_sweep_queues_what_nobody_will_attempt_once_per_grace(box, work, settings):
    settings.LEADS_SWEEP_GRACE_SECONDS = 120
    now = timezone.now()
    old = now - timedelta(minutes=3)
    lost = row(0, next_attempt_at=old)  # its queued attempt was lost
    never = row(1)  # its request died before the first attempt
    Lead.objects.filter(pk=never.pk).update(created_at=old)
    died = row(2, status=Lead.SENDING, lease_until=now - timedelta(seconds=1))  # worker killed
    row(3, next_attempt_at=now + timedelta(minutes=1))  # its retry is still to come
    row(4, status=Lead.SENDING, lease_until=now + timedelta(minutes=1))  # being sent now
    row(5, status=Lead.SENT, sent_at=old)
    assert box.sweep() == 3
    assert box.sweep() == 0  # each one is due now: the next sweep leaves it to its task
    assert Lead.objects.get(pk=died.pk).status == Lead.PENDING
    run_worker()
    delivered = {pk for pk, _inline in work.done}
    assert delivered == {lost.pk, never.pk, died.pk}
    assert Lead.objects.filter(status=Lead.SENT).count() == 4


def test_operators_send_again_what_was_not_sent(box, work):
    rejected, sent = row(0, status=Lead.REJECTED), row(1, status=Lead.SENT)
    assert box.requeue(Lead.objects.all(), expires_at=timezone.now() + timedelta(hours=24)) == 1
    run_worker()
    assert work.done == [(rejected.pk, False)]
    assert Lead.objects.get(pk=rejected.pk).status == Lead.SENT
    assert Lead.objects.get(pk=sent.pk).attempts == 0


def test_the_sweep_command_sweeps_every_registered_outbox(box, settings):
    settings.LEADS_SWEEP_GRACE_SECONDS = 0
    row(0, next_attempt_at=timezone.now() - timedelta(seconds=1))
    assert {each.name for each in outbox.registered()} >= {"leads", "test"}
    out = StringIO()
    call_command("sweep_outbox", "test", stdout=out)
    assert out.getvalue() == "test: 1 queued\n"
    out = StringIO()
    call_command("sweep_outbox", stdout=out)  # every outbox: the row is due now, and grace 0
    assert "leads: 1 queued\n" in out.getvalue() and "test: 1 queued\n" in out.getvalue()
    out = StringIO()
    call_command("send_leads", stdout=out)  # the leads' only, as before
    assert out.getvalue() == "1 lead(s) queued\n"
    with pytest.raises(CommandError, match="no outbox named 'nothing'"):
        call_command("sweep_outbox", "nothing")


def test_two_outboxes_of_one_name_are_refused(box):
    with pytest.raises(ValueError, match="two outboxes named 'test'"):
        outbox.register(Outbox("test", ProviderLead, print, settings_prefix="LEADS"))
