"""Two storefront processes sharing one Redis and one PostgreSQL database (issue 10, findings 1
and 2; issue 14: the scale-out configuration, pooled connections through DATABASE_URL).

Each test starts from an empty Redis and a provider that answers; the provider is a
``ProviderProxy`` in front of the cluster's own sandbox process, so a test can make it slow or
failing for both storefront processes at once.
"""

import re
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from html import unescape

import pytest
import requests

from storefront.sandbox.demo import DEMO_PASSWORD
from tests.cluster import Cluster, log_in
from tests.providers import ProviderProxy

TIMEOUT = 30
# One cluster for the module: its tests stay on one worker (`--dist loadgroup`).
pytestmark = pytest.mark.xdist_group("shared-state-cluster")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = Cluster(tmp_path_factory.mktemp("cluster"), database="postgresql")
    proxy = None
    try:
        proxy = ProviderProxy(cluster.start_backends())
        # The provider's password checks are slow on purpose and a test machine may be busy: page
        # budgets as in the in-process tests (first-time host lookups keep theirs, 1 s).
        # Redis's waits too: a full parallel run once kept Redis from answering a first login's
        # throttle count within 0.25 s (the frozen-Redis test still sees them bounded).
        cluster.start_webs(
            proxy.url,
            PAGE_BUDGET_SECONDS="30",
            UPSTREAM_READ_TIMEOUT="30",
            REDIS_CONNECT_TIMEOUT="1",
            REDIS_TIMEOUT="1",
        )
        cluster.proxy = proxy
        yield cluster
    finally:
        cluster.close()
        if proxy:
            proxy.close()


@pytest.fixture
def fresh(cluster):
    cluster.proxy.mode = "pass"
    cluster.flush_redis()
    for web in cluster.web:
        requests.get(web + "/health", timeout=TIMEOUT)
    cluster.proxy.reset()
    yield cluster
    cluster.proxy.mode = "pass"


def _get(base, path="/", host=None):
    headers = {"Host": host} if host else {}
    return requests.get(base + path, headers=headers, timeout=TIMEOUT, allow_redirects=False)


def _login(base, email, password):
    return log_in(base, email, password, timeout=TIMEOUT)[1]


def _title(response) -> str:
    match = re.search(r"<title>(.*?)</title>", response.text, re.S)
    return match.group(1) if match else ""


def test_login_throttle_counts_parallel_attempts_across_both_processes(fresh):
    """25 wrong passwords, 8 at a time, over both processes: exactly the limit get through.
    (The sandbox checks each with the production password hasher, slow on purpose.)"""
    a, b = fresh.web

    def attempt(number):
        return _login((a, b)[number % 2], "traveller@example.com", "wrong-password").status_code

    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(attempt, range(25)))
    assert statuses.count(422) == 10, statuses
    assert statuses.count(429) == 15, statuses
    # and the right password from this address stays refused inside the window
    assert _login(a, "traveller@example.com", DEMO_PASSWORD).status_code == 429


def test_a_login_on_one_process_is_a_session_on_the_other(fresh):
    a, b = fresh.web
    session, response = log_in(a, "traveller@example.com", DEMO_PASSWORD, timeout=TIMEOUT)
    assert response.status_code == 302
    profile = session.get(b + "/profile", timeout=TIMEOUT, allow_redirects=False)
    assert profile.status_code == 200  # anonymous: 302 to /login
    assert "X-Page-Cache" not in profile.headers  # a logged-in visitor's page is never kept
    home = session.get(b + "/hotels", timeout=TIMEOUT)
    assert "X-Page-Cache" not in home.headers


def test_a_page_one_process_kept_is_served_by_the_other(fresh):
    a, b = fresh.web
    same = {"Host": "localhost:8000"}  # as the proxy passes it on, whichever process answers
    first = requests.get(a + "/de/hotels", headers=same, timeout=TIMEOUT)
    second = requests.get(b + "/de/hotels", headers=same, timeout=TIMEOUT)
    assert first.headers["X-Page-Cache"] == "miss" and second.headers["X-Page-Cache"] == "hit"
    assert first.text == second.text


def test_an_open_circuit_in_one_process_spares_the_provider_in_the_other(fresh):
    a, b = fresh.web
    fresh.proxy.mode = "fail"
    for fid in (1001, 1002, 1003, 1004, 1005):  # first-time agent brands: each lookup fails
        assert _get(a, f"/hotels?fid={fid}").status_code == 302
    asked = fresh.proxy.requests
    assert asked >= 5
    for fid in (2001, 2002, 2003):
        assert _get(b, f"/hotels?fid={fid}").status_code == 302
    assert fresh.proxy.requests == asked  # process b knew the circuit was open


