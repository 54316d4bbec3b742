"""A hotel: its page and travellers' favorite hotels.

- ``views.py``: the hotel page (``/hotels/{country}/{city}/{hotel}``, under its destination, and
  ``/hotels/place/{country}/{hotelId}``, which redirects to it) and ``/favorites``;
- ``presenters.py``: what the hotel page shows (room cards with every offer, house rules and
  check-in/out, gallery, map, schema.org Hotel and Open Graph);
- ``facts.py``: what is said about a hotel and an offer wherever it is shown (review word and
  score, rooms left, prices, distance), shared with the results cards;
- ``links.py``: a hotel page's address with the visitor's stay;
- ``favorites.py``, ``models.Favorite``, ``templating.favorite_toggle``: favorites' rules and
  endpoints, the account's list, the heart.

The stay, a hotel's rooms with their offers and the maps are the search app's (``query.py``,
``results.py``, ``maps.py``); "Choose" leads to ``/book`` (``storefront.checkout``).
"""
