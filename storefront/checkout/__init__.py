"""Checkout: from a chosen offer to a booking.

- ``views.py``: ``/book``, the chosen offer re-priced with its room, stay, guests, terms and
  price broken down;
- ``offers.py``: choosing an offer: its links (``book_url``, the ``offer`` and ``seen`` marks a
  results card and a hotel page's "Choose" carry), the notices when its price changed or it is
  gone, the price breakdown.

Prebook and payment are the next issue's. The hotel page imports ``offers.py`` only; the /book
page imports the hotel's room card and link (``storefront.hotels``), never the other way.
"""