def test_partners_stay_branded_when_the_provider_is_down_and_the_cache_is_gone(fresh):
    a, b = fresh.web
    globex, acme = "travel.globex.localhost", "acme.partners.localhost"
    assert "Globex Holidays" in _title(_get(a, "/hotels", host=globex))
    assert "Acme Travel" in _title(_get(a, "/hotels", host=acme))
    fresh.proxy.mode = "fail"
    fresh.flush_redis()
    b = fresh.restart_web(1)
    for base in (a, b):
        response = _get(base, "/hotels", host=globex)
        assert response.status_code == 200 and "Globex Holidays" in _title(response)
        response = _get(base, "/hotels", host=acme)
        assert response.status_code == 200 and "Acme Travel" in _title(response)
    assert _get(b, "/hotels", host="never-seen.example").status_code == 503


def test_a_flood_of_new_hosts_holds_one_provider_call_at_a_time(fresh):
    """Random Host headers, each new, over both processes while the provider takes 10 s: at
    most HOST_LOOKUP_CONCURRENCY (1) lookups reach it at once; the rest are refused at once."""
    fresh.proxy.mode = "slow"

    def visit(number):
        start = time.monotonic()
        host = f"h{uuid.uuid4().hex[:12]}.example"
        status = _get(fresh.web[number % 2], "/", host=host).status_code
        return status, time.monotonic() - start

    with ThreadPoolExecutor(max_workers=12) as pool:
        answers = list(pool.map(visit, range(48)))
    assert {status for status, _ in answers} == {503}
    assert fresh.proxy.max_held_at_once(path="/v3/white-label/") == 1
    assert max(seconds for _, seconds in answers) < 4  # one lookup budget (1 s) plus margin


def test_nginx_in_front_loses_no_request_when_a_web_process_dies(fresh):
    """Visitors through nginx (upstream to both processes) while one process is killed: every
    request nginx can retry is answered, by the other process when nginx finds the first gone.
    The one kind it cannot retry is an answer the killed process had begun to send (its headers
    are already on their way to the visitor): such a cut can only hit a request in flight at the
    kill, never one that started after it, and never shows as an error page."""
    front = fresh.start_nginx()
    paths = ["/de/hotels", "/hotels/spain", "/he/", "/health", "/choose/country"]
    workers, kill_at = 8, 60
    killed = threading.Event()

    def visit(number):
        if number == kill_at:
            fresh.kill("web1")  # SIGKILL, mid-load: its requests in flight are cut
            killed.set()
        # Which requests were in flight is told by the clock, not by their numbers: under load
        # one slow request can still be on web1 when thirty later ones are done.
        after = killed.is_set()
        try:
            response = requests.get(front + paths[number % len(paths)], timeout=TIMEOUT)
        except requests.exceptions.ChunkedEncodingError:  # the body stopped half-way
            return after, "cut"
        return after, response.status_code

    try:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            answers = list(pool.map(visit, range(200)))
        statuses = [status for _after, status in answers]
        assert all(status == 200 for after, status in answers if after), [
            (n, status) for n, (after, status) in enumerate(answers) if after and status != 200
        ]
        assert set(statuses) <= {200, "cut"}  # no 502: what nginx could retry, it did
        assert statuses.count(200) >= 200 - workers  # only those in flight at the kill
    finally:
        if "web1" not in fresh.processes:
            fresh.start_web(1)
        fresh.stop("nginx")


def test_a_traveller_goes_from_search_to_booking_across_both_processes(fresh):
    """The booking journey as nginx would spread it: logged in on one process, a search there,
    the hotel on the other, /book on each. Both price the chosen offer the same (the provider's
    answer, re-asked, never kept), and the search the traveller ran on one process is in their
    saved searches on the other (PostgreSQL)."""
    a, b = fresh.web
    session, response = log_in(a, "traveller@example.com", DEMO_PASSWORD, timeout=TIMEOUT)
    assert response.status_code == 302
    check_in = date.today() + timedelta(days=45)
    stay = f"check_in={check_in}&check_out={check_in + timedelta(days=2)}"
    results = session.get(f"{a}/hotels/search?place=2002&{stay}&guests=2", timeout=TIMEOUT)
    assert results.status_code == 200 and "X-Page-Cache" not in results.headers
    hotel_link = unescape(re.search(r'href="(/hotels/spain/[^"]*offer=[^"]*)"', results.text)[1])
    hotel = session.get(b + hotel_link, timeout=TIMEOUT)
    assert hotel.status_code == 200
    book_link = unescape(re.search(r'href="(/book\?offer=[^"]*)"', hotel.text)[1])
    booked = [session.get(base + book_link, timeout=TIMEOUT) for base in (a, b)]
    lines = [re.search(r'<dl class="book__lines">(.*?)</dl>', page.text, re.S) for page in booked]
    assert all(page.status_code == 200 for page in booked)
    assert lines[0] and lines[0][1] == lines[1][1]  # the same room, stay and price on both
    saved = session.get(b + "/searches", timeout=TIMEOUT)
    assert str(check_in) in saved.text  # the search run on the other process


