"""Redis that cannot stall the storefront: every wait bounded, a server that stopped answering
skipped for a moment.

A Redis server that is stopped (not refusing: frozen, swapped out, on the far side of a dead
link) accepts connections and commands and never answers; without socket timeouts every request
that touches the cache waits for it forever, ``/health`` included. So every connection the
storefront makes to Redis (the caches, the task queue's producer) has connect and read timeouts
well under the page budget (``REDIS_CONNECT_TIMEOUT``, ``REDIS_TIMEOUT``), and is a
``GuardedConnection``: when one wait for a server runs out, that server is skipped by every
thread of the process for ``REDIS_SKIP_SECONDS`` (commands fail at once, as if refused), so a
frozen Redis costs one timeout per process every few seconds, not one per cache operation.

What a failure means is the caller's: the default cache treats it as a miss (django-redis'
``IGNORE_EXCEPTIONS``: a page is rendered, not served kept; a brand is looked up again), the
throttle cache refuses what it cannot count (logins say "not possible right now"), the task queue
logs it (the outbox's row is there, the sweep queues it again).

Nothing here imports the rest of the storefront: settings name ``GuardedConnection``.
"""

import logging
import threading
import time

from redis.connection import Connection
from redis.exceptions import ConnectionError, TimeoutError

logger = logging.getLogger(__name__)

# Per process: (host, port) -> monotonic time until which that server is skipped.
_skipped: dict[tuple[str, int], float] = {}
_lock = threading.Lock()


def options(connect_timeout: float, timeout: float, skip_seconds: float) -> dict:
    """The keyword arguments of a guarded connection pool (``ConnectionPool.from_url``)."""
    return {
        "connection_class": GuardedConnection,
        "socket_connect_timeout": connect_timeout,
        "socket_timeout": timeout,
        "skip_seconds": skip_seconds,
    }


class GuardedConnection(Connection):
    """A connection to one Redis server that fails at once while that server is skipped, and
    skips it (for every thread of the process) when a wait for it runs out."""

    def __init__(self, *args, skip_seconds: float = 5.0, **kwargs):
        super().__init__(*args, **kwargs)
        self.skip_seconds = skip_seconds

    @property
    def _server(self) -> tuple[str, int]:
        return (str(self.host), int(self.port))

    def _check(self) -> None:
        until = _skipped.get(self._server)
        if until is not None and time.monotonic() < until:
            raise ConnectionError(f"Redis {self.host}:{self.port} did not answer; skipped for now")

    def _timed_out(self) -> None:
        with _lock:
            _skipped[self._server] = time.monotonic() + self.skip_seconds
        logger.warning(
            "Redis %s:%s did not answer in time: skipped for %ss",
            self.host,
            self.port,
            self.skip_seconds,
        )

    def connect_check_health(self, *args, **kwargs):
        self._check()
        try:
            return super().connect_check_health(*args, **kwargs)
        except TimeoutError:
            self._timed_out()
            raise

    def send_packed_command(self, *args, **kwargs):
        self._check()
        try:
            return super().send_packed_command(*args, **kwargs)
        except TimeoutError:
            self._timed_out()
            raise

    def read_response(self, *args, **kwargs):
        try:
            return super().read_response(*args, **kwargs)
        except TimeoutError:
            self._timed_out()
            raise
