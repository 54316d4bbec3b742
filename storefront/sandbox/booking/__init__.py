"""The provider's booking and payment, played by the sandbox (docs/provider-booking-api.md):
prebooks that hold a re-priced offer, payments paid on a hosted page of the provider's own
origin with the test cards payment providers publish, the bookings they make, signed returns and
webhooks. ``services`` writes, ``shapes`` answers, ``views`` the JSON API, ``page`` the hosted
page, ``webhooks`` the signed events."""