def test_a_frozen_redis_costs_bounded_misses_never_a_stalled_site(fresh):
    """A Redis stopped (SIGSTOP: it accepts connections and never answers) while visitors come
    to both processes. Before: no request completed, ``/health`` included (the cache had no
    socket timeouts, and the page cache reads it before any view). Now each cache operation waits
    at most ``REDIS_TIMEOUT`` and a server that did not answer is skipped for a few seconds.
    The caches' Redis frozen: pages render (misses), ``/health`` answers at once, logins go on
    (their counters are on the other Redis). The state's Redis frozen: a login, whose throttle
    counters cannot be kept, is refused with the clear message at once (the documented
    direction), and pages still render."""
    a, b = fresh.web
    paths = ["/health", "/de/hotels", "/hotels/spain", "/he/", "/choose/country", "/health"]
    assert _get(a, "/de/hotels").headers["X-Page-Cache"] == "miss"  # kept, in Redis

    def visit(number):
        start = time.monotonic()
        response = requests.get(fresh.web[number % 2] + paths[number % len(paths)], timeout=10)
        return response.status_code, time.monotonic() - start

    for frozen in ("redis", "redis-state"):
        with fresh.frozen(frozen):
            with ThreadPoolExecutor(max_workers=8) as pool:
                answers = list(pool.map(visit, range(36)))
            login = _login(b, "traveller@example.com", DEMO_PASSWORD)
            health = [visit(0) for _ in range(3)]
        assert [status for status, _ in answers] == [200] * 36, (frozen, answers)
        assert max(seconds for _, seconds in answers) < 5, (frozen, answers)  # none waited on it
        assert all(status == 200 and seconds < 1 for status, seconds in health), health
        if frozen == "redis":
            assert login.status_code == 302, login.status_code
        else:
            assert login.status_code == 503 and "not possible right now" in login.text
    # Both back: once each process stops skipping them (REDIS_SKIP_SECONDS), pages are kept and
    # served kept again, and login attempts are counted again (a wrong password: 422, not 503).
    deadline = time.monotonic() + 20
    for web in (a, b):
        while (
            _get(web, "/de/hotels").headers["X-Page-Cache"] != "hit"
            or _login(web, "traveller@example.com", "wrong-password").status_code != 422
        ):
            assert time.monotonic() < deadline, "Redis never used again after it came back"


def _lead_from(front: str, source: str, number: int, forwarded: str = "") -> int:
    """A lead posted to ``front`` from the loopback address ``source`` (127.0.0.2, 127.0.0.3...:
    two visitors, as nginx sees them); its status."""
    import http.client
    import json
    from urllib.parse import urlsplit

    address = urlsplit(front)
    connection = http.client.HTTPConnection(
        address.hostname, address.port, timeout=TIMEOUT, source_address=(source, 0)
    )
    lead = {
        "name": "Dana Levi",
        "email": f"proxy{source.replace('.', '-')}-{number}@example.com",
        "country": "il",
        "calling_code": "972",
        "phone": "052-555-1234",
        "website": "",
        "key": f"proxy-{source}-{number:04d}-abcdefgh",
    }
    headers = {"Content-Type": "application/json", "Host": "127.0.0.1"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    try:
        connection.request("POST", "/leads", json.dumps(lead), headers)
        return connection.getresponse().status
    finally:
        connection.close()


def test_behind_nginx_two_visitors_are_throttled_apart(fresh):
    """Before: behind nginx every visitor was 127.0.0.1 to the web processes, so one visitor's
    leads used up everyone's allowance. The cluster trusts the one hop nginx adds."""
    from storefront import settings as shipped

    front = fresh.start_nginx()
    try:
        limit = shipped.LEADS_PER_IP
        first = [_lead_from(front, "127.0.0.2", n) for n in range(limit)]
        assert set(first) == {200}, first
        assert _lead_from(front, "127.0.0.2", limit) == 429
        # A made-up X-Forwarded-For from the visitor is not believed: still the same address.
        assert _lead_from(front, "127.0.0.2", limit + 1, forwarded="198.51.100.7") == 429
        assert _lead_from(front, "127.0.0.3", 0) == 200  # another visitor, not throttled
    finally:
        fresh.stop("nginx")


def test_a_body_over_the_upload_limit_is_a_413_and_the_connection_lives_on(fresh):
    """Before: Django left the unread body in the connection and the production server dropped
    it, so the visitor's next request on the same kept-alive connection failed."""
    import socket
    from urllib.parse import urlsplit

    address = urlsplit(fresh.web[0])
    body = b'{"name": "' + b"x" * (3 * 1024 * 1024) + b'"}'  # over Django's 2.5 MB
    with socket.create_connection((address.hostname, address.port), timeout=TIMEOUT) as sock:
        reader = sock.makefile("rb")
        sock.sendall(
            b"POST /leads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        assert reader.readline().startswith(b"HTTP/1.1 413")
        _skip_response(reader)
        sock.sendall(b"GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")  # the same connection
        assert reader.readline().startswith(b"HTTP/1.1 200")


def _skip_response(reader) -> None:
    """Reads the rest of an HTTP/1.1 response (headers, then a body sized or chunked)."""
    length, chunked = 0, False
    while (line := reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
        if name.lower() == "transfer-encoding" and "chunked" in value:
            chunked = True
    if not chunked:
        reader.read(length)
        return
    while (size := int(reader.readline().split(b";")[0], 16)) > 0:
        reader.read(size + 2)
    reader.readline()
