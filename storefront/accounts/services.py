"""Log in, register and log out through the provider; keep the session user current; change
the profile.

The provider's cookies (its session and XSRF token) live in the Django session, server side:
``request.session["provider"] = {"cookies": {...}, "user": {...}, "checked": <time>}``. The
browser only ever holds Django's session cookie. Every attempt is counted first
(``storefront.security.throttles``: per address, per account and address or known browser); past
the limits ``LoginThrottled`` is raised before the provider is asked, and while the counters cannot
be kept the attempt is refused as unavailable. Login and logout rotate Django's session id and
CSRF token.
"""

import logging
import time
from dataclasses import dataclass, field

from django.conf import settings
from django.middleware.csrf import rotate_token

from storefront.security import throttles
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import (
    UpstreamError,
    UpstreamUnauthorized,
    UpstreamUnavailable,
    UpstreamValidationError,
)
from storefront.web.session_user import SessionUser

from .rules import (
    FORM_FIELDS,
    REGISTER_FAILED,
    THROTTLED,
    UNAVAILABLE,
    form_errors,
    typed_name,
)

logger = logging.getLogger(__name__)

SESSION_KEY = "provider"
LoginThrottled = throttles.Throttled  # too many attempts for this account or from this address


class SessionExpired(Exception):
    """The provider no longer knows this session (it answered 401)."""


def _count_attempt(count, *, request, email: str) -> None:
    """Count before asking the provider; a throttle store that is down refuses the attempt as
    the service being unavailable (never lets it through uncounted)."""
    try:
        count(request=request, email=email)
    except throttles.ThrottleUnavailable as exc:
        raise UpstreamUnavailable(f"login throttle: {exc}", retryable=False) from exc


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


def _session_client(request, stored: dict) -> UpstreamClient:
    """A client speaking for the logged-in visitor: the provider's cookies from the session."""
    return UpstreamClient(
        locale=request.locale.code, cookies=dict(stored["cookies"]), logged_in=True
    )


def _refresh(request, *, stored: dict, client: UpstreamClient, user: dict) -> SessionUser:
    """The provider's latest word on the user, and its cookies as they now are, kept."""
    request.session[SESSION_KEY] = {
        **stored,
        "cookies": client.cookies,
        "user": user,
        "checked": time.time(),
    }
    return SessionUser.from_auth(user)


def _fresh_client(request) -> UpstreamClient:
    client = UpstreamClient(locale=request.locale.code)
    client.get("/sanctum/csrf-cookie")
    return client


def account_login(*, request, email: str, password: str, remember: bool) -> SessionUser:
    """csrf-cookie, /login, then /v3/auth. Raises LoginThrottled, UpstreamValidationError (the
    provider's message and field errors) or UpstreamUnavailable."""
    _count_attempt(throttles.login_attempt, request=request, email=email)
    client = _fresh_client(request)
    client.post(
        "/login", data={"email": email, "password": password, "remember": "1" if remember else "0"}
    )
    user = _user(client.get("/v3/auth"))
    return _remember(request, client=client, user=user, remember=remember)


