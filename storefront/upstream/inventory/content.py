"""The provider's content: places, hotels and exchange rates, kept for hours.

Content changes rarely: it is kept ``INVENTORY_CONTENT_SECONDS`` in the shared cache and a short
while in this process (``memo.content``). An answer that comes back different from the one kept
is announced (``freshness.changed``), so no kept page outlives the content it showed.
"""

import hashlib
import json
from decimal import Decimal

from django.conf import settings
from django.core.cache import cache

from storefront import freshness

from ..client import UpstreamClient
from ..errors import UpstreamError, UpstreamNotFound
from . import memo
from .readers import read_exchange_rates, read_hotel, read_place
from .types import Hotel, Place

CACHE_VERSION = "inv3"  # inv2: money as Decimal; inv3: a hotel's district_locale


def media_origin() -> str:
    """The origin the provider's photos come from (``INVENTORY_MEDIA_ORIGIN``, else the
    upstream's own), for the img-src of pages that show them."""
    configured = settings.INVENTORY_MEDIA_ORIGIN
    return configured or "/".join(settings.UPSTREAM_URL.split("/", 3)[:3])


def cached(key: str, seconds: int, fetch, *, kept: bool = True, content: bool = False):
    """The answer under ``key``: from this process's memo (``kept``), else the shared cache,
    else ``fetch()`` (then stored for ``seconds``, or as content: ``keep_content``)."""
    epoch = freshness.epoch()
    if kept:
        value = memo.content.get(key, epoch=epoch)
        if value is not None:
            return value
    value = cache.get(key)
    if value is None:
        value = fetch()
        if content:
            keep_content(key, value)
        else:
            cache.set(key, value, seconds)
    if kept:
        until = memo.content.now() + min(memo.MEMO_SECONDS, seconds)
        memo.content.put(key, value, until=until, epoch=epoch)
    return value


def _content(key: str, fetch):
    return cached(key, _content_seconds(), fetch, content=True)


def keep_content(key: str, value) -> None:
    """Keeps a content answer for INVENTORY_CONTENT_SECONDS. When it differs from the answer
    last kept under the same key (the provider changed the hotel, the place...), it says so
    (``freshness.changed``): whoever keeps pages drops them, none outlives its content."""
    cache.set(key, value, _content_seconds())
    fingerprint = hashlib.sha256(repr(value).encode()).hexdigest()
    seen = cache.get(f"{key}:seen")
    if seen != fingerprint:
        cache.set(f"{key}:seen", fingerprint, timeout=None)
        if seen is not None:
            freshness.changed(what="inventory")


def key(*parts) -> str:
    """A cache key for one answer of this provider (another UPSTREAM_URL, another key)."""
    text = json.dumps([settings.UPSTREAM_URL, *parts], sort_keys=True, default=str)
    return f"{CACHE_VERSION}:" + hashlib.sha256(text.encode()).hexdigest()[:40]


def _content_seconds() -> int:
    return settings.INVENTORY_CONTENT_SECONDS


def data(response):
    return (response.data or {}).get("data")


def client(locale: str = "en") -> UpstreamClient:
    """The one client, reading money as ``Decimal``."""
    return UpstreamClient(locale=locale, exact_numbers=True)


def suggest_places(q: str, locale: str, *, limit: int = 8) -> list[Place]:
    """Autocomplete: places whose name starts with the words typed (2–60 characters)."""
    q = " ".join(q.split())[:60]
    if len(q) < 2:
        return []

    def fetch():
        response = client(locale).get("/v3/places", params={"q": q, "limit": limit})
        return [p for p in map(read_place, data(response) or []) if p]

    return cached(key("suggest", locale, q.casefold(), limit), 3600, fetch)


def place(place_id: int, locale: str) -> Place | None:
    """One place, or None when the provider does not know it."""

    def fetch():
        try:
            response = client(locale).get(f"/v3/places/{int(place_id)}")
        except UpstreamNotFound:
            return False
        return read_place(data(response)) or False

    return _content(key("place", locale, place_id), fetch) or None


def place_by_slug(country_slug: str, slug: str | None, locale: str) -> Place | None:
    """A country (``slug`` None) or a place in it by slugs, or None."""

    def fetch():
        params = {"country_slug": country_slug, **({"slug": slug} if slug else {})}
        try:
            response = client(locale).get("/v3/places", params=params)
        except UpstreamNotFound:
            return False
        answer = data(response)  # one place (a list of one is read the same)
        found = read_place(answer[0] if isinstance(answer, list) and answer else answer)
        return found or False

    return _content(key("slug", locale, country_slug, slug or ""), fetch) or None


