"""A stay's rates are read from the shared cache once per process, then kept here, already
unpickled, until the moment the shared cache lets them go (``inventory.memo.live``): a results
page rendered again within the minute does not unpickle a city's rates (110 KB) each time, and
no price outlives the rates it came from. What a caller sees: how often the provider is asked
and how often the shared cache is read."""

import threading
import time
from datetime import timedelta

import pytest

from storefront.search.query import today
from storefront.upstream import inventory
from storefront.upstream.inventory import memo
from storefront.upstream.inventory.memo import Memo


def _rates(days=30):
    check_in = today() + timedelta(days=days)
    return inventory.rates(
        check_in=check_in,
        check_out=check_in + timedelta(days=2),
        occupancies=[{"adults": 2, "children": []}],
        currency="USD",
        guest_country=None,
        locale="en",
        place=2002,
    )


def _asked(proxy):
    return sum(path.startswith("/v3/hotels/rates") for path in proxy.paths)


class _CountingCache:
    """The shared cache, counting the reads of this process."""

    def __init__(self, real):
        self.real, self.reads = real, 0

    def get(self, *args, **kwargs):
        self.reads += 1
        return self.real.get(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.real, name)


@pytest.fixture
def shared(monkeypatch):
    counting = _CountingCache(inventory.content.cache)
    monkeypatch.setattr(inventory.content, "cache", counting)
    return counting


def test_a_stays_rates_are_kept_in_the_process_until_they_expire(
    provider_proxy, settings, monkeypatch, shared
):
    settings.INVENTORY_RATES_SECONDS = 20
    first = _rates()
    assert first and _asked(provider_proxy) == 1
    reads = shared.reads
    assert _rates() == first
    assert (shared.reads, _asked(provider_proxy)) == (reads, 1)  # not read again at all

    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 19)
    assert _rates() == first and shared.reads == reads  # still within their life
    monkeypatch.setattr(time, "time", lambda: real() + 21)
    fresh = _rates()  # the shared cache let them go: asked again
    assert fresh == first  # the sandbox's prices for a stay are fixed
    assert _asked(provider_proxy) == 2


def test_another_process_reads_the_same_rates_from_the_shared_cache(provider_proxy, shared):
    first = _rates()
    memo.live.clear()  # another process: its own memo, the same shared cache
    reads = shared.reads
    assert _rates() == first
    assert shared.reads == reads + 1 and _asked(provider_proxy) == 1


def test_only_the_last_few_stays_are_kept(provider_proxy, shared):
    stays = range(30, 30 + memo.LIVE_MEMO_SIZE + 3)
    for days in stays:
        _rates(days)
    asked, reads = _asked(provider_proxy), shared.reads
    _rates(stays[-1])  # the last one is kept in the process
    assert (_asked(provider_proxy), shared.reads) == (asked, reads)
    _rates(stays[0])  # the first was let go here, and read again from the shared cache
    assert (_asked(provider_proxy), shared.reads) == (asked, reads + 1)


def test_a_memo_stays_whole_and_bounded_under_threads():
    """The threaded server's workers read and write one memo at once: no error, never more than
    its size, the least recently used out first."""
    kept = Memo(8)
    errors = []

    def work(start):
        try:
            for i in range(start, start + 2000):
                kept.put(i % 50, i, until=kept.now() + 60)
                kept.get((i * 7) % 50)
                assert len(kept) <= 8
        except Exception as exc:  # noqa: BLE001 — any error in a thread is the failure
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(n * 1000,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == [] and len(kept) <= 8

    recent = Memo(2)
    recent.put("a", 1, until=recent.now() + 60)
    recent.put("b", 2, until=recent.now() + 60)
    recent.get("a")  # used: "b" is now the least recently used
    recent.put("c", 3, until=recent.now() + 60)
    assert (recent.get("a"), recent.get("b"), recent.get("c")) == (1, None, 3)


def test_an_entry_expires_and_serves_only_its_epoch():
    kept = Memo(4)
    kept.put("gone", 1, until=kept.now() - 1)
    kept.put("spain", "Spain", until=kept.now() + 60, epoch=3)
    assert kept.get("gone") is None
    assert kept.get("spain", epoch=3) == "Spain"
    assert kept.get("spain", epoch=4) is None  # kept pages were dropped since: read again
    assert kept.get("spain", epoch=None) == "Spain"  # a page nobody will keep
