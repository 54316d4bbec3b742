"""Shared fixtures.

- The Django test client's host, ``testserver``, is made a canonical host.
- The provider sandbox runs as a live server, started once when a test first asks for it:
  ``provider`` makes it this test's upstream (so calls exercise the real client over real HTTP),
  ``demo_data`` does too and says the test relies on the demo rows (written once per session,
  with a fast password hasher). Other tests have no provider (a closed port), which they must
  survive like production does.
- Every cache starts empty in every test (brands, throttle counters, the circuit breaker).
"""

import threading

import pytest

# The connection maps of the running live servers. Each test points them at its own connection:
# Playwright's sync API runs test code under another greenlet context, where Django hands out a
# different connection object, and the servers must see the test's transaction.
_LIVE_OVERRIDES: list[dict] = []


def _share_current_connections():
    from django.db import connections

    for overrides in _LIVE_OVERRIDES:
        for alias in list(overrides):
            current = connections[alias]
            if overrides[alias] is not current:
                current.inc_thread_sharing()
                overrides[alias] = current


def _between_tests(app):
    """The live server's app, answering 503 to a request that it takes up between two tests,
    when the database is closed to everyone: a request a page sent just before its test ended
    (an image, a chunk, a fetch) may reach a server thread only once the test is over. Nobody
    reads that answer, so it prints no traceback; during a test the database is open and
    nothing changes."""

    def serve(environ, start_response):
        try:
            return app(environ, start_response)
        except RuntimeError as error:
            if "Database access not allowed" not in str(error):
                raise
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"between tests"]

    return serve


# One SQLite connection object is shared by the test and every live server's request threads (the
# storefront's, and the sandbox's it calls): two threads in it at once made SQLite fail with
# "bad parameter or other API misuse" (a 500 on /searches at login, on the brand admin's preview,
# under a loaded machine). Each call into a cursor of it takes this lock; none holds it across
# anything but that one call, so a request waiting on another server never blocks it.
_SQLITE_LOCK = threading.RLock()


def _serialize_sqlite_cursors():
    from django.db.backends.sqlite3.base import DatabaseWrapper, SQLiteCursorWrapper

    if getattr(SQLiteCursorWrapper, "_serialized", False):
        return

    def locked(method):
        def call(self, *args, **kwargs):
            with _SQLITE_LOCK:
                return method(self, *args, **kwargs)

        return call

    for name in ("execute", "executemany", "fetchone", "fetchmany", "fetchall", "close"):
        setattr(SQLiteCursorWrapper, name, locked(getattr(SQLiteCursorWrapper, name)))
    for name in ("create_cursor", "_commit", "_rollback", "_set_autocommit"):
        setattr(DatabaseWrapper, name, locked(getattr(DatabaseWrapper, name)))
    SQLiteCursorWrapper._serialized = True


def start_live_server(handler_factory, django_db_blocker):
    """Serve ``handler_factory()`` on a free loopback port in a thread, sharing the test database
    (in-memory SQLite connections are shared with the thread, each cursor call serialized).
    Returns (thread, url)."""
    from django.db import connections
    from django.test.testcases import LiveServerThread

    _serialize_sqlite_cursors()
    with django_db_blocker.unblock():
        overrides = {
            conn.alias: conn
            for conn in connections.all()
            if conn.vendor == "sqlite" and conn.is_in_memory_db()
        }
        for conn in overrides.values():
            conn.inc_thread_sharing()
        thread = LiveServerThread(
            "127.0.0.1",
            static_handler=lambda app: _between_tests(handler_factory() or app),
            connections_override=overrides,
            port=0,
        )
        _LIVE_OVERRIDES.append(overrides)
        thread.daemon = True
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
    return thread, f"http://127.0.0.1:{thread.port}"


def stop_live_server(thread):
    thread.terminate()
    for conn in thread.connections_override.values():
        if conn.allow_thread_sharing:
            conn.dec_thread_sharing()


@pytest.fixture(scope="session")
def sandbox_url(django_db_setup, django_db_blocker):
    from storefront.sandbox.server import SandboxHandler

    thread, url = start_live_server(SandboxHandler, django_db_blocker)
    yield url
    stop_live_server(thread)


@pytest.fixture
def provider(settings, sandbox_url):
    """Opt in: this test's upstream is the sandbox (otherwise nothing answers)."""
    settings.UPSTREAM_URL = sandbox_url
    return sandbox_url


@pytest.fixture(scope="session")
def server_url(django_db_setup, django_db_blocker, sandbox_url):
    """The storefront in a live server thread (real HTTP, concurrent requests), static files
    served by WhiteNoise as in production; its upstream is the session's sandbox."""
    thread, url = start_live_server(lambda: None, django_db_blocker)
    yield url
    stop_live_server(thread)


@pytest.fixture
def provider_proxy(settings, sandbox_url):
    """The upstream becomes a ``tests.providers.ProviderProxy`` in front of the sandbox."""
    from tests.providers import ProviderProxy

    proxy = ProviderProxy(sandbox_url)
    settings.UPSTREAM_URL = proxy.url
    yield proxy
    proxy.close()


