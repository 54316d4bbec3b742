"""The provider's inventory: places, hotel content, rates and exchange rates.

The calls and their shapes are in ``docs/provider-inventory-api.md``. Every call runs under the
page's time budget (``UpstreamClient``); a failure raises ``UpstreamError`` and the page shows
its localised notice.

- ``types.py``: the value types answers are read into (money as ``Decimal``);
- ``readers.py``: the provider's JSON into those types, defensively;
- ``memo.py``: what this process keeps besides the shared cache (bounded, expiring, locked);
- ``content.py``: places, hotels and exchange rates, kept for hours;
- ``rates.py``: a stay's live rates, kept a minute, and one offer re-priced, never kept.

Callers import this package: ``from storefront.upstream import inventory``.
"""

from .content import (
    countries,
    directory,
    exchange_rates,
    hotel,
    hotels_by_ids,
    hotels_in_place,
    media_origin,
    place,
    place_by_slug,
    places_in_country,
    suggest_places,
    top_hotels,
)
from .rates import offer, rates
from .readers import read_hotel, read_place, read_rates
from .types import (
    BOARDS,
    Bed,
    CancellationStep,
    Hotel,
    HotelRates,
    HouseRule,
    Offer,
    OfferAnswer,
    OfferStay,
    Photo,
    Place,
    Price,
    PriceItem,
    Room,
)

__all__ = [
    "directory",
    "BOARDS",
    "Bed",
    "CancellationStep",
    "Hotel",
    "HotelRates",
    "HouseRule",
    "Offer",
    "OfferAnswer",
    "OfferStay",
    "Photo",
    "Place",
    "Price",
    "PriceItem",
    "Room",
    "countries",
    "exchange_rates",
    "hotel",
    "hotels_by_ids",
    "hotels_in_place",
    "media_origin",
    "offer",
    "place",
    "place_by_slug",
    "places_in_country",
    "rates",
    "read_hotel",
    "read_place",
    "read_rates",
    "suggest_places",
    "top_hotels",
]