def countries(locale: str = "en") -> list[Place]:
    """Every country the provider sells hotels in."""

    def fetch():
        response = client(locale).get("/v3/places", params={"type": "country"})
        return [p for p in map(read_place, data(response) or []) if p]

    return _content(key("countries", locale), fetch)


def places_in_country(country_code: str, locale: str, *, type: str = "city") -> list[Place]:
    def fetch():
        response = client(locale).get("/v3/places", params={"country": country_code, "type": type})
        return [p for p in map(read_place, data(response) or []) if p]

    return _content(key("country", locale, country_code, type), fetch)


def hotels_in_place(place_id: int, locale: str) -> list[Hotel]:
    """Every hotel of a place with its content, by the provider's rank."""

    def fetch():
        response = client(locale).get("/v3/hotels", params={"place": place_id})
        return [h for h in map(read_hotel, data(response) or []) if h]

    return _content(key("hotels", locale, place_id), fetch)


def top_hotels(place_id: int, locale: str, *, limit: int = 12) -> list[Hotel]:
    """A place's best few hotels (a country's: each city's first by rank before any second)."""

    def fetch():
        response = client(locale).get("/v3/hotels", params={"place": place_id, "limit": limit})
        return [h for h in map(read_hotel, data(response) or []) if h]

    return _content(key("top", locale, place_id, limit), fetch)


def hotel(hotel_id: int, locale: str) -> Hotel | None:
    def fetch():
        try:
            response = client(locale).get(f"/v3/hotels/{int(hotel_id)}")
        except UpstreamNotFound:
            return False
        return read_hotel(data(response)) or False

    return _content(key("hotel", locale, hotel_id), fetch) or None


def hotels_by_ids(ids, locale: str) -> dict[int, Hotel]:
    """Several hotels by id (``GET /v3/hotels?ids=``, at most 100 a call), each cached like
    ``hotel``: only those not cached yet are asked for, in one call. Unknown ids are left out."""
    wanted = list(dict.fromkeys(int(i) for i in ids))[:100]
    found, missing = {}, []
    for hotel_id in wanted:
        kept = cache.get(key("hotel", locale, hotel_id))
        if kept is None:
            missing.append(hotel_id)
        elif kept:
            found[hotel_id] = kept
    if missing:
        response = client(locale).get("/v3/hotels", params={"ids": ",".join(map(str, missing))})
        fetched = {h.id: h for h in map(read_hotel, data(response) or []) if h}
        for hotel_id in missing:
            keep_content(key("hotel", locale, hotel_id), fetched.get(hotel_id, False))
            if hotel_id in fetched:
                found[hotel_id] = fetched[hotel_id]
    return {hotel_id: found[hotel_id] for hotel_id in wanted if hotel_id in found}


def exchange_rates() -> dict[str, Decimal]:
    """USD-based rates the provider converts with."""

    def fetch():
        return read_exchange_rates(data(client().get("/v3/currencies/rates")))

    return cached(key("fx"), _content_seconds(), fetch)


def directory() -> tuple[tuple[str, ...], ...]:
    """Every address the provider's content gives a page (``GET /v3/directory``, page by page):
    ``(country,)`` for a country, ``(country, destination)`` for a city or region with hotels,
    ``(country, destination, hotel)`` for a hotel, as slugs. Kept like content, for hours; the
    last whole answer is also kept with no expiry, so that what the sitemap
    lists does not depend on the provider answering in time. Raises ``UpstreamError`` only when
    the provider fails and no answer was ever kept."""

    def fetch():
        rows, page, pages = [], 1, 1
        while page <= pages:
            response = client().get("/v3/directory", params={"page": page})
            pages = min(int((response.data or {}).get("meta", {}).get("pages", 1)), 1000)
            for raw in data(response) or []:
                parts = (raw.get("country_slug"), raw.get("city_slug") or raw.get("slug"))
                parts = {
                    "country": (raw.get("country_slug"),),
                    "city": parts,
                    "region": parts,
                    "hotel": (*parts, raw.get("slug")),
                }.get(raw.get("type"))
                if parts and all(isinstance(p, str) and p for p in parts):
                    rows.append(parts)
            page += 1
        cache.set(last, tuple(rows), timeout=None)
        return tuple(rows)

    last = key("directory", "last")
    try:
        return _content(key("directory"), fetch)
    except UpstreamError:
        kept = cache.get(last)
        if kept is None:
            raise
        return kept
