"""Circuit breakers in front of the provider: one per service, shared by every process through
the cache.

The provider is several services behind one address (``SERVICES``: inventory and rates, accounts,
brands, leads, bookings), and one of them failing must not close the others: the lead service
down leaves prices and logins alone. Each service has its own circuit:

Closed: calls go through; each failed *call* (no answer, a timeout, a 5xx, after all its retries:
a call counts once however many attempts it made) is counted, and ``UPSTREAM_BREAKER_FAILURES``
of them within ``UPSTREAM_BREAKER_WINDOW`` seconds open the circuit. An answer in the 4xx range is
the provider working (a wrong password, an unknown hotel) and never counts.
Open: for ``UPSTREAM_BREAKER_OPEN_SECONDS`` every call to that service fails at once with
``CircuitOpen`` (which says until when), without touching the network, so pages render their
fallbacks immediately and the outbox waits without spending an attempt. Then half-open: exactly
one call (whichever process makes it first) probes the service; its success closes the circuit,
its failure opens it again.

The state lives in the default cache, so with a shared cache (``CACHE_URL=redis://...``) all
processes see one circuit per service; with the local-memory cache each process has its own. A
cache that cannot be reached counts as a closed circuit: a breaker never takes pages down by
itself.
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache

from .errors import CircuitOpen

logger = logging.getLogger(__name__)

# The provider's services, by the start of their paths; the first match wins.
SERVICES = (
    ("/v3/services/proxy", "leads"),
    ("/v3/support/", "support"),
    ("/v3/agent/bookings", "bookings"),
    ("/v3/agent/", "brands"),
    ("/sanctum/", "accounts"),
    ("/login", "accounts"),
    ("/logout", "accounts"),
    ("/v3/auth", "accounts"),
    ("/api/register", "accounts"),
    ("/v3/prebook", "bookings"),
    ("/v3/payments", "bookings"),
    ("/v3/bookings", "bookings"),
    ("/v3/", "inventory"),
)
OTHER = "other"
CIRCUIT_OPEN = "The provider's {service} service is not answering; not asked again yet."
# How long an open circuit is remembered when nobody calls: after that it is simply closed.
MEMORY_SECONDS = 3600


def service_of(path: str) -> str:
    """The provider's service that answers ``path`` (``/v3/hotels/rates``: ``inventory``)."""
    for prefix, service in SERVICES:
        if path.startswith(prefix):
            return service
    return OTHER


def _keys(service: str) -> tuple[str, str, str]:
    base = f"upstream:breaker:{service}"
    return f"{base}:failures", f"{base}:open-until", f"{base}:probe"


def before_call(service: str) -> bool:
    """Raise ``CircuitOpen`` while the service's circuit is open. Returns True when this call is
    the half-open probe."""
    failures_key, open_key, probe_key = _keys(service)
    try:
        open_until = cache.get(open_key)
        if open_until is None:
            return False
        if time.time() >= open_until and cache.add(
            probe_key, 1, timeout=settings.UPSTREAM_BREAKER_OPEN_SECONDS
        ):
            return True
    except Exception:  # the cache is down: behave as closed
        logger.warning("Circuit breaker state unavailable", exc_info=True)
        return False
    # Open, or half-open with another call probing: try again when a probe could have ended.
    until = max(open_until, time.time() + 1)
    raise CircuitOpen(CIRCUIT_OPEN.format(service=service), until=until)


def record_success(service: str, *, probe: bool) -> None:
    if not probe:
        return
    try:
        cache.delete_many(list(_keys(service)))
    except Exception:
        logger.warning("Circuit breaker state unavailable", exc_info=True)
    logger.warning("Provider's %s service answers again: circuit closed", service)


def record_failure(service: str, *, probe: bool) -> None:
    failures_key, open_key, probe_key = _keys(service)
    try:
        if not probe:
            window = settings.UPSTREAM_BREAKER_WINDOW
            if cache.add(failures_key, 1, timeout=window):
                failures = 1
            else:
                try:
                    failures = cache.incr(failures_key)
                except ValueError:  # expired between add and incr
                    cache.set(failures_key, 1, timeout=window)
                    failures = 1
            if failures < settings.UPSTREAM_BREAKER_FAILURES:
                return
        open_for = settings.UPSTREAM_BREAKER_OPEN_SECONDS
        cache.set(open_key, time.time() + open_for, timeout=MEMORY_SECONDS)
        cache.delete_many([failures_key, probe_key])
    except Exception:
        logger.warning("Circuit breaker state unavailable", exc_info=True)
        return
    logger.warning("Provider's %s service failing: circuit open for %ss", service, open_for)
