"""A provider in front of the sandbox that a test can slow down, make trickle, or make fail.

``ProviderProxy(upstream_url)`` listens on a free loopback port and forwards every request to the
sandbox, unless told otherwise through ``mode``:

- ``"pass"``: forward as it is;
- ``"slow"``: hold the request ``delay`` seconds, then forward;
- ``"fail"``: answer 503 at once;
- ``"trickle-body"``: send a 200 with its headers, then one body byte every ``interval`` seconds;
- ``"trickle-headers"``: send the status line, then one header byte every ``interval`` seconds.

``rewrite``, when set, is ``fn(method, path, data) -> data``: it may change any JSON answer the
sandbox gives before it is passed on (a house rule we do not know, a price that changed).

It counts what reaches it (``requests``, ``paths``), and records how long each request was held
before the caller gave up or got its answer (``held``: intervals), so ``max_held_at_once()`` tells
how many callers were waiting on it at the same time. Its waits end at once when the proxy is
closed, and a slow answer is dropped as soon as the caller hangs up.
"""

import http.client
import json
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import SimpleNamespace
from urllib.parse import urlsplit

HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "content-length", "server", "date"}


def breakers_later(monkeypatch, seconds: float) -> None:
    """The circuit breakers' clock (``storefront.upstream.breaker``), ``seconds`` ahead: an open
    period that has run out, without waiting for it."""
    from storefront.upstream import breaker

    now = time.time() + seconds
    monkeypatch.setattr(breaker, "time", SimpleNamespace(time=lambda: now))


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A caller that hangs up between requests on a kept-alive connection is what some tests
        and benches do on purpose: not a traceback in their output."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class ProviderProxy:
    def __init__(self, upstream_url: str):
        self.upstream = urlsplit(upstream_url)
        self.mode = "pass"
        self.rewrite = None
        self.delay = 10.0
        self.interval = 0.2
        self.trickle_seconds = 15.0  # then it stops, so old code fails a test instead of hanging
        self.paths: list[str] = []
        self.held: list[tuple[str, float, float]] = []
        self.lock = threading.Lock()
        self.closed = threading.Event()
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _handle(self):
                start = time.monotonic()
                with proxy.lock:
                    proxy.paths.append(self.path)
                try:
                    proxy._answer(self)
                except OSError:  # the storefront hung up: that is the point of some tests
                    pass
                finally:
                    with proxy.lock:
                        proxy.held.append((self.path, start, time.monotonic()))

            do_GET = do_POST = _handle

            def log_message(self, *args):
                pass

        self.server = _Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def requests(self) -> int:
        return len(self.paths)

    def reset(self):
        with self.lock:
            self.paths.clear()
            self.held.clear()

    def max_held_at_once(self, *, path: str = "/", slack: float = 0.05) -> int:
        """The most requests for paths starting with ``path`` held at the same moment (a
        caller's hang-up may take ``slack`` seconds to be seen here)."""
        held = [(start, end) for seen, start, end in self.held if seen.startswith(path)]
        events = sorted([(start, 1) for start, _ in held] + [(end - slack, -1) for _, end in held])
        current = most = 0
        for _, step in events:
            current += step
            most = max(most, current)
        return most

    def close(self):
        self.closed.set()
        self.server.shutdown()
        self.server.server_close()

    def _answer(self, handler):
        body = handler.rfile.read(int(handler.headers.get("Content-Length") or 0))
        mode = self.mode
        if mode == "fail":
            return self._send(handler, 503, [("Content-Type", "application/json")], b"{}")
        if mode == "trickle-body":
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", "100000")
            handler.end_headers()
            for _ in range(int(self.trickle_seconds / self.interval)):
                if self.closed.wait(self.interval):
                    return None
                handler.wfile.write(b" ")
                handler.wfile.flush()
            return None
        if mode == "trickle-headers":
            handler.wfile.write(b"HTTP/1.1 200 OK\r\n")
            for byte in (b"X-Slow: " + b"a" * 100000)[: int(self.trickle_seconds / self.interval)]:
                if self.closed.wait(self.interval):
                    return None
                handler.wfile.write(bytes([byte]))
                handler.wfile.flush()
            return None
        if mode == "slow" and not self._hold(handler.connection):
            return None
        connection = http.client.HTTPConnection(self.upstream.hostname, self.upstream.port)
        headers = {k: v for k, v in handler.headers.items() if k.lower() != "host"}
        connection.request(handler.command, handler.path, body=body or None, headers=headers)
        answer = connection.getresponse()
        payload = answer.read()
        kept = [(k, v) for k, v in answer.getheaders() if k.lower() not in HOP_BY_HOP]
        connection.close()
        if self.rewrite and answer.getheader("Content-Type", "").startswith("application/json"):
            data = self.rewrite(handler.command, handler.path, json.loads(payload))
            payload = json.dumps(data).encode()
        return self._send(handler, answer.status, kept, payload)

    def _hold(self, connection) -> bool:
        """Wait ``delay`` seconds; False when the caller hung up or the proxy closed first."""
        end = time.monotonic() + self.delay
        while time.monotonic() < end and not self.closed.is_set():
            readable, _, _ = select.select([connection], [], [], 0.01)
            if readable and connection.recv(1, socket.MSG_PEEK) == b"":
                return False
        return not self.closed.is_set()

    @staticmethod
    def _send(handler, status, headers, payload):
        handler.send_response(status)
        for name, value in headers:
            handler.send_header(name, value)
        handler.send_header("Content-Length", str(len(payload)))
        handler.end_headers()
        handler.wfile.write(payload)
