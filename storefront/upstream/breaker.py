"""The circuit breaker in front of the provider, shared by every process through the cache.

Closed: calls go through; each failure (no answer, a timeout, a 5xx) is counted, and
``UPSTREAM_BREAKER_FAILURES`` of them within ``UPSTREAM_BREAKER_WINDOW`` seconds open the circuit.
Open: for ``UPSTREAM_BREAKER_OPEN_SECONDS`` every call fails at once, without touching the network,
so pages render their fallbacks immediately. Then half-open: exactly one call (whichever process
makes it first) probes the provider; its success closes the circuit, its failure opens it again.

The state lives in the default cache, so with a shared cache (``CACHE_URL=redis://...``) all
processes see one circuit; with the local-memory cache each process has its own. A cache that
cannot be reached counts as a closed circuit: the breaker never takes pages down by itself.
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache

from .errors import UpstreamUnavailable

logger = logging.getLogger(__name__)

FAILURES_KEY = "upstream:breaker:failures"
OPEN_UNTIL_KEY = "upstream:breaker:open-until"
PROBE_KEY = "upstream:breaker:probe"
CIRCUIT_OPEN = "The provider is not answering; not asked again yet."
# How long an open circuit is remembered when nobody calls: after that it is simply closed.
MEMORY_SECONDS = 3600


def before_call() -> bool:
    """Raise ``UpstreamUnavailable`` while the circuit is open. Returns True when this call is the
    half-open probe."""
    try:
        open_until = cache.get(OPEN_UNTIL_KEY)
        if open_until is None:
            return False
        if time.time() < open_until:
            raise UpstreamUnavailable(CIRCUIT_OPEN, retryable=False)
        probe_for = settings.UPSTREAM_BREAKER_OPEN_SECONDS
        if cache.add(PROBE_KEY, 1, timeout=probe_for):
            return True
    except UpstreamUnavailable:
        raise
    except Exception:  # the cache is down: behave as closed
        logger.warning("Circuit breaker state unavailable", exc_info=True)
        return False
    raise UpstreamUnavailable(CIRCUIT_OPEN, retryable=False)


def record_success(*, probe: bool) -> None:
    if not probe:
        return
    try:
        cache.delete_many([OPEN_UNTIL_KEY, FAILURES_KEY, PROBE_KEY])
    except Exception:
        logger.warning("Circuit breaker state unavailable", exc_info=True)
    logger.warning("Provider answers again: circuit closed")


def record_failure(*, probe: bool) -> None:
    try:
        if not probe:
            window = settings.UPSTREAM_BREAKER_WINDOW
            if cache.add(FAILURES_KEY, 1, timeout=window):
                failures = 1
            else:
                try:
                    failures = cache.incr(FAILURES_KEY)
                except ValueError:  # expired between add and incr
                    cache.set(FAILURES_KEY, 1, timeout=window)
                    failures = 1
            if failures < settings.UPSTREAM_BREAKER_FAILURES:
                return
        open_for = settings.UPSTREAM_BREAKER_OPEN_SECONDS
        cache.set(OPEN_UNTIL_KEY, time.time() + open_for, timeout=MEMORY_SECONDS)
        cache.delete_many([FAILURES_KEY, PROBE_KEY])
    except Exception:
        logger.warning("Circuit breaker state unavailable", exc_info=True)
        return
    logger.warning("Provider failing: circuit open for %ss", open_for)


def is_open() -> bool:
    """For health checks and tests: is the circuit open (or half-open) now?"""
    try:
        return cache.get(OPEN_UNTIL_KEY) is not None
    except Exception:
        return False
