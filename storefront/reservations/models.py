"""What the storefront keeps after a booking: almost nothing, since the provider keeps the
bookings.

- ``Link``: the uuid a booking's pages are addressed by (``/account/reservations/{uuid}``,
  ``/dashboard/bookings/{uuid}``, a voucher), for the provider's booking id. The uuid is derived
  from the id (``uuid5``), so linking a booking twice is the same row; it says nothing of the
  booking, and who may read it is the provider's answer to the visitor's own credentials.
- ``CancellationMail``: the email that says a booking was cancelled, one per booking (never sent
  twice, whoever cancelled it and however often the cancel was replayed).
"""

import uuid as uuid_module

from django.db import models

from storefront.background.outbox import OutboxItem

NAMESPACE = uuid_module.UUID("6f1d2c8e-4b7a-5e39-9a0c-2d5e8f7b1c43")


class Link(models.Model):
    uuid = models.UUIDField(primary_key=True, editable=False)
    booking_id = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"{self.uuid} → {self.booking_id}"

    @staticmethod
    def uuid_of(booking_id: str) -> uuid_module.UUID:
        return uuid_module.uuid5(NAMESPACE, booking_id)


class CancellationMail(OutboxItem):
    """The email of a cancelled booking, in the locale and brand it was cancelled in."""

    booking_id = models.CharField(max_length=64, unique=True)
    email = models.EmailField()
    locale = models.CharField(max_length=10)
    host = models.CharField(max_length=253)
    fid = models.CharField(max_length=40, blank=True)

    def __str__(self):
        return f"cancelled {self.booking_id} ({self.status})"
