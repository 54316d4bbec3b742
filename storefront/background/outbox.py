"""The outbox: work that must not be lost, written to a table first, then done by a task.

A concrete model subclasses ``OutboxItem`` (leads today: ``leads.models.Lead``) and an
``Outbox`` names it with the function that does one item's work (its ``deliver``: send a lead to
the provider). The row exists before any task is queued, so a queue that loses a job (emptied,
a worker killed mid-job) loses no work: the sweep queues it again. None is done twice at once:
an attempt first claims its row with one conditional UPDATE (a lease), which two workers, or a
worker and a visitor's request, cannot both win, on SQLite as on PostgreSQL; a ``deliver``
that might still run twice (a lease ran out mid-call) passes a key the other side counts once.

``deliver(item, *, inline)`` returns when the work is done (the row becomes ``sent``), raises
``Reject`` when it never can be (``rejected``), ``Retry`` when not now (``pending``, its next
attempt after ``retry_delay``, queued at once), ``Wait`` when the other side cannot be asked
until a known time (an open circuit breaker: ``pending``, no attempt counted, tried again just
after that time). Any other exception is a retry too, and is
raised again after the row is released. A row whose ``expires_at`` has passed is ``expired``
at its next attempt instead of delivered.

Every attempt runs ``attempt_task`` (Django's task framework: the database queue, or RQ,
``storefront.background.rq``), which names the outbox and the row; ``register`` makes an outbox
known to it and to ``manage.py sweep_outbox``. An outbox reads its timings from settings named
by its prefix: ``<PREFIX>_LEASE_SECONDS``, ``<PREFIX>_RETRY_FIRST_SECONDS``,
``<PREFIX>_RETRY_LONGEST_SECONDS`` and ``<PREFIX>_SWEEP_GRACE_SECONDS`` (``LEADS_*`` for leads).

This package imports no app of the storefront (an import-linter contract in pyproject.toml):
the apps register their outboxes here.
"""

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.tasks import task
from django.utils import timezone

log = logging.getLogger(__name__)

CHUNK = 500  # rows updated by one statement of a sweep


