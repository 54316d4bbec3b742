"""Choosing an offer, and what may have changed since the visitor saw it.

A results card links to its hotel with the offer it showed (``offer``) and the price as the
visitor saw it (``seen``: the price display and the total, ``gross:389.5``, signed with the
offer's id so that only the server can write one); a hotel page's
"Choose" links to ``/book`` the same way. The next page compares the provider's answer of now
with what was seen and says in the visitor's words when the price went up or down, when that
offer is gone, or when the hotel sold out (spec: notifications).

``/book`` (``views.book_page``) re-prices the chosen offer with the provider (``GET
/v3/offers/{id}``, never cached) and shows the hotel, room, board, stay, guests, cancellation
policy and the price broken down (``breakdown``). Checkout and payment are a later issue: the
page says the room is not reserved yet.

The links are built here and nowhere else: a results card's (``seen_mark``,
``search.presenters``) and a hotel page's "Choose" (``book_url``, ``hotels.views``) import them
from this module, which imports no page of any app (the arrows point one way: the /book page,
``views.py``, shows a hotel's room card, so checkout's views import hotels, and hotels import
only this module of checkout).
"""

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core import signing
from django.utils.crypto import constant_time_compare

from storefront.catalog.formatting import format_money
from storefront.i18n.catalog import translate
from storefront.search.query import SearchQuery
from storefront.upstream.inventory import Offer, Price
from storefront.web.links import page_url
from storefront.web.visitor import Visitor

SEEN_RE = re.compile(r"^(net|gross):(\d{1,10}(?:\.\d{1,4})?):([A-Za-z0-9_-]{20,100})$")
_SIGNER = signing.Signer(salt="storefront.checkout.seen")
OFFER_ID_RE = re.compile(r"^[A-Za-z0-9._-]{8,200}$")


@dataclass(frozen=True)
class Notice:
    """A notification for the page: ``kind`` info or warning, its text in the visitor's words."""

    kind: str
    text: str


def seen_mark(price: Price, display: str, offer_id: str) -> str:
    """What a link carries as ``seen``: the display and the total the visitor was shown, signed
    with the offer's id (``signed_seen``)."""
    total = Decimal(str(price.total(display))).quantize(Decimal("0.0001")).normalize()
    return signed_seen(offer_id, display, total)


def signed_seen(offer_id: str, display: str, total: Decimal) -> str:
    """``gross:389.5:<signature>``: only the server can write one, so a crafted ``seen`` (a
    "price drop" from $99,999.00) produces no notice."""
    mark = f"{display}:{total:f}"
    return f"{mark}:{_SIGNER.signature(f'{offer_id}/{mark}')}"


def parse_seen(value: str | None, offer_id: str) -> tuple[str, Decimal] | None:
    """The display and total a link says the visitor saw for ``offer_id``; None unless the
    server signed it for that offer."""
    match = SEEN_RE.match(value or "")
    if not match or not offer_id:
        return None
    display, amount, signature = match.groups()
    expected = _SIGNER.signature(f"{offer_id}/{display}:{amount}")
    if not constant_time_compare(signature, expected):
        return None
    try:
        return display, Decimal(amount)
    except InvalidOperation:
        return None


def offer_param(value: str | None) -> str:
    """An offer id as a link carried it, or "" when it is not shaped like one."""
    return value if value and OFFER_ID_RE.match(value) else ""


def price_notice(price: Price, seen: tuple[str, Decimal] | None, locale: str) -> Notice | None:
    """ "The price went up/down since you saw it", in the display the visitor saw it in."""
    if seen is None:
        return None
    display, before = seen
    after = Decimal(str(price.total(display)))
    if abs(after - before) < Decimal("0.005"):
        return None
    key = "notify.price_up" if after > before else "notify.price_down"
    text = translate(
        key,
        locale,
        before=format_money(before, price.currency, locale),
        after=format_money(after, price.currency, locale),
    )
    return Notice("warning" if after > before else "info", text)


def hotel_notice(rooms, offer_id: str, seen, locale: str) -> tuple[Notice | None, Offer | None]:
    """On a hotel page reached from a results card: the card's offer among the rooms of now
    (the notice, and the offer to mark as the one the visitor came for)."""
    if not offer_id or rooms is None:
        return None, None
    offers = [offer for row in rooms for offer in row.offers]
    if not offers:
        return Notice("warning", translate("notify.sold_out", locale)), None
    found = next((o for o in offers if o.offer_id == offer_id), None)
    if found is None:
        return Notice("warning", translate("notify.offer_gone", locale)), None
    return price_notice(found.price, seen, locale), found


def book_url(offer: Offer, query: SearchQuery, *, visitor: Visitor) -> str:
    """A hotel page's "Choose": /book with the offer, the price as shown, and the stay."""
    stay = [(k, v) for k, v in query.params(filters=False, page=False) if k not in SEARCH_ONLY]
    seen = seen_mark(offer.price, visitor.display, offer.offer_id)
    return page_url(
        "book",
        visitor.locale,
        fid=visitor.fid,
        query=dict([("offer", offer.offer_id), ("seen", seen), *stay]),
    )


# The search's words that a chosen offer no longer needs.
SEARCH_ONLY = ("destination", "place")


def guests_of(query: SearchQuery) -> dict:
    return {"adults": query.adults, "children": query.children, "rooms": len(query.rooms)}


def breakdown(price: Price, locale: str) -> dict:
    """The price as the booking will charge it: the room (net), each tax and fee charged now,
    the total now (gross), and what is paid at the hotel."""

    def money(amount):
        return format_money(amount, price.currency, locale)

    now = [item for item in price.items if item.included]
    later = [item for item in price.items if not item.included]
    return {
        "room": money(price.net),
        "now": [(f"price_items.{item.code}", money(item.amount)) for item in now],
        "total_now": money(price.gross),
        "later": [(f"price_items.{item.code}", money(item.amount)) for item in later],
        "total_later": money(sum(item.amount for item in later)) if later else "",
    }
