"""What the storefront keeps of a sale (DESIGN 15): one ``Transaction`` per checkout, and only
what it must: the provider's prebook, payment and booking ids, the price as shown, who may see
it (the session that made it, or its account), the brand and fid it was sold under, its locale
and where it stands. Card data never reaches us; the guest's details are sent to the provider
and kept here only as far as the confirmation page and email need them.

One transaction is one booking and at most one charge: its payment is started with the
transaction's own idempotency key (a retried start is the same payment), ``payment_id`` and
``booking_id`` are unique, and every change of state is a conditional update from the state it
expects (``services.py``), so a double click, a reload, a replayed return or webhook, or a
retried request finds the work done and changes nothing.
"""

import uuid

from django.db import models

from storefront.background.outbox import OutboxItem


class Transaction(models.Model):
    STARTED, PAYING, BOOKED, FAILED, EXPIRED = "started", "paying", "booked", "failed", "expired"
    STATES = [
        (STARTED, "Details taken, payment not started"),
        (PAYING, "Sent to the provider's payment page"),
        (BOOKED, "Paid and booked"),
        (FAILED, "Payment failed or cancelled"),
        (EXPIRED, "The hold ran out unpaid"),
    ]

    uuid = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    state = models.CharField(max_length=10, choices=STATES, default=STARTED, db_index=True)
    # The provider's side: one prebook sold once, one payment, one booking.
    prebook_id = models.CharField(max_length=64, unique=True)
    offer_id = models.CharField(max_length=200)
    hold_expires_at = models.DateTimeField()
    # The payment now in hand: a declined card may be tried again against the same hold, as a
    # new payment under the next attempt's key (``payment_key``); only one can take money.
    payment_id = models.CharField(max_length=64, unique=True, null=True, blank=True)
    payment_url = models.URLField(max_length=500, blank=True)
    attempt = models.PositiveSmallIntegerField(default=1)
    booking_id = models.CharField(max_length=64, unique=True, null=True, blank=True)
    booking_reference = models.CharField(max_length=32, blank=True)
    failure = models.CharField(max_length=40, blank=True)  # the provider's code, when failed
    # The sale as the visitor saw it (the held price): what is paid now and at the hotel.
    currency = models.CharField(max_length=3)
    pay_now = models.DecimalField(max_digits=14, decimal_places=2)
    pay_at_hotel = models.DecimalField(max_digits=14, decimal_places=2, default=0)
    hotel_id = models.PositiveBigIntegerField()
    summary = models.JSONField(default=dict)  # hotel, room, stay, guests: the pages' words
    # Who it belongs to and how it was sold.
    session_key = models.CharField(max_length=64, db_index=True)  # our visitor's checkout key
    account_id = models.CharField(max_length=64, blank=True, db_index=True)  # provider user
    email = models.EmailField()
    holder_name = models.CharField(max_length=200)
    locale = models.CharField(max_length=10)
    host = models.CharField(max_length=253)
    fid = models.PositiveIntegerField(default=1)
    confirmation_sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.uuid} ({self.state})"

    @property
    def payment_key(self) -> str:
        """The ``Idempotency-Key`` of this attempt's payment: a retried start is the same one."""
        return f"{self.uuid}-{self.attempt}"


class Settlement(OutboxItem):
    """Asking the provider how a payment ended, for a transaction whose visitor may never come
    back (the browser closed, the return lost, the provider slow): one row per payment attempt
    (``key``), written when the visitor leaves for the provider's page and attempted until the
    transaction is booked or failed (``services.SETTLEMENTS``)."""

    sale = models.ForeignKey(Transaction, on_delete=models.CASCADE, related_name="settlements")
    key = models.CharField(max_length=64, unique=True)  # the payment's idempotency key

    def __str__(self):
        return f"settle {self.key} ({self.status})"


class Confirmation(OutboxItem):
    """The confirmation email of a booked transaction: one row a transaction (never sent twice),
    written when it is booked and sent by the outbox (``services.CONFIRMATIONS``)."""

    sale = models.OneToOneField(Transaction, on_delete=models.CASCADE, related_name="confirmation")

    def __str__(self):
        return f"confirm {self.sale_id} ({self.status})"
