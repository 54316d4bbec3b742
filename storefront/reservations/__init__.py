"""After the booking (issue 34; DESIGN 15): a user's reservations and cancelling them, a guest
finding their booking by reference and email, vouchers, and the agents' dashboard. Everything
is read from the provider (``storefront/upstream/reservations.py``) and never cached; what is
kept here is only the address of each booking (``models.Link``) and the emails that must go
once (``models.CancellationMail``)."""
