"""The brand registry: provider brand configs by (kind, key), cached.

Lookup keys (DESIGN section 5): the canonical host asks ``/v3/agent/{fid}``; a host under the
white-label suffix asks ``/v3/agency/{host}``; any other host ``/v3/white-label/{host}``.

Cache entries hold the config (or None: the provider does not know the key) and when it was
fetched. Fresh entries are served as they are; a stale entry is served while one background
refresh runs (stale-while-revalidate); only one upstream call per key runs at a time (a cache
lock). A 404 is remembered for ``BRAND_NEGATIVE_SECONDS``. When the provider fails, the last
good value is served; with none, ``BrandUnavailable`` tells the caller to fall back, and the
key is not asked again for ``DOWN_SECONDS``.

Every good answer is also stored in the database (``BrandSnapshot``); a key missing from the
cache (a new process, a restart, an evicted entry) is served from there as stale and refreshed
in the background, so partners stay up while the provider is down. A key never seen before
costs a provider call while the visitor waits: at most ``HOST_LOOKUP_CONCURRENCY`` of those run
at once over all processes (slots in the cache), each within ``HOST_LOOKUP_SECONDS``; without a
free slot the lookup is refused at once (``BrandUnavailable``), so a flood of random Host headers
or fids cannot hold more workers than that.
"""

import hashlib
import logging
import threading
import time
import uuid
from datetime import UTC, datetime

from django.conf import settings
from django.core.cache import cache
from django.db import connections

from storefront import freshness
from storefront.upstream.budget import remaining, time_budget
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamError, UpstreamNotFound, UpstreamUnavailable

from .models import BrandOverride, BrandSnapshot

logger = logging.getLogger(__name__)

AGENT, AGENCY, WHITE_LABEL = BrandOverride.AGENT, BrandOverride.AGENCY, BrandOverride.WHITE_LABEL
PATHS = {AGENT: "/v3/agent/{key}", AGENCY: "/v3/agency/{key}", WHITE_LABEL: "/v3/white-label/{key}"}
LOCK_SECONDS = 60  # longer than the slowest fetch (timeouts x retries)
WAIT_SECONDS = 3  # how long a request waits for another one's fetch of the same key
DOWN_SECONDS = 10  # after a failure, do not ask again for this long (pages stay fast)


class BrandUnavailable(Exception):
    """The provider could not be asked and nothing is cached."""


def _cache_key(kind: str, key: str) -> str:
    """Short and safe for any cache backend (memcached keys stop at 250 characters)."""
    if len(key) > 100:
        key = hashlib.sha256(key.encode()).hexdigest()
    return f"brand:{kind}:{key}"


def _fetch(kind: str, key: str) -> dict | None:
    try:
        answer = UpstreamClient().get(PATHS[kind].format(key=key))
    except UpstreamNotFound:
        return None
    data = (answer.data or {}).get("data")
    if not isinstance(data, dict):
        raise UpstreamUnavailable(f"{kind}:{key}: an answer without a brand")
    return data


def _store(kind: str, key: str, config: dict | None) -> None:
    timeout = (
        settings.BRAND_STALE_SECONDS if config is not None else settings.BRAND_NEGATIVE_SECONDS
    )
    cache.set(_cache_key(kind, key), {"config": config, "at": time.time()}, timeout=timeout)
    if config is not None:
        try:
            BrandSnapshot.objects.update_or_create(
                kind=kind, key=key, defaults={"config": config, "fetched_at": datetime.now(UTC)}
            )
        except Exception:  # the cache has it; the stored copy is only for the next outage
            logger.warning("Brand snapshot %s:%s not stored", kind, key, exc_info=True)


def _from_snapshot(kind: str, key: str) -> dict | None:
    """The stored last good answer as a stale cache entry (refreshed in the background), or
    None when this key was never answered."""
    try:
        snapshot = BrandSnapshot.objects.filter(kind=kind, key=key).first()
    except Exception:  # the database is down: as if never seen
        logger.warning("Brand snapshot %s:%s unreadable", kind, key, exc_info=True)
        return None
    if snapshot is None:
        return None
    entry = {"config": snapshot.config, "at": 0.0}  # stale: the next request refreshes it
    cache.set(_cache_key(kind, key), entry, timeout=settings.BRAND_STALE_SECONDS)
    return entry


def _lookup_slot() -> tuple[str, str] | None:
    """One of the HOST_LOOKUP_CONCURRENCY slots for a first-time lookup, or None."""
    token = uuid.uuid4().hex
    for number in range(max(1, settings.HOST_LOOKUP_CONCURRENCY)):
        slot = f"brand:lookup-slot:{number}"
        if cache.add(slot, token, timeout=int(settings.HOST_LOOKUP_SECONDS) + 5):
            return slot, token
    return None


