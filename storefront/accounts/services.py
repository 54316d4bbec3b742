"""Log in, register and log out through the provider; keep the session user current.

The provider's cookies (its session and XSRF token) live in the Django session, server side:
``request.session["provider"] = {"cookies": {...}, "user": {...}, "checked": <time>}``. The
browser only ever holds Django's session cookie. Failed attempts are counted per email and per
IP in the cache; past the limits a ``LoginThrottled`` is raised before the provider is asked.
"""

import hashlib
import time

from django.conf import settings
from django.core.cache import cache

from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamUnauthorized, UpstreamValidationError

from .roles import SessionUser

SESSION_KEY = "provider"
THROTTLE_WINDOW = 15 * 60


class LoginThrottled(Exception):
    """Too many attempts for this email or from this address."""


class SessionExpired(Exception):
    """The provider no longer knows this session (it answered 401)."""


def _client_ip(request) -> str:
    return request.META.get("REMOTE_ADDR", "")


def _counter(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
    return f"auth-attempts:{kind}:{digest}"


def _throttled(*keys_and_limits) -> bool:
    return any((cache.get(key) or 0) >= limit for key, limit in keys_and_limits)


def _count(*keys) -> None:
    for key in keys:
        if cache.add(key, 1, timeout=THROTTLE_WINDOW) is False:
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, timeout=THROTTLE_WINDOW)


def _remember(request, *, client: UpstreamClient, user: dict, remember: bool) -> SessionUser:
    request.session.cycle_key()  # a new Django session id on every login (no fixation)
    request.session[SESSION_KEY] = {"cookies": client.cookies, "user": user, "checked": time.time()}
    request.session.set_expiry(settings.LOGIN_REMEMBER_SECONDS if remember else 0)
    return SessionUser.from_auth(user)


def _fresh_client(request) -> UpstreamClient:
    client = UpstreamClient(locale=request.locale.code)
    client.get("/sanctum/csrf-cookie")
    return client


def account_login(*, request, email: str, password: str, remember: bool) -> SessionUser:
    """csrf-cookie, /login, then /v3/auth. Raises LoginThrottled, UpstreamValidationError (the
    provider's message and field errors) or UpstreamUnavailable."""
    email_key = _counter("email", email)
    ip_key = _counter("ip", _client_ip(request))
    if _throttled(
        (email_key, settings.LOGIN_ATTEMPTS_PER_EMAIL), (ip_key, settings.LOGIN_ATTEMPTS_PER_IP)
    ):
        raise LoginThrottled
    client = _fresh_client(request)
    try:
        client.post(
            "/login",
            data={"email": email, "password": password, "remember": "1" if remember else "0"},
        )
    except UpstreamValidationError:
        _count(email_key, ip_key)
        raise
    user = client.get("/v3/auth").data["data"]
    return _remember(request, client=client, user=user, remember=remember)


def account_register(
    *, request, name: str, email: str, password: str, password_confirmation: str, remember: bool
) -> SessionUser:
    """csrf-cookie, api/register, then /v3/auth. Every attempt counts against the IP."""
    ip_key = _counter("register-ip", _client_ip(request))
    if _throttled((ip_key, settings.LOGIN_ATTEMPTS_PER_EMAIL)):
        raise LoginThrottled
    _count(ip_key)
    client = _fresh_client(request)
    client.post(
        "/api/register",
        data={
            "name": name,
            "email": email,
            "password": password,
            "password_confirmation": password_confirmation,
            "remember": "1" if remember else "0",
        },
    )
    user = client.get("/v3/auth").data["data"]
    return _remember(request, client=client, user=user, remember=remember)


def account_logout(*, request) -> None:
    """Tell the provider (best effort) and forget its session here."""
    stored = request.session.get(SESSION_KEY)
    if stored:
        client = UpstreamClient(locale=request.locale.code, cookies=dict(stored["cookies"]))
        try:
            client.post("/logout")
        except Exception:  # the local logout happens whatever the provider says
            pass
    request.session.flush()


def session_user(request) -> SessionUser | None:
    stored = request.session.get(SESSION_KEY)
    return SessionUser.from_auth(stored["user"]) if stored else None


def revalidate(request) -> SessionUser | None:
    """Ask /v3/auth again when the last check is older than AUTH_RECHECK_SECONDS.

    Raises SessionExpired (after forgetting the session) when the provider answers 401;
    other failures keep the user as last seen.
    """
    stored = request.session.get(SESSION_KEY)
    if not stored:
        return None
    if time.time() - stored.get("checked", 0) < settings.AUTH_RECHECK_SECONDS:
        return SessionUser.from_auth(stored["user"])
    client = UpstreamClient(locale=request.locale.code, cookies=dict(stored["cookies"]))
    try:
        user = client.get("/v3/auth").data["data"]
    except UpstreamUnauthorized as exc:
        request.session.flush()
        raise SessionExpired from exc
    request.session[SESSION_KEY] = {
        **stored,
        "cookies": client.cookies,
        "user": user,
        "checked": time.time(),
    }
    return SessionUser.from_auth(user)
