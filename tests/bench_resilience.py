"""``make bench`` part: how the storefront answers while the provider is slow or trickling.

Starts the processes of ``tests.cluster`` (Redis, the sandbox, two storefront servers sharing
them, with the shipped time budgets) behind a ``tests.providers.ProviderProxy``, then prints, for
each case, how many requests were made, their statuses and the slowest answer. A flood of random
Host headers runs beside an ordinary visitor, whose answers show whether workers stayed free.

Run: ``python -m tests.bench_resilience`` (from the project folder, with the project's venv).
"""

import os
import re
import sys
import tempfile
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import django
import requests

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "storefront.settings")
django.setup()  # the demo password and the shipped budgets are read from the project

from storefront.sandbox.demo import DEMO_PASSWORD  # noqa: E402
from tests.cluster import Cluster, log_in  # noqa: E402
from tests.providers import ProviderProxy  # noqa: E402

TIMEOUT = 60
SLOW_SECONDS = 10.0


def _timed_get(session, url, **kwargs):
    start = time.monotonic()
    response = session.get(url, timeout=TIMEOUT, allow_redirects=False, **kwargs)
    return response.status_code, time.monotonic() - start


def _login(base):
    start = time.monotonic()
    session, response = log_in(base, "traveller@example.com", DEMO_PASSWORD, timeout=TIMEOUT)
    return session, response.status_code, time.monotonic() - start


def _row(name, answers):
    statuses = Counter(status for status, _ in answers)
    slowest = max(seconds for _, seconds in answers)
    shown = ", ".join(f"{count}x{status}" for status, count in sorted(statuses.items()))
    print(f"{name:<58} {len(answers):>4}  {shown:<18} slowest {slowest:6.2f} s")


def main() -> int:
    with tempfile.TemporaryDirectory() as workdir:
        cluster = Cluster(Path(workdir))
        proxy = None
        try:
            sandbox = cluster.start_backends()
            proxy = ProviderProxy(sandbox)
            proxy.delay = SLOW_SECONDS
            # Every request here comes from 127.0.0.1: the lead allowance per address is lifted.
            a, b = cluster.start_webs(proxy.url, AUTH_RECHECK_SECONDS="0", LEADS_PER_IP="100000")
            plain = requests.Session()
            for base in (a, b):
                plain.get(base + "/", timeout=TIMEOUT)  # warm: fid 1 is known
            visitor, status, _ = _login(a)
            assert status == 302, status
            from storefront import settings

            print(
                f"Provider answers after {SLOW_SECONDS:.0f} s or trickles one byte every "
                f"{proxy.interval} s; page budget {settings.PAGE_BUDGET_SECONDS} s, first-time "
                f"lookups {settings.HOST_LOOKUP_SECONDS} s x {settings.HOST_LOOKUP_CONCURRENCY}."
            )
            print(f"{'case':<58} {'reqs':>4}  {'statuses':<18}")
            for mode in ("slow", "trickle-body", "trickle-headers"):
                proxy.mode = mode
                cluster.flush_redis()  # the circuit starts closed: every case really waits
                _row(
                    f"{mode}: anonymous page, new agent fid each",
                    [_timed_get(plain, f"{(a, b)[n % 2]}/hotels?fid={5000 + n}") for n in range(6)],
                )
                cluster.flush_redis()
                _row(
                    f"{mode}: logged-in page, /v3/auth asked every view",
                    [_timed_get(visitor, f"{a}/hotels") for _ in range(6)],
                )
                cluster.flush_redis()
                _, status, seconds = _login(b)
                _row(f"{mode}: login", [(status, seconds)])

            proxy.mode = "slow"
            cluster.flush_redis()
            proxy.reset()

            def flood(number):
                host = f"h{uuid.uuid4().hex[:12]}.example"
                return _timed_get(requests, f"{(a, b)[number % 2]}/", headers={"Host": host})

            with ThreadPoolExecutor(max_workers=16) as pool:
                flooding = pool.map(flood, range(96))
                ordinary = [_timed_get(plain, f"{(a, b)[n % 2]}/hotels") for n in range(20)]
                flooded = list(flooding)
            _row("flood: 96 new random hosts, 16 at a time", flooded)
            _row("ordinary visitor during the flood", ordinary)
            lookups = proxy.max_held_at_once(path="/v3/white-label/")
            print(f"host lookups held at the provider at once during the flood: {lookups}")
            checked = re.search(r"<title>(.*?)</title>", plain.get(a + "/", timeout=TIMEOUT).text)
            print(f"home page after the flood: {checked.group(1) if checked else '?'}")
            proxy.mode = "pass"
            _isolated_failures(cluster, sandbox, plain, (a, b))
        finally:
            cluster.close()
            if proxy:
                proxy.close()
    return 0


