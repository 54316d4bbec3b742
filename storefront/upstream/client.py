"""``UpstreamClient``: the only code that talks to the provider.

Every request goes to ``settings.UPSTREAM_URL`` with ``Accept: application/json`` and the
``locale`` query parameter, and with connect/read timeouts. Anonymous requests carry the client
token as a bearer, except the login and user endpoints; a logged-in visitor's calls carry the
provider's cookies instead (kept server side, in the Django session: ``cookies``). GETs are retried
with backoff on connection errors, timeouts and 5xx answers; POSTs never are. Failures raise the
typed errors of ``errors.py``.
"""

import http.cookiejar
import time
from dataclasses import dataclass, field
from urllib.parse import unquote

import requests
from django.conf import settings

from .errors import UpstreamUnavailable, error_for

# Endpoints that never carry the client token (spec section 7).
AUTH_PATHS = ("/sanctum/csrf-cookie", "/login", "/logout", "/v3/auth", "/api/register")
XSRF_COOKIE = "XSRF-TOKEN"


def _pool() -> requests.Session:
    """One connection pool per process. It must never keep cookies: every visitor's provider
    cookies travel explicitly with their own calls, or one visitor's session would leak into
    another's."""
    session = requests.Session()
    session.cookies.set_policy(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))
    return session


_http = _pool()


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

    def get(self, path: str, *, params: dict | None = None) -> UpstreamResponse:
        attempts = 1 + max(0, settings.UPSTREAM_GET_RETRIES)
        for attempt in range(attempts):
            try:
                return self._send("GET", path, params=params)
            except UpstreamUnavailable:
                if attempt == attempts - 1:
                    raise
                time.sleep(settings.UPSTREAM_RETRY_BACKOFF * (2**attempt))
        raise AssertionError("unreachable")

    def post(self, path: str, *, data: dict | None = None) -> UpstreamResponse:
        return self._send("POST", path, data=data)

    def _headers(self, path: str) -> dict:
        headers = {"Accept": "application/json"}
        if not self.logged_in and path not in AUTH_PATHS:
            headers["Authorization"] = f"Bearer {settings.UPSTREAM_CLIENT_TOKEN}"
        if self.cookies.get(XSRF_COOKIE):
            headers["X-XSRF-TOKEN"] = unquote(self.cookies[XSRF_COOKIE])  # Laravel encodes it
        return headers

    def _send(self, method: str, path: str, **kwargs) -> UpstreamResponse:
        url = settings.UPSTREAM_URL.rstrip("/") + path
        params = {**(kwargs.pop("params", None) or {}), "locale": self.locale}
        try:
            response = _http.request(
                method,
                url,
                params=params,
                headers=self._headers(path),
                cookies=self.cookies,
                timeout=(settings.UPSTREAM_CONNECT_TIMEOUT, settings.UPSTREAM_READ_TIMEOUT),
                allow_redirects=False,
                **kwargs,
            )
        except requests.RequestException as exc:
            raise UpstreamUnavailable(f"{method} {path}: {exc.__class__.__name__}") from exc
        self.cookies.update(response.cookies.get_dict())
        try:
            body = response.json() if response.content else None
        except ValueError:
            body = None
        if response.status_code >= 300:  # a redirect is not an answer: never follow blindly
            raise error_for(response.status_code, body)
        return UpstreamResponse(
            response.status_code,
            body if isinstance(body, dict) else None,
            response.cookies.get_dict(),
        )
