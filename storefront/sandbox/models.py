"""What the provider stores, as far as the storefront can see it."""

import secrets

from django.db import models


class Account(models.Model):
    """A provider user. ``plan_id`` not null means agent; options and actions as in /v3/auth."""

    name = models.CharField(max_length=200)
    email = models.EmailField(unique=True)
    password = models.CharField(max_length=200)  # Django password hash
    avatar = models.URLField(blank=True)
    plan_id = models.PositiveIntegerField(null=True, blank=True)
    options = models.JSONField(default=dict, blank=True)  # {"packages": true, ...}
    actions = models.JSONField(default=list, blank=True)  # ["reservations", ...]
    scope = models.CharField(max_length=50, default="user")
    # An agent's fid: the bookings made under it are theirs (GET /v3/agent/bookings).
    fid = models.CharField(max_length=40, blank=True)

    def __str__(self):
        return self.email


class ProviderBrand(models.Model):
    """A brand configuration as /v3/agent/{fid}, /v3/agency/{host} or /v3/white-label/{host}
    returns it. ``config`` holds the spec's white-label fields."""

    AGENT, AGENCY, WHITE_LABEL = "agent", "agency", "white-label"
    KINDS = [
        (AGENT, "agent (by fid)"),
        (AGENCY, "agency (white-label suffix host)"),
        (WHITE_LABEL, "white label (custom host)"),
    ]

    kind = models.CharField(max_length=20, choices=KINDS)
    key = models.CharField(max_length=253, help_text="The fid for agents, else the host name.")
    config = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_brand_key")]

    def __str__(self):
        return f"{self.kind}:{self.key}"


class ProviderSession(models.Model):
    """The provider's cookie session: an XSRF token and, once logged in, the account."""

    key = models.CharField(max_length=64, unique=True, default=secrets.token_urlsafe)
    xsrf_token = models.CharField(max_length=64, default=secrets.token_urlsafe)
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.CASCADE)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"session {self.pk} ({self.account or 'anonymous'})"


class Lead(models.Model):
    """A lead sent through /v3/services/proxy. A request's ``Idempotency-Key`` header is kept:
    the same key again is the same lead (a sender that retries never makes a second one)."""

    payload = models.JSONField()
    key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"lead {self.pk}"


class SupportMessage(models.Model):
    """A message from a storefront's contact form, sent through ``POST /v3/support/messages``.
    Its ``Idempotency-Key`` is kept: the same key again is the same message."""

    payload = models.JSONField()
    key = models.CharField(max_length=100, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"support message {self.pk}"


# --- Booking and payment (docs/provider-booking-api.md, storefront/sandbox/booking/) ----------
# What the provider keeps of a sale: a prebook (an offer re-priced and held), the payments started
# against it, the one charge a payment may make, and the one booking a prebook may become. The
# unique constraints are the guarantee behind "one booking, at most one charge": whatever a
# browser double-posts or a client retries, a second row cannot be written.


class Prebook(models.Model):
    """An offer re-priced and held until ``expires_at``. ``status`` is stored as held or booked;
    a held one past ``expires_at`` reads as expired."""

    HELD, EXPIRED, BOOKED = "held", "expired", "booked"

    public_id = models.CharField(max_length=40, unique=True)  # pb_…
    key = models.CharField(max_length=100, null=True, blank=True, unique=True)  # Idempotency-Key
    request_hash = models.CharField(max_length=64)
    offer_id = models.CharField(max_length=200)
    hotel_id = models.PositiveIntegerField()
    room_id = models.CharField(max_length=40)
    board = models.CharField(max_length=2)
    refundable = models.BooleanField()
    check_in = models.DateField()
    check_out = models.DateField()
    occupancies = models.JSONField()  # [{"adults": 2, "children": [7]}]
    currency = models.CharField(max_length=3)
    guest_country = models.CharField(max_length=2, blank=True)
    price = models.JSONField()  # the offer's itemised price, with pay_now and pay_at_hotel
    cancellation = models.JSONField()  # the offer's steps
    pay_now = models.DecimalField(max_digits=14, decimal_places=3)
    status = models.CharField(max_length=10, default=HELD)
    expires_at = models.DateTimeField()
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.SET_NULL)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.public_id


