"""What is said about a hotel and its offers wherever they are shown, each fact computed in one
function: a results or favorites card (``search.presenters.card``), the hotel page's summary
and room cards (``hotels.presenters.room_card``, also the chosen room on ``/book``) all call
these, so the same hotel and offer read the same everywhere.

- ``review``: the review word's catalog key and the score as printed ("8.4"; "" without
  reviews);
- ``stay_price``: the price per night and for the stay in the visitor's display (net or
  gross), as the locale writes money, and the nights;
- ``rooms_left``: "only n left" when the provider says 1 to 3;
- ``distance``: a distance in km as the locale writes it (the distance itself is
  ``search.results.distance_km``, the storefront's one great-circle formula).
"""

import math
from functools import lru_cache

from babel.units import format_unit

from storefront.catalog.formatting import format_money, format_score
from storefront.i18n.locales import get_locale
from storefront.upstream.inventory import Offer, Price

REVIEW_WORDS = (
    (9, "review.superb"),
    (8, "review.very_good"),
    (7, "review.good"),
    (6, "review.pleasant"),
)
SCARCE_ROOMS = 3  # "only n left" from this many down


def review_word(score: float | None) -> str:
    """The catalog key of the word for a review score ("Very good" from 8)."""
    for floor, key in REVIEW_WORDS:
        if score is not None and score >= floor:
            return key
    return "review.score"


def review(score: float | None, locale: str) -> dict:
    """A hotel's review as cards and the hotel page print it: ``review_word`` (a catalog key)
    and ``review_score`` as the locale writes it ("8.4", "8,4" in de; "" for a hotel without
    reviews)."""
    return {"review_word": review_word(score), "review_score": format_score(score, locale)}


def stay_price(price: Price, display: str, locale: str) -> dict:
    """An offer's price as a card shows it: ``per_night`` and ``total`` in the visitor's
    ``display`` (net or gross), as the locale writes money, and the stay's ``nights``."""
    return {
        "per_night": format_money(price.per_night(display), price.currency, locale),
        "total": format_money(price.total(display), price.currency, locale),
        "nights": price.nights,
    }


def rooms_left(offer: Offer) -> int | None:
    """How many rooms the offer has left, when that is worth saying (1 to 3); else None."""
    left = offer.rooms_left
    return left if left is not None and 0 < left <= SCARCE_ROOMS else None


def distance(km: float, locale: str) -> str:
    """A distance as the locale writes it, kept per (distance, locale): Babel's unit formatting
    is the dearest part of a hotel card, and a place's hotels keep their distances. The key
    carries the sign, which ``-0.0 == 0.0`` would lose."""
    return _distance_text(km, math.copysign(1.0, km) < 0, locale)


@lru_cache(maxsize=4096)
def _distance_text(km: float, signed: bool, locale: str) -> str:
    babel = get_locale(locale).babel
    if km < 1:
        return format_unit(round(km * 1000, -1), "length-meter", "short", locale=babel)
    return format_unit(km, "length-kilometer", "short", locale=babel, format="#,##0.#")
