"""``UpstreamClient``: the only code that talks to the provider.

Every request goes to ``settings.UPSTREAM_URL`` with ``Accept: application/json`` and the
``locale`` query parameter. Anonymous requests carry the client token as a bearer, except the login
and user endpoints; a logged-in visitor's calls carry the provider's cookies instead (kept server
side, in the Django session: ``cookies``). Failures raise the typed errors of ``errors.py``.

Time: every call ends within the current time budget (``budget.py``: the page's, from the moment
the request arrived), connect, retries and the body read together. Connect and read timeouts are
cut to what is left, and a watchdog (``transport.py``) shuts the socket at the deadline, so a
provider that trickles bytes cannot hold a worker. GETs are retried with backoff on connection
errors, timeouts and 5xx answers while the budget allows; POSTs never are. Every call goes
through the circuit breaker of the provider's service it asks (``breaker.py``): while that
service is failing its calls fail at once (``CircuitOpen``), and the other services' calls go on.
A call is counted once by its breaker, after its last attempt; a 4xx answer is never a failure.
"""

import json
import time
from dataclasses import dataclass, field
from decimal import Decimal
from urllib.parse import unquote

import requests
from django.conf import settings

from . import breaker, budget
from .errors import UpstreamUnavailable, error_for
from .transport import pool, watchdog

# Endpoints that never carry the client token (spec section 7).
AUTH_PATHS = ("/sanctum/csrf-cookie", "/login", "/logout", "/v3/auth", "/api/register")
XSRF_COOKIE = "XSRF-TOKEN"


# An attempt needs at least this much of the budget to be worth starting.
MIN_ATTEMPT_SECONDS = 0.05
OUT_OF_TIME = "no time left in this page's budget"

_http = pool()


@dataclass
class UpstreamResponse:
    status: int
    data: dict | None
    cookies: dict = field(default_factory=dict)


@dataclass
class UpstreamClient:
    locale: str = "en"
    cookies: dict = field(default_factory=dict)  # the provider's cookies for this visitor
    logged_in: bool = False  # a logged-in visitor's calls carry cookies, not the client token
    # Read every JSON number with a fraction as ``Decimal``, not ``float``: the inventory's and
    # booking's answers carry money (``inventory/types.py``). Off for answers kept in the
    # session (the user), which its JSON serializer must be able to write.
    exact_numbers: bool = False
    # Another credential than the client token, for an anonymous call: a guest's access to one
    # booking (``Booking <token>``, ``booking.lookup``).
    authorization: str = ""

    def get(self, path: str, *, params: dict | None = None) -> UpstreamResponse:
        return self._call("GET", path, params=params)

    def patch(self, path: str, *, json: dict) -> UpstreamResponse:
        """A JSON change (the profile's ``PATCH /v3/auth``); never retried, like a post."""
        return self._call("PATCH", path, json=json)

    def post(
        self,
        path: str,
        *,
        data: dict | None = None,
        json: dict | None = None,
        idempotency_key: str = "",
    ) -> UpstreamResponse:
        """A form post (``data``, the spec's auth calls) or a JSON one (``json``); with an
        ``idempotency_key`` (``Idempotency-Key`` header) a post sent twice counts once."""
        extra = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
        if json is not None:
            return self._call("POST", path, json=json, extra_headers=extra)
        return self._call("POST", path, data=data, extra_headers=extra)

    def _headers(self, path: str) -> dict:
        headers = {"Accept": "application/json"}
        if self.authorization:
            headers["Authorization"] = self.authorization
        elif not self.logged_in and path not in AUTH_PATHS:
            headers["Authorization"] = f"Bearer {settings.UPSTREAM_CLIENT_TOKEN}"
        if self.cookies.get(XSRF_COOKIE):
            headers["X-XSRF-TOKEN"] = unquote(self.cookies[XSRF_COOKIE])  # Laravel encodes it
        return headers

    def _call(self, method: str, path: str, **kwargs) -> UpstreamResponse:
        """One call: its service's breaker asked once, its attempts, the breaker told once."""
        if budget.remaining() < MIN_ATTEMPT_SECONDS:
            raise UpstreamUnavailable(f"{method} {path}: {OUT_OF_TIME}", retryable=False)
        service = breaker.service_of(path)
        probe = breaker.before_call(service)
        # A probe is one attempt: never retried into a service that may still be failing.
        retries = 0 if probe or method != "GET" else max(0, settings.UPSTREAM_GET_RETRIES)
        try:
            response = self._attempts(method, path, retries, **kwargs)
        except UpstreamUnavailable:
            breaker.record_failure(service, probe=probe)
            raise
        if response.status_code >= 500:
            breaker.record_failure(service, probe=probe)
        else:
            breaker.record_success(service, probe=probe)
        self.cookies.update(response.cookies.get_dict())
        try:
            body = (
                json.loads(response.content, parse_float=Decimal if self.exact_numbers else None)
                if response.content
                else None
            )
        except ValueError:
            body = None
        if response.status_code >= 300:  # a redirect is not an answer: never follow blindly
            raise error_for(response.status_code, body)
        return UpstreamResponse(
            response.status_code,
            body if isinstance(body, dict) else None,
            response.cookies.get_dict(),
        )

    def _attempts(self, method: str, path: str, retries: int, **kwargs) -> requests.Response:
        """Up to ``1 + retries`` exchanges, with backoff while the budget allows: the first
        answer below 500, else the last answer, else the last exchange's ``UpstreamUnavailable``.
        The provider is asked at least once."""
        for attempt in range(retries + 1):
            failure = None
            try:
                response = self._exchange(method, path, budget.remaining(), **kwargs)
            except UpstreamUnavailable as exc:
                failure = exc
            else:
                if response.status_code < 500:
                    return response
            pause = settings.UPSTREAM_RETRY_BACKOFF * (2**attempt)
            if attempt == retries or budget.remaining() < pause + MIN_ATTEMPT_SECONDS:
                if failure is not None:
                    raise failure
                return response
            time.sleep(pause)
        raise AssertionError("unreachable")

    def _exchange(self, method: str, path: str, left: float, **kwargs) -> requests.Response:
        """One HTTP exchange, body included, over within ``left`` seconds."""
        url = settings.UPSTREAM_URL.rstrip("/") + path
        params = {**(kwargs.pop("params", None) or {}), "locale": self.locale}
        headers = {**self._headers(path), **(kwargs.pop("extra_headers", None) or {})}
        # A GET's attempt leaves room for a retry; a POST is never retried, so it may wait for
        # its answer as long as the budget allows.
        read = settings.UPSTREAM_READ_TIMEOUT if method == "GET" else left
        timeout = (min(settings.UPSTREAM_CONNECT_TIMEOUT, left), min(read, left))
        with watchdog(left) as dog:
            try:
                response = _http.request(
                    method,
                    url,
                    params=params,
                    headers=headers,
                    cookies=self.cookies,
                    timeout=timeout,
                    allow_redirects=False,
                    **kwargs,
                )  # not streamed: the body is read here, under the watchdog
            except requests.RequestException as exc:
                reason = OUT_OF_TIME if dog.fired else exc.__class__.__name__
                raise UpstreamUnavailable(f"{method} {path}: {reason}") from exc
        if dog.fired:  # a body cut short at the deadline can look complete: never trust it
            raise UpstreamUnavailable(f"{method} {path}: {OUT_OF_TIME}")
        return response
