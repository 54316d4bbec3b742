"""Checkout's island props builders (registered with ``storefront.islands.registry``)."""

from storefront.islands.registry import register
from storefront.islands.words import first_words
from storefront.web.visitor import Visitor

COUNTDOWN_WORDS = (
    "book.countdown_five",
    "book.countdown_one_minute",
    "book.countdown_over",
    "book.reprice",
)


@register("HoldCountdown")
def hold_countdown_props(visitor: Visitor, expires, reload: str) -> dict:
    """Read by static_src/islands/HoldCountdown.jsx: when the hold ends (an aware datetime),
    where to re-price the offer once it has, and every word it says (its first words: the page
    loads no catalog for it). ``book.countdown`` keeps its ``{{time}}`` for the island to fill."""
    words = first_words(visitor.locale, COUNTDOWN_WORDS)
    words["book.countdown"] = first_words(visitor.locale, ("book.countdown",), time="{{time}}")[
        "book.countdown"
    ]
    return {"expires": expires.isoformat(), "reload": reload, "words": words}