def _isolated_failures(cluster, sandbox, plain, webs) -> None:
    """Failures that must stay where they start (issue 31): the lead service down, a Redis
    frozen, junk in the query string, leads after an outage."""
    import redis

    a, b = webs
    cluster.flush_redis()
    requests.post(f"{sandbox}/sandbox/leads-mode", json={"mode": "fail"}, timeout=TIMEOUT)
    sent = [_timed_post(plain, f"{(a, b)[n % 2]}/leads", _lead(n)) for n in range(300)]
    _row("lead service down: 300 leads (all queued)", sent)
    _row(
        "... meanwhile: results pages with prices",
        [
            _timed_get(plain, f"{(a, b)[n % 2]}/hotels/search?place=2002&{_stay(n)}&guests=2")
            for n in range(6)
        ],
    )
    _, status, seconds = _login(a)
    _row("... meanwhile: login", [(status, seconds)])
    cluster.start_process("worker", "db_worker", "--no-reload", "--interval", "0.5")
    requests.post(f"{sandbox}/sandbox/leads-mode", json={"mode": "ok"}, timeout=TIMEOUT)
    back = time.monotonic()
    while _sent_leads(cluster) < 300 and time.monotonic() - back < 600:
        time.sleep(1)
    print(
        f"leads delivered {_sent_leads(cluster)} of 300, the last {time.monotonic() - back:.0f} s "
        "after the lead service came back"
    )
    cluster.stop("worker")

    cache = redis.Redis(port=cluster.redis_port)
    cluster.flush_redis()
    before = cache.info("memory")["used_memory"]
    junk = [
        _timed_get(plain, f"{(a, b)[n % 2]}{path}?utm_source={uuid.uuid4().hex}&x={n}")
        for n in range(100)
        for path in ("/sitemap.xml", "/de/hotels")
    ]
    after = cache.info("memory")["used_memory"]
    _row("junk query strings: 200 requests, 2 pages", junk)
    print(f"caches' Redis after the junk: {cache.dbsize()} keys, {(after - before) / 1e6:+.1f} MB")

    with cluster.frozen("redis"):
        frozen = [_timed_get(plain, f"{(a, b)[n % 2]}/de/hotels") for n in range(12)]
        health = [_timed_get(plain, f"{(a, b)[n % 2]}/health") for n in range(6)]
    _row("caches' Redis frozen (SIGSTOP): pages", frozen)
    _row("caches' Redis frozen (SIGSTOP): /health", health)


def _stay(n: int) -> str:
    from datetime import date, timedelta

    check_in = date.today() + timedelta(days=40 + n)
    return f"check_in={check_in}&check_out={check_in + timedelta(days=2)}"


def _lead(n: int) -> dict:
    return {
        "name": f"Agent {n}",
        "email": f"bench{n}@example.com",
        "country": "IL",
        "calling_code": "972",
        "phone": f"052-555-{n:04d}",
        "key": f"bench-{n:06d}-abcdefghijk",
        "website": "",
    }


def _timed_post(session, url, body):
    start = time.monotonic()
    response = session.post(url, json=body, timeout=TIMEOUT)
    return response.status_code, time.monotonic() - start


def _sent_leads(cluster) -> int:
    import sqlite3

    with sqlite3.connect(str(cluster.workdir / "db.sqlite3"), timeout=30) as conn:
        return conn.execute("select count(*) from leads_lead where status = 'sent'").fetchone()[0]


if __name__ == "__main__":
    sys.exit(main())