def account_register(
    *, request, name: str, email: str, password: str, password_confirmation: str, remember: bool
) -> SessionUser:
    """csrf-cookie, api/register, then /v3/auth. Every attempt counts per email and per address."""
    _count_attempt(throttles.register_attempt, request=request, email=email)
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
        client = _session_client(request, stored)
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

    Raises SessionExpired (after forgetting the session) when the provider answers 401.
    Any other failure (down, slow, out of the page's time budget) keeps the user as last seen and
    counts as a check, so the next page views do not wait on a failing provider again.
    """
    stored = request.session.get(SESSION_KEY)
    if not stored:
        return None
    if time.time() - stored.get("checked", 0) < settings.AUTH_RECHECK_SECONDS:
        return SessionUser.from_auth(stored["user"])
    client = _session_client(request, stored)
    try:
        user = _user(client.get("/v3/auth"))
    except UpstreamUnauthorized as exc:
        request.session.flush()
        raise SessionExpired from exc
    except UpstreamError:
        request.session[SESSION_KEY] = {**stored, "checked": time.time()}
        return SessionUser.from_auth(stored["user"])
    return _refresh(request, stored=stored, client=client, user=user)


def update_profile(request, *, name: str, avatar: str) -> SessionUser:
    """``PATCH /v3/auth`` with the session's provider cookies (its XSRF token among them): the
    provider's answer, the user as ``/v3/auth`` gives it, becomes the session's user at once,
    so the next page's header says the new name. Raises UpstreamValidationError (the
    provider's field errors, in the request's locale), SessionExpired (after forgetting the
    session) on its 401, or any other UpstreamError when it is down or slow."""
    stored = request.session[SESSION_KEY]
    client = _session_client(request, stored)
    try:
        user = _user(client.patch("/v3/auth", json={"name": name, "avatar": avatar}))
    except UpstreamUnauthorized as exc:
        request.session.flush()
        raise SessionExpired from exc
    return _refresh(request, stored=stored, client=client, user=user)


@dataclass
class AuthResult:
    """What a login or register form post came to, for the view to render as a page or JSON:
    ``user`` when it succeeded; else the first problem per field (``{"key": catalog key}`` for
    ours, ``{"text": ...}`` for the provider's words), a notice (a catalog key) or the
    provider's own message, and the HTTP status that goes with them."""

    user: SessionUser | None = None
    field_errors: dict[str, dict] = field(default_factory=dict)
    notice_key: str | None = None
    provider_message: str | None = None

    @property
    def status(self) -> int:
        if self.user is not None:
            return 200
        return {THROTTLED: 429, UNAVAILABLE: 503}.get(self.notice_key, 422)


def auth_submit(*, request, mode: str, data) -> AuthResult:
    """Checks a login (``mode`` "login") or register form (``data``: the POST), then asks the
    provider. Our checks first, each field's first problem; then the throttles and the
    provider, whose errors are read by field and status, never by their wording."""
    result = AuthResult()
    errors = form_errors(mode, data)
    email = data.get("email", "").strip()
    remember = data.get("remember") == "1"
    if not errors:
        try:
            if mode == "login":
                result.user = account_login(
                    request=request, email=email, password=data["password"], remember=remember
                )
            else:
                result.user = account_register(
                    request=request,
                    name=typed_name(data),
                    email=email,
                    password=data["password"],
                    password_confirmation=data["password_confirmation"],
                    remember=remember,
                )
            return result
        except LoginThrottled:
            result.notice_key = THROTTLED
        except UpstreamValidationError as exc:
            _provider_errors(result, exc, mode=mode)
        except UpstreamError as exc:  # down, or an answer we cannot use
            logger.warning("%s refused as unavailable: %s", mode.capitalize(), exc.message)
            result.notice_key = UNAVAILABLE
    result.field_errors.update({name: {"key": key} for name, key in errors.items()})
    return result


def _provider_errors(result: AuthResult, exc: UpstreamValidationError, *, mode: str) -> None:
    """The provider's (localised) message, and its first field error next to that field.

    Registering never says that an email is taken (that would tell who has an account here),
    and the provider words that as it likes: so in register mode an error on ``email``,
    whatever its text, or a 422 naming none of the form's fields, gives our generic notice and
    nothing of the provider's ``message`` (Laravel repeats the first error there) nor of its
    email errors; every other field of the form still shows its first message beside it."""
    if mode == "register":
        others = {
            name: {"text": exc.errors[name][0]}
            for name in FORM_FIELDS
            if name != "email" and exc.errors.get(name)
        }
        if "email" in exc.errors or (exc.status == 422 and not others):
            result.notice_key = REGISTER_FAILED
            result.field_errors.update(others)
            return
    name, messages = next(((f, m) for f, m in exc.errors.items() if m), (None, None))
    if name in FORM_FIELDS:
        result.field_errors[name] = {"text": messages[0]}
    if not (messages and messages[0] == exc.message):  # said once, beside its field
        result.provider_message = exc.message
