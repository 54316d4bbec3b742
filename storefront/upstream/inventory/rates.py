"""Live rates: a stay's offers, and one offer re-priced.

A stay's rates are kept ``INVENTORY_RATES_SECONDS`` (a minute) in the shared cache, long enough
for a visitor paging through results or going back, and in this process until that same moment
(``memo.live``); a page that shows them says it is valid only until then
(``freshness.valid_until``). An offer re-priced for booking is never kept.
"""

import time
from urllib.parse import quote

from django.conf import settings

from storefront import freshness

from ..errors import UpstreamNotFound
from . import memo
from .content import cached, client, data, key
from .readers import read_offer_answer, read_rates
from .types import HotelRates, OfferAnswer


def rates(
    *,
    check_in,
    check_out,
    occupancies: list[dict],
    currency: str,
    guest_country: str | None,
    locale: str,
    place: int | None = None,
    hotel_ids: list[int] | None = None,
    mode: str = "lowest",
) -> dict[int, HotelRates]:
    """Live rates by hotel id for one stay, for a place's hotels or the given ones."""
    body = {
        "place": place,
        "hotel_ids": hotel_ids,
        "check_in": check_in.isoformat(),
        "check_out": check_out.isoformat(),
        "occupancies": occupancies,
        "currency": currency,
        "guest_country": guest_country,
        "locale": locale,
        "mode": mode,
    }

    def fetch():
        response = client(locale).post("/v3/hotels/rates", json=body)
        found = [r for r in map(read_rates, data(response) or []) if r]
        return time.time() + settings.INVENTORY_RATES_SECONDS, {r.hotel_id: r for r in found}

    stay = key("stay-rates", body)
    kept = memo.live.get(stay)
    if kept is None:
        kept = cached(stay, settings.INVENTORY_RATES_SECONDS, fetch, kept=False)
        memo.live.put(stay, kept, until=kept[0])
    expires, found = kept
    freshness.valid_until(expires)  # a kept page showing these prices goes with them
    return found


def offer(offer_id: str, locale: str) -> OfferAnswer | None:
    """The offer ``offer_id`` re-priced now (``GET /v3/offers/{id}``), never cached, with the
    stay it is for; its ``offer`` None when it is no longer sold. None for an id the provider
    does not know."""
    try:
        response = client(locale).get(f"/v3/offers/{quote(offer_id, safe='')}")
    except UpstreamNotFound:
        return None
    return read_offer_answer(data(response))
