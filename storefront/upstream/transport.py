"""The connection pool, and the watchdog that ends a call at its deadline.

Socket timeouts bound each wait for the next bytes, not a whole call: a provider that sends one
byte every few seconds (headers or body) never trips them. So every call arms a watchdog: a timer
that, at the deadline, shuts down the sockets the call is using. The blocked read returns at once,
requests raises, and the client reports the provider as unavailable. The pool's connections
register their socket with the calling thread's watchdog when they connect and when they are
reused for a request.

The pool never keeps cookies: every visitor's provider cookies travel explicitly with their own
calls, or one visitor's session would leak into another's.
"""

import http.cookiejar
import socket
import threading
from contextlib import contextmanager

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

_local = threading.local()


class Watchdog:
    def __init__(self):
        self.sockets: list[socket.socket] = []
        self.fired = False
        self.lock = threading.Lock()

    def watch(self, sock) -> None:
        with self.lock:
            self.sockets.append(sock)
            fired = self.fired
        if fired:
            _shut(sock)

    def fire(self) -> None:
        with self.lock:
            self.fired = True
            sockets = list(self.sockets)
        for sock in sockets:
            _shut(sock)


def _shut(sock) -> None:
    try:
        sock.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass


@contextmanager
def watchdog(seconds: float):
    """Sockets used by this thread inside the block are shut down after ``seconds``. Yields the
    watchdog; ``.fired`` tells whether it ended the call."""
    dog = Watchdog()
    timer = threading.Timer(max(0.0, seconds), dog.fire)
    timer.daemon = True
    previous = getattr(_local, "dog", None)
    _local.dog = dog
    timer.start()
    try:
        yield dog
    finally:
        timer.cancel()
        _local.dog = previous


def _register(sock) -> None:
    dog = getattr(_local, "dog", None)
    if dog is not None and sock is not None:
        dog.watch(sock)


class _WatchedMixin:
    def _new_conn(self):
        sock = super()._new_conn()
        _register(sock)
        return sock

    def request(self, *args, **kwargs):
        _register(self.sock)  # a kept-alive connection reused for this call
        return super().request(*args, **kwargs)


class _HTTPConnection(_WatchedMixin, HTTPConnection):
    pass


class _HTTPSConnection(_WatchedMixin, HTTPSConnection):
    pass


class _HTTPPool(HTTPConnectionPool):
    ConnectionCls = _HTTPConnection


class _HTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _HTTPSConnection


def pool() -> requests.Session:
    """One connection pool per process, with watched connections and no cookie jar."""
    session = requests.Session()
    session.cookies.set_policy(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
    adapter = HTTPAdapter(pool_connections=4, pool_maxsize=16)
    adapter.poolmanager.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session