def _release(name: str, token: str) -> None:
    """Give back a lock or slot, only when ``token`` still holds it."""
    if cache.get(name) == token:
        cache.delete(name)


def _refresh(kind: str, key: str, token: str) -> dict | None:
    """Ask the provider (the caller holds the lock ``token``) and remember the answer; a
    failure is remembered for DOWN_SECONDS. Only the lock's owner releases it."""
    lock = _cache_key(kind, key) + ":lock"
    try:
        config = _fetch(kind, key)
        before = cache.get(_cache_key(kind, key))
        _store(kind, key, config)
        if before is not None and before["config"] != config:
            freshness.changed(what="brand")  # the provider changed it: no page keeps the old one
        return config
    except UpstreamError:
        cache.set(_cache_key(kind, key) + ":down", 1, timeout=DOWN_SECONDS)
        raise
    finally:
        _release(lock, token)


def _refresh_in_background(kind: str, key: str, token: str) -> None:
    def run():
        try:
            _refresh(kind, key, token)
        except UpstreamError as exc:
            logger.warning("Brand refresh %s:%s failed: %s", kind, key, exc)
        finally:
            connections.close_all()  # this thread's own database connection

    threading.Thread(target=run, name=f"brand-refresh-{kind}-{key}", daemon=True).start()


def _wait_for_other_fetch(kind: str, key: str) -> dict | None:
    """Another request is fetching this key: wait a little for its answer, then give up."""
    deadline = time.monotonic() + min(WAIT_SECONDS, max(0.0, remaining()))
    while time.monotonic() < deadline:
        time.sleep(0.05)
        entry = cache.get(_cache_key(kind, key))
        if entry is not None:
            return entry["config"]
        if cache.get(_cache_key(kind, key) + ":down"):
            break
    raise BrandUnavailable(f"{kind}:{key} is still being fetched")


def provider_config(kind: str, key: str) -> dict | None:
    """The provider's config for (kind, key), or None when the provider does not know it."""
    entry = cache.get(_cache_key(kind, key)) or _from_snapshot(kind, key)
    now = time.time()
    if entry is not None:
        fresh_for = (
            settings.BRAND_FRESH_SECONDS
            if entry["config"] is not None
            else (settings.BRAND_NEGATIVE_SECONDS)
        )
        if now - entry["at"] < fresh_for:
            return entry["config"]
    down = cache.get(_cache_key(kind, key) + ":down")
    if down and entry is not None:
        return entry["config"]  # stale, and the provider failed moments ago: do not ask again
    if down:
        raise BrandUnavailable(f"{kind}:{key}: the provider failed moments ago")
    token = uuid.uuid4().hex
    got_lock = cache.add(_cache_key(kind, key) + ":lock", token, timeout=LOCK_SECONDS)
    if entry is not None:
        if got_lock:
            _refresh_in_background(kind, key, token)
        return entry["config"]
    if not got_lock:
        return _wait_for_other_fetch(kind, key)
    # Another request may have fetched and released the lock between our miss and our lock
    # (its snapshot write can also make our snapshot read fail): its answer is ours.
    just_fetched = cache.get(_cache_key(kind, key))
    if just_fetched is not None:
        _release(_cache_key(kind, key) + ":lock", token)
        return just_fetched["config"]
    slot = _lookup_slot()
    if slot is None:
        _release(_cache_key(kind, key) + ":lock", token)
        raise BrandUnavailable(f"{kind}:{key}: too many first-time lookups at once")
    try:
        with time_budget(settings.HOST_LOOKUP_SECONDS):
            return _refresh(kind, key, token)
    except UpstreamError as exc:
        logger.warning("Brand %s:%s unavailable: %s", kind, key, exc)
        raise BrandUnavailable(str(exc)) from exc
    finally:
        _release(*slot)


def override_config(kind: str, key: str) -> dict | None:
    """The operator's override in the provider's config shape (cached like the rest)."""
    cache_key = _cache_key(kind, key) + ":override"
    config = cache.get(cache_key)
    if config is None:
        row = BrandOverride.objects.filter(kind=kind, key=key).first()
        config = row.as_config() if row else {}
        cache.set(cache_key, config, timeout=settings.BRAND_FRESH_SECONDS)
    return config or None


def forget_override(kind: str, key: str) -> None:
    """After an operator's change: the override is read again, and no kept page shows the old
    brand."""
    cache.delete(_cache_key(kind, key) + ":override")
    freshness.changed(what="override")
