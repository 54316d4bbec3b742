"""Log in, register and log out through the provider; keep the session user current.

The provider's cookies (its session and XSRF token) live in the Django session, server side:
``request.session["provider"] = {"cookies": {...}, "user": {...}, "checked": <time>}``. The
browser only ever holds Django's session cookie. Attempts are counted per email and per IP in the
cache (all of them: failures, timeouts and successes); past the limits ``LoginThrottled`` is
raised before the provider is asked. Login and logout rotate Django's session id and CSRF token.
"""

import hashlib
import time

from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import rotate_token

from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import (
    UpstreamUnauthorized,
    UpstreamUnavailable,
)

from .roles import SessionUser

SESSION_KEY = "provider"
THROTTLE_WINDOW = 15 * 60


class LoginThrottled(Exception):
    """Too many attempts for this email or from this address."""


class SessionExpired(Exception):
    """The provider no longer knows this session (it answered 401)."""


def _client_ip(request) -> str:
    """The visitor's address: REMOTE_ADDR, or the first address of CLIENT_IP_HEADER when the
    site runs behind a proxy that sets it."""
    if settings.CLIENT_IP_HEADER:
        forwarded = request.headers.get(settings.CLIENT_IP_HEADER, "")
        if forwarded.split(",")[0].strip():
            return forwarded.split(",")[0].strip()
    return request.META.get("REMOTE_ADDR", "")


def _counter(kind: str, value: str) -> str:
    digest = hashlib.sha256(value.strip().lower().encode()).hexdigest()[:32]
    return f"auth-attempts:{kind}:{digest}"


def _attempt(*keys_and_limits) -> None:
    """Count this attempt against every key first (atomically), then refuse it when any count
    is past its limit: parallel attempts cannot slip through between a check and a count."""
    over = False
    for key, limit in keys_and_limits:
        if cache.add(key, 1, timeout=THROTTLE_WINDOW):
            count = 1
        else:
            try:
                count = cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=THROTTLE_WINDOW)
                count = 1
        over = over or count > limit
    if over:
        raise LoginThrottled


def _remember(request, *, client: UpstreamClient, user: dict, remember: bool) -> SessionUser:
    request.session.cycle_key()  # a new Django session id on every login (no fixation)
    rotate_token(request)
    request.session[SESSION_KEY] = {"cookies": client.cookies, "user": user, "checked": time.time()}
    request.session.set_expiry(settings.LOGIN_REMEMBER_SECONDS if remember else 0)
    return SessionUser.from_auth(user)


def _user(answer) -> dict:
    data = (answer.data or {}).get("data")
    if not isinstance(data, dict):
        raise UpstreamUnavailable("/v3/auth answered without a user")
    return data


def _fresh_client(request) -> UpstreamClient:
    client = UpstreamClient(locale=request.locale.code)
    client.get("/sanctum/csrf-cookie")
    return client


def account_login(*, request, email: str, password: str, remember: bool) -> SessionUser:
    """csrf-cookie, /login, then /v3/auth. Raises LoginThrottled, UpstreamValidationError (the
    provider's message and field errors) or UpstreamUnavailable."""
    _attempt(
        (_counter("email", email), settings.LOGIN_ATTEMPTS_PER_EMAIL),
        (_counter("ip", _client_ip(request)), settings.LOGIN_ATTEMPTS_PER_IP),
    )
    client = _fresh_client(request)
    client.post(
        "/login", data={"email": email, "password": password, "remember": "1" if remember else "0"}
    )
    user = _user(client.get("/v3/auth"))
    return _remember(request, client=client, user=user, remember=remember)


def account_register(
    *, request, name: str, email: str, password: str, password_confirmation: str, remember: bool
) -> SessionUser:
    """csrf-cookie, api/register, then /v3/auth. Every attempt counts per email and per IP."""
    _attempt(
        (_counter("register-email", email), settings.LOGIN_ATTEMPTS_PER_EMAIL),
        (_counter("register-ip", _client_ip(request)), settings.REGISTER_ATTEMPTS_PER_IP),
    )
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
    user = _user(client.get("/v3/auth"))
    return _remember(request, client=client, user=user, remember=remember)


def account_logout(*, request) -> None:
    """Tell the provider (best effort) and forget its session here."""
    stored = request.session.get(SESSION_KEY)
    if stored:
        client = UpstreamClient(
            locale=request.locale.code, cookies=dict(stored["cookies"]), logged_in=True
        )
        try:
            client.post("/logout")
        except Exception:  # the local logout happens whatever the provider says
            pass
    request.session.flush()
    rotate_token(request)


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
    client = UpstreamClient(
        locale=request.locale.code, cookies=dict(stored["cookies"]), logged_in=True
    )
    try:
        user = _user(client.get("/v3/auth"))
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