class OutboxItem(models.Model):
    """An item of work and where it stands. Subclasses add what the work needs (a lead's
    fields) and their own ``Meta``; ``expires_at`` is set when the row is written."""

    PENDING, SENDING, SENT, REJECTED, EXPIRED = "pending", "sending", "sent", "rejected", "expired"
    STATUSES = [
        (PENDING, "Pending"),
        (SENDING, "Sending"),
        (SENT, "Sent"),
        (REJECTED, "Rejected by the provider"),
        (EXPIRED, "Expired unsent"),
    ]

    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING, db_index=True)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True, db_index=True)
    lease_until = models.DateTimeField(null=True, blank=True)  # while ``sending``: held until
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Set by every change the outbox makes (queryset updates skip ``auto_now``: it passes it).
    updated_at = models.DateTimeField(auto_now=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField()  # no attempt after this: ``expired``

    class Meta:
        abstract = True


class Retry(Exception):
    """Raised by ``deliver``: not now (the other side is down or slow); its message is kept as
    the row's ``last_error`` and the row is attempted again after ``retry_delay``."""


class Wait(Retry):
    """Raised by ``deliver``: not now, and not because of this item (the way to the other side
    is closed until ``until``, a wall-clock ``datetime``: a circuit breaker is open). The row is
    attempted again soon after ``until`` without spending an attempt, so its backoff does not
    grow while nothing was tried, and it goes out within seconds of the other side's return."""

    def __init__(self, message: str, *, until: datetime):
        super().__init__(message)
        self.until = until


class Reject(Exception):
    """Raised by ``deliver``: never (the other side refuses the item as it is). The message is
    kept as ``last_error``; ``detail`` is handed back to the caller (``Attempt.error``)."""

    def __init__(self, message: str, detail: Any = None):
        super().__init__(message)
        self.detail = detail


@dataclass
class Attempt:
    """What one attempt did. ``result``: ``sent``, ``retry``, ``rejected``, ``expired``, or
    ``busy`` (not claimed: done already, or held by another attempt right now), ``gone`` (no
    such row). ``item``: the row as claimed (or as found, when busy); ``error``: what
    ``deliver`` raised (a ``Retry`` or ``Reject``)."""

    result: str
    item: OutboxItem | None = None
    error: Exception | None = None

    @property
    def failed(self) -> bool:
        """Not done now, and not refused: it waits (``retry``) or waited too long."""
        return self.result in ("retry", "expired")


class Outbox:
    """One kind of outbox item: its model, its ``deliver`` and the prefix of its settings."""

    def __init__(
        self,
        name: str,
        model: type[OutboxItem],
        deliver: Callable[..., Any],
        *,
        settings_prefix: str,
        queue_name: str = "default",
    ):
        self.name, self.model, self.deliver = name, model, deliver
        self.settings_prefix, self.queue_name = settings_prefix, queue_name

    def __repr__(self):
        return f"<Outbox {self.name}: {self.model._meta.label}>"

    def setting(self, name: str) -> float:
        """``<PREFIX>_<NAME>``, read when used (tests and deployments change them)."""
        return getattr(settings, f"{self.settings_prefix}_{name}")

    def retry_delay(self, attempts: int) -> timedelta:
        """The wait after ``attempts`` failed attempts: the first wait, doubling, at most the
        longest (leads: 15 s, 30 s, 1 min ... 30 min)."""
        first, longest = self.setting("RETRY_FIRST_SECONDS"), self.setting("RETRY_LONGEST_SECONDS")
        return timedelta(seconds=min(longest, first * 2 ** max(0, attempts - 1)))

    def _update(self, rows, **values) -> int:
        return rows.update(**values, updated_at=timezone.now())

    def claim(self, pk) -> OutboxItem | None:
        """Take the row for one attempt: one conditional UPDATE (pending, or sending with its
        lease run out), so two attempts never hold it at the same time. None: not taken."""
        now = timezone.now()
        taken = self._update(
            self.model.objects.filter(
                Q(status=OutboxItem.PENDING) | Q(status=OutboxItem.SENDING, lease_until__lt=now),
                pk=pk,
            ),
            status=OutboxItem.SENDING,
            lease_until=now + timedelta(seconds=self.setting("LEASE_SECONDS")),
        )
        return self.model.objects.get(pk=pk) if taken else None

    def attempt(self, pk, *, inline: bool = False) -> Attempt:
        """Claim the row and run ``deliver`` on it once. ``inline``: in a visitor's request
        (``deliver`` keeps to the page's time budget), not in a worker."""
        item = self.claim(pk)
        if item is None:
            found = self.model.objects.filter(pk=pk).first()
            return Attempt("busy" if found else "gone", found)
        rows = self.model.objects.filter(pk=item.pk)
        now = timezone.now()
        if now >= item.expires_at:
            self._update(rows, status=OutboxItem.EXPIRED, lease_until=None)
            return Attempt("expired", item)
        try:
            self.deliver(item, inline=inline)
        except Reject as error:
            self._update(
                rows,
                status=OutboxItem.REJECTED,
                lease_until=None,
                attempts=F("attempts") + 1,
                last_error=str(error)[:2000],
            )
            return Attempt("rejected", item, error)
        except Wait as error:
            self._wait(item, now, error)
            return Attempt("retry", item, error)
        except Exception as error:
            message = str(error) if isinstance(error, Retry) else f"{type(error).__name__}: {error}"
            self._retry_later(item, now, message)
            if not isinstance(error, Retry):
                raise
            return Attempt("retry", item, error)
        self._update(
            rows,
            status=OutboxItem.SENT,
            lease_until=None,
            attempts=F("attempts") + 1,
            sent_at=timezone.now(),
        )
        return Attempt("sent", item)

    def _retry_later(self, item: OutboxItem, now: datetime, message: str) -> None:
        attempts = item.attempts + 1
        when = now + self.retry_delay(attempts)
        self._update(
            self.model.objects.filter(pk=item.pk),
            status=OutboxItem.PENDING,
            lease_until=None,
            attempts=attempts,
            next_attempt_at=when,
            last_error=message[:2000],
        )
        self.schedule(item.pk, when)

    def _wait(self, item: OutboxItem, now: datetime, wait: Wait) -> None:
        # Soon after the way opens again, spread over the first retry delay (so that a thousand
        # waiting rows do not all knock at once), and never later than the backoff it has
        # earned: the attempts count stays as it was.
        first = self.retry_delay(1)
        spread = timedelta(seconds=random.uniform(0, first.total_seconds()))
        when = min(max(wait.until, now) + spread, now + max(first, self.retry_delay(item.attempts)))
        self._update(
            self.model.objects.filter(pk=item.pk),
            status=OutboxItem.PENDING,
            lease_until=None,
            next_attempt_at=when,
            last_error=str(wait)[:2000],
        )
        self.schedule(item.pk, when)

    def schedule(self, pk, when: datetime | None = None) -> None:
        """Queue an attempt (``attempt_task``) at ``when`` (now when None). A queue that is
        down is logged, not raised: the row is there, and the sweep queues it later."""
        try:
            attempt_task.using(run_after=when, queue_name=self.queue_name).enqueue(self.name, pk)
        except Exception:  # noqa: BLE001
            log.exception("%s %s: could not queue its next attempt", self.name, pk)

    def requeue(self, rows, *, expires_at: datetime) -> int:
        """An operator's "send again now": the chosen rows not sent yet become pending, due now,
        with a new expiry, and are queued. The number queued."""
        now = timezone.now()
        chosen = rows.exclude(status=OutboxItem.SENT)
        ids = list(chosen.values_list("pk", flat=True))
        self._update(
            chosen,
            status=OutboxItem.PENDING,
            next_attempt_at=now,
            lease_until=None,
            expires_at=expires_at,
        )
        for pk in ids:
            self.schedule(pk, now)
        return len(ids)

    def sweep(self, now: datetime | None = None) -> int:
        """Queue every row that nobody will attempt otherwise: its retry overdue by more than
        ``<PREFIX>_SWEEP_GRACE_SECONDS`` (the queue lost it, or a worker died before running
        it), an attempt whose lease ran out (a worker died mid-attempt), or a row never tried
        (its request died before the first attempt). Each one queued is marked as due now, so a
        sweep run every few seconds queues it once per grace, not once per run. The number
        queued."""
        now = now or timezone.now()
        overdue = now - timedelta(seconds=self.setting("SWEEP_GRACE_SECONDS"))
        objects = self.model.objects
        due = list(
            objects.filter(
                Q(status=OutboxItem.PENDING, next_attempt_at__lte=overdue)
                | Q(
                    status=OutboxItem.PENDING, next_attempt_at__isnull=True, created_at__lte=overdue
                )
                | Q(status=OutboxItem.SENDING, lease_until__lt=now)
            ).values_list("pk", flat=True)
        )
        for start in range(0, len(due), CHUNK):
            chunk = due[start : start + CHUNK]
            self._update(
                objects.filter(pk__in=chunk, status=OutboxItem.PENDING), next_attempt_at=now
            )
            # A lease that ran out: the attempt died with its worker; the row is pending again.
            self._update(
                objects.filter(pk__in=chunk, status=OutboxItem.SENDING, lease_until__lt=now),
                status=OutboxItem.PENDING,
                lease_until=None,
                next_attempt_at=now,
            )
        for pk in due:
            self.schedule(pk, now)
        return len(due)


_registry: dict[str, Outbox] = {}


def register(outbox: Outbox) -> Outbox:
    """Make the outbox known to ``attempt_task`` and the sweep. An app registers its outboxes
    when it is imported (leads: ``leads.services``, imported by ``LeadsConfig.ready``), so a
    worker knows them too."""
    known = _registry.get(outbox.name)
    if known is not None and known.model is not outbox.model:
        raise ValueError(f"two outboxes named {outbox.name!r}: {known!r} and {outbox!r}")
    _registry[outbox.name] = outbox
    return outbox


def get(name: str) -> Outbox:
    """The registered outbox of that name."""
    try:
        return _registry[name]
    except KeyError:
        raise LookupError(f"no outbox named {name!r} (known: {', '.join(_registry)})") from None


def registered() -> list[Outbox]:
    """Every registered outbox, by name."""
    return [_registry[name] for name in sorted(_registry)]


@task()
def attempt_task(outbox_name: str, pk: int) -> str:
    """One attempt of one row; queued twice, or for a row done already, it does nothing (the
    row is claimed first). Returns what the attempt did (``Attempt.result``)."""
    return get(outbox_name).attempt(pk).result
