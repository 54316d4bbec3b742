"""The lead outbox: every lead a visitor sends is written here first, then delivered to the
provider (``POST /v3/services/proxy``) by ``services.send`` through the generic outbox
(``storefront.background.outbox``): inline when the provider answers at once, else by a
background task that retries with backoff until it is delivered or expires.

No lead is lost: the row exists before anything is sent. None is sent twice: a send first
claims the row (a lease, taken with one conditional UPDATE), and the provider is given the
lead's key as ``Idempotency-Key``, so even a send whose answer was lost counts once.
"""

from django.db import models

from storefront.background.outbox import OutboxItem


class Lead(OutboxItem):
    """A lead and where its delivery stands (status, attempts, next attempt, lease, last error,
    sent, expiry: ``OutboxItem``'s fields)."""

    key = models.CharField(max_length=64, unique=True)  # the form's idempotency key
    name = models.CharField(max_length=120)
    email = models.EmailField(max_length=254, db_index=True)
    country = models.CharField(max_length=2)  # the dial code's country (alpha-2, upper case)
    calling_code = models.CharField(max_length=8)  # digits, "1", "972"
    phone = models.CharField(max_length=20)  # the national number, digits
    locale = models.CharField(max_length=8)
    title = models.CharField(max_length=200, blank=True)
    url = models.URLField(max_length=1000, blank=True)
    fid = models.PositiveIntegerField(default=3)  # the spec's ref and userid

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.name} <{self.email}> ({self.status})"