@pytest.fixture(autouse=True)
def _test_environment(settings, db):
    from django.core.cache import caches

    # No provider unless the test asks for one (``provider``, ``demo_data``, ``provider_proxy``):
    # nothing listens on the discard port, so a stray call fails at once.
    settings.UPSTREAM_URL, settings.UPSTREAM_RETRY_BACKOFF = "http://127.0.0.1:9", 0
    settings.CANONICAL_HOSTS = [*settings.CANONICAL_HOSTS, "testserver"]
    # A busy test machine may take seconds for an answer: only the tests of the budgets
    # (tests/upstream/test_time_budget.py) run with the production values.
    settings.PAGE_BUDGET_SECONDS, settings.HOST_LOOKUP_SECONDS = 10.0, 5.0
    settings.UPSTREAM_READ_TIMEOUT = 8.0
    # Nearly every page a test asks for is a first visit: kept pages are compressed fast, not at
    # brotli 11 (up to 0.2 s a page). tests/test_page_cache.py checks both.
    settings.PAGE_CACHE_BEST_COMPRESSION = False
    _share_current_connections()
    for cache in caches.all():
        cache.clear()
    from storefront.upstream import inventory

    inventory.memo.clear()  # the process's memos of provider content and rates, too
    # Background brand refreshes store snapshots outside the test's transaction: start without.
    from storefront.brands.models import BrandSnapshot

    BrandSnapshot.objects.all().delete()
    yield
    # A background brand refresh started by this test must not land in the next one's cache.
    for thread in threading.enumerate():
        if thread.name.startswith("brand-refresh-"):
            thread.join(timeout=30)


def pytest_configure(config):
    """A fast password hasher for the whole run: tests hash and check passwords all the time, and
    the production hasher is slow on purpose (about half a second a check on this machine).

    Set before any test module is imported and through ``override_settings``, so that Django's
    ``setting_changed`` signal empties the cached hasher list. (Assigning the setting from a
    session fixture left whatever hasher a module had already used cached: the sandbox's
    ``DUMMY_HASH``, made at import during collection, and every wrong password checked against it
    then ran the production hasher, 0.5 s per attempt, depending on which modules ran first.)"""
    from django.test import override_settings

    override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]).enable()


# What a test costs, roughly, in units of a plain test: one that starts a cluster of processes,
# one that drives the browser. Only the order of modules depends on it (below).
CLUSTER_COST, BROWSER_COST = 40, 8


def pytest_collection_modifyitems(items):
    """The costliest modules first. ``make test`` hands tests to the workers one by one
    (``--dist loadgroup``) in this order, so the long ones start early and the short ones fill
    the end. Whole modules (``--dist loadfile``) left one worker alone with the last long module
    while the other had nothing to do: 749 s against 678 s for the whole suite on 2 cores.
    Within a module the order stays as written."""
    costs = {}
    for item in items:
        path = str(item.fspath)
        fixtures = item.fixturenames
        cost = CLUSTER_COST if "cluster" in fixtures else BROWSER_COST if "/e2e/" in path else 1
        costs[path] = costs.get(path, 0) + cost
    items.sort(key=lambda item: (-costs[str(item.fspath)], str(item.fspath)))


@pytest.fixture(scope="session")
def _demo_rows(django_db_setup, django_db_blocker):
    """The demo brands and users, written once for the whole session."""
    from storefront.sandbox.demo import load_demo_data
    from storefront.sandbox.views import DUMMY_HASH

    # The sandbox checks every unknown email against this hash: made with the production hasher,
    # each wrong login would cost half a second (see ``pytest_configure``).
    assert DUMMY_HASH.startswith("md5$"), "the sandbox was imported before the fast hasher was set"
    with django_db_blocker.unblock():
        load_demo_data()


@pytest.fixture
def demo_data(_demo_rows, provider, db):
    """The sandbox's demo rows (loaded once per session; each test's own changes roll back).
    Tests without this fixture see them too: ask for it to say that a test relies on them."""


@pytest.fixture
def demo_bookings(demo_data):
    """The sandbox's demo bookings (the traveller's, the agent's clients', …), written for this
    test (its transaction rolls them back); returns them."""
    from storefront.sandbox.demo import load_demo_bookings

    return load_demo_bookings()


@pytest.fixture
def traveller_client(client, demo_data):
    """The test client logged in as the demo traveller (through the login form)."""
    from tests.login import login_form

    response = client.post("/login", login_form("traveller@example.com"))
    assert response.status_code == 302, response.status_code
    return client


@pytest.fixture
def lead_service(sandbox_url):
    """The sandbox's lead endpoint, switched between "ok", "fail" and "hang"; back to ok after."""
    import requests

    def mode(value):
        requests.post(f"{sandbox_url}/sandbox/leads-mode", json={"mode": value}, timeout=5)

    yield mode
    mode("ok")