class Payment(models.Model):
    """A payment started against a prebook, paid on the provider's hosted page (``token``).
    Its ``key`` is the client's Idempotency-Key: the same key is the same payment."""

    PENDING, PROCESSING, SUCCEEDED, FAILED, CANCELLED = (
        "pending",
        "processing",
        "succeeded",
        "failed",
        "cancelled",
    )
    STATUSES = [(s, s) for s in (PENDING, PROCESSING, SUCCEEDED, FAILED, CANCELLED)]

    public_id = models.CharField(max_length=40, unique=True)  # pay_…
    token = models.CharField(max_length=64, unique=True)  # the hosted page's address
    key = models.CharField(max_length=100, unique=True)
    request_hash = models.CharField(max_length=64)
    prebook = models.ForeignKey(Prebook, on_delete=models.CASCADE, related_name="payments")
    status = models.CharField(max_length=10, choices=STATUSES, default=PENDING)
    failure_code = models.CharField(max_length=40, blank=True)
    amount = models.DecimalField(max_digits=14, decimal_places=3)
    currency = models.CharField(max_length=3)
    holder = models.JSONField()
    guests = models.JSONField()
    special_requests = models.TextField(blank=True)
    return_url = models.URLField(max_length=2000)
    webhook_url = models.URLField(max_length=2000, blank=True)
    locale = models.CharField(max_length=10, default="en")
    fid = models.CharField(max_length=40, blank=True)
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.SET_NULL)
    card_brand = models.CharField(max_length=20, blank=True)
    card_last4 = models.CharField(max_length=4, blank=True)
    challenge = models.BooleanField(default=False)  # waiting for its 3-D Secure answer
    processing_until = models.DateTimeField(null=True, blank=True)  # a slow approval's end
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["prebook"],
                condition=models.Q(status="succeeded"),
                name="one_successful_payment_per_prebook",
            )
        ]

    def __str__(self):
        return self.public_id


class Charge(models.Model):
    """Money taken from a card: at most one a payment (``charges`` in the payment's answer)."""

    payment = models.OneToOneField(Payment, on_delete=models.CASCADE, related_name="charge")
    amount = models.DecimalField(max_digits=14, decimal_places=3)
    currency = models.CharField(max_length=3)
    card_last4 = models.CharField(max_length=4)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"charge of {self.payment}"


class Booking(models.Model):
    """A confirmed booking: one a prebook, made by its successful payment. ``fid``, ``account``
    and ``commission`` are kept for the agents' listing (issue 34). Cancelled once at most: the
    ``cancel_key`` (the cancel's Idempotency-Key) and its request's digest answer a replay; the
    penalty kept and the refund are written with the status, in one compare-and-set."""

    CONFIRMED, CANCELLED = "confirmed", "cancelled"

    public_id = models.CharField(max_length=40, unique=True)  # bk_…
    reference = models.CharField(max_length=12, unique=True)  # TN-7K3Q9P
    prebook = models.OneToOneField(Prebook, on_delete=models.PROTECT, related_name="booking")
    payment = models.OneToOneField(Payment, on_delete=models.PROTECT, related_name="booking")
    status = models.CharField(max_length=10, default=CONFIRMED)
    hotel_id = models.PositiveIntegerField()
    hotel_name = models.CharField(max_length=200)
    room_id = models.CharField(max_length=40)
    room_name = models.CharField(max_length=200)
    board = models.CharField(max_length=2)
    refundable = models.BooleanField()
    check_in = models.DateField()
    check_out = models.DateField()
    occupancies = models.JSONField()
    guests = models.JSONField()
    holder = models.JSONField()
    holder_email = models.EmailField(db_index=True)  # lower-cased, for the guests' lookup
    special_requests = models.TextField(blank=True)
    currency = models.CharField(max_length=3)
    total_paid = models.DecimalField(max_digits=14, decimal_places=3)
    pay_at_hotel = models.DecimalField(max_digits=14, decimal_places=3)
    price = models.JSONField()
    cancellation = models.JSONField()
    fid = models.CharField(max_length=40, blank=True)
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.SET_NULL)
    commission = models.DecimalField(max_digits=14, decimal_places=3, default=0)
    locale = models.CharField(max_length=10, default="en")
    # The holder's and guests' names, lower-cased, for the agents' search (``q``).
    guest_names = models.CharField(max_length=1000, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    penalty = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    refund = models.DecimalField(max_digits=14, decimal_places=3, null=True, blank=True)
    cancel_key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    cancel_hash = models.CharField(max_length=64, blank=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.reference


class Refund(models.Model):
    """Money given back when a booking is cancelled: at most one a booking (none when the
    penalty kept all of it)."""

    booking = models.OneToOneField(Booking, on_delete=models.CASCADE, related_name="refund_row")
    amount = models.DecimalField(max_digits=14, decimal_places=3)
    currency = models.CharField(max_length=3)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"refund of {self.booking}"


class PaymentEvent(models.Model):
    """A webhook event: its body is kept as sent, so a replay sends the same bytes, same id."""

    public_id = models.CharField(max_length=40, unique=True)  # evt_…
    payment = models.ForeignKey(Payment, on_delete=models.CASCADE, related_name="events")
    type = models.CharField(max_length=40)
    body = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.public_id
