"""A stay's rates are read from the shared cache once per process, then kept here, already
unpickled, until the moment the shared cache lets them go (``inventory._live``): a results page
rendered again within the minute does not unpickle a city's rates (110 KB) each time, and no
price outlives the rates it came from."""

import time
from datetime import timedelta

from storefront.search.query import today
from storefront.upstream import inventory


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


def test_a_stays_rates_are_kept_in_the_process_until_they_expire(
    provider_proxy, settings, monkeypatch
):
    settings.INVENTORY_RATES_SECONDS = 20
    first = _rates()
    assert first and _asked(provider_proxy) == 1
    assert _rates() is first  # the same objects: not read from the shared cache again
    assert _asked(provider_proxy) == 1

    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 19)
    assert _rates() is first  # still within their life
    monkeypatch.setattr(time, "time", lambda: real() + 21)
    fresh = _rates()  # the shared cache let them go: asked again
    assert fresh is not first and fresh == first  # the sandbox's prices for a stay are fixed
    assert _asked(provider_proxy) == 2


def test_another_process_reads_the_same_rates_from_the_shared_cache(provider_proxy):
    first = _rates()
    inventory._live.clear()  # another process: its own memo, the same shared cache
    assert _rates() == first
    assert _asked(provider_proxy) == 1


def test_only_the_last_few_stays_are_kept(provider_proxy):
    for days in range(30, 30 + inventory.LIVE_MEMO_SIZE + 3):
        _rates(days)
    assert len(inventory._live) == inventory.LIVE_MEMO_SIZE
    asked = _asked(provider_proxy)
    _rates(30 + inventory.LIVE_MEMO_SIZE + 2)  # the last one is kept
    assert _asked(provider_proxy) == asked
