"""The contact form's outbox: every message a visitor sends from ``/contact-support`` is
written here first, then delivered (``services.send``) to the provider's ``POST
/v3/support/messages`` or by email (``CONTACT_DESTINATION``) through the generic outbox
(``storefront.background.outbox``): inline when the destination answers at once, else by a
background task that retries with backoff until it is delivered or expires.

No message is lost: the row exists before anything is sent. The form's key is unique here and is
the provider's ``Idempotency-Key``, so a second post of the same form, or a send whose answer was
lost, makes one message.
"""

from django.db import models

from storefront.background.outbox import OutboxItem


class ContactMessage(OutboxItem):
    """A visitor's message and where its delivery stands (status, attempts, next attempt,
    lease, last error, created, sent, expiry: ``OutboxItem``'s fields)."""

    BOOKING, PAYMENT, CANCELLATION, ACCOUNT, OTHER = (
        "booking",
        "payment",
        "cancellation",
        "account",
        "other",
    )
    TOPICS = [
        (BOOKING, "A booking"),
        (PAYMENT, "A payment"),
        (CANCELLATION, "A cancellation"),
        (ACCOUNT, "My account"),
        (OTHER, "Something else"),
    ]
    MESSAGE_LIMIT = 5000

    key = models.CharField(max_length=64, unique=True)  # the form's idempotency key
    name = models.CharField(max_length=120)
    email = models.EmailField(max_length=254, db_index=True)
    reference = models.CharField(max_length=32, blank=True)  # a booking reference, if given
    topic = models.CharField(max_length=16, choices=TOPICS)
    message = models.TextField(max_length=MESSAGE_LIMIT)
    locale = models.CharField(max_length=8)
    fid = models.PositiveIntegerField(null=True, blank=True)  # the agent's, when the visit had one
    url = models.URLField(max_length=1000, blank=True)  # the page the form was sent from

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.name} <{self.email}>: {self.topic} ({self.status})"
