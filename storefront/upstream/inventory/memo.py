"""What this process keeps of the provider's answers, besides the shared cache.

Two memos, each bounded, expiring and safe under the threaded production server (cachetools'
``TLRUCache``, whose entries each carry their own expiry, behind one lock: the caches themselves
are not thread-safe, and a pop while another thread iterated the plain dicts they replace could
raise; a full memo now drops its least recently used entry, not everything):

- **content** (places, hotels, exchange rates), kept already unpickled for ``MEMO_SECONDS``: a
  results page reads a city's whole hotel list, and unpickling it on every request cost more
  than rendering the cards. An entry serves a page that will be kept only in the epoch it was
  read in (``freshness.epoch()``): when another process saw the content change and so dropped
  every kept page, this one reads the shared cache again rather than keep a page of what it
  memoised before.
- **live rates** of the last ``LIVE_MEMO_SIZE`` stays, each until the moment the shared cache
  lets it go (stored in the entry, epoch seconds), never longer: every process that reads a
  stay's rates in that window reads the same answer, so the memo shows no price a fresh read
  could not. A city's rates are about 110 KB pickled (3 ms to unpickle).
"""

import threading
import time

from cachetools import TLRUCache

MEMO_SECONDS = 30
MEMO_SIZE = 256
LIVE_MEMO_SIZE = 16

_MISSING = object()


class Memo:
    """A bounded map of key -> (value, expiry), least recently used out first, thread-safe.
    ``timer`` is the clock the expiries are written in."""

    def __init__(self, size: int, *, timer=time.monotonic):
        self._lock = threading.Lock()
        self._timer = timer
        self._entries = TLRUCache(maxsize=size, ttu=lambda _key, entry, _now: entry[1], timer=timer)

    def get(self, key, default=None, *, epoch=_MISSING):
        """The live value under ``key``; with ``epoch``, only one stored in that epoch."""
        with self._lock:
            entry = self._entries.get(key)
        if entry is None or (epoch is not _MISSING and epoch is not None and entry[2] != epoch):
            return default
        return entry[0]

    def put(self, key, value, *, until: float, epoch=None) -> None:
        with self._lock:
            self._entries[key] = (value, until, epoch)

    def now(self) -> float:
        return self._timer()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        with self._lock:
            self._entries.expire()
            return len(self._entries)


content = Memo(MEMO_SIZE)
live = Memo(LIVE_MEMO_SIZE, timer=lambda: time.time())  # the shared cache's clock


def clear() -> None:
    """Forgets both memos (a test that stands for a new process)."""
    content.clear()
    live.clear()
