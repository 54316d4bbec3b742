"""The provider's endpoints (spec section 7), with its response shapes.

- Errors: ``{"message": ..., "errors": {field: [messages]}}`` with 401, 404, 419 or 422, in the
  request's ``locale``, falling back to English. The texts are the provider's own, from its
  message table ``messages.json`` (locale -> key -> text), not from the storefront's catalogs:
  the storefront must not depend on how the provider words a message.
- Cookie auth as Laravel Sanctum does it: ``GET /sanctum/csrf-cookie`` sets ``XSRF-TOKEN`` and the
  ``provider_session`` cookie; every POST must echo the token in ``X-XSRF-TOKEN`` (else 419).
- Brand and lead endpoints need the client token (``Authorization: Bearer ...``) or a logged-in
  provider session (else 401).
"""

import json
import re
import secrets
import time
from functools import cache, wraps
from pathlib import Path

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from .booking import rules as booking_rules
from .models import Account, Lead, ProviderBrand, ProviderSession, SupportMessage

SESSION_COOKIE = "provider_session"
XSRF_COOKIE = "XSRF-TOKEN"
DUMMY_HASH = make_password("not-a-real-password")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

# The provider's messages: locale -> message key -> text, English always complete.
MESSAGES_FILE = Path(__file__).with_name("messages.json")
FALLBACK_LOCALE = "en"

# Message keys of that table: the provider answers in the request's ``locale``.
UNAUTHENTICATED = "unauthenticated"
CSRF_MISMATCH = "csrf_mismatch"
NOT_FOUND = "not_found"
BAD_CREDENTIALS = "bad_credentials"
INVALID_EMAIL = "email_invalid"
EMAIL_TAKEN = "email_taken"
PASSWORD_SHORT = "password_short"
PASSWORD_MISMATCH = "password_mismatch"
LEAD_SENT = "lead_sent"


def required(field: str) -> str:
    return f"{field}_required"


@cache
def messages() -> dict[str, dict[str, str]]:
    """The provider's message table (read once per process)."""
    with MESSAGES_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)


def message(request, key: str) -> str:
    """The text of ``key`` in the request's ``locale``, else in English."""
    table = messages()
    texts = table.get(request.GET.get("locale") or FALLBACK_LOCALE, {})
    return texts.get(key) or table[FALLBACK_LOCALE][key]


def error(request, key: str, status: int) -> JsonResponse:
    return JsonResponse({"message": message(request, key), "errors": {}}, status=status)


def validation_error(request, errors: dict) -> JsonResponse:
    """422 with ``errors`` (field -> message keys) translated; the first is the message."""
    translated = {field: [message(request, k) for k in keys] for field, keys in errors.items()}
    first = next(iter(translated.values()))[0]
    return JsonResponse({"message": first, "errors": translated}, status=422)


def _session(request) -> ProviderSession | None:
    key = request.COOKIES.get(SESSION_COOKIE)
    return (
        ProviderSession.objects.filter(key=key).select_related("account").first() if key else None
    )


def _xsrf_ok(request, session) -> bool:
    header = request.headers.get("X-XSRF-TOKEN", "")
    return bool(session and header) and secrets.compare_digest(header, session.xsrf_token)


def _authorised_by_token(request) -> bool:
    """The client token (``Authorization: Bearer …``)."""
    expected = f"Bearer {settings.SANDBOX_CLIENT_TOKEN}"
    return secrets.compare_digest(request.headers.get("Authorization", ""), expected)


def _authorised(request) -> bool:
    """The client token, or a logged-in provider session."""
    if _authorised_by_token(request):
        return True
    session = _session(request)
    return bool(session and session.account_id)


def xsrf_protected(view):
    """Sanctum's rule for state-changing calls: the provider session's XSRF token must come
    back in X-XSRF-TOKEN (else 419). The view gets the session."""

    @wraps(view)
    def checked(request):
        session = _session(request)
        if not _xsrf_ok(request, session):
            return error(request, CSRF_MISMATCH, 419)
        return view(request, session)

    return checked


def missing(data, fields) -> dict:
    """{field: [required message key]} for each empty field, in order."""
    return {field: [required(field)] for field in fields if not _text(data, field)}


def _set_session_cookies(response, session):
    response.set_cookie(SESSION_COOKIE, session.key, httponly=True, samesite="Lax")
    response.set_cookie(XSRF_COOKIE, session.xsrf_token, samesite="Lax")


def _form(request) -> dict:
    if request.content_type == "application/json":
        try:
            data = json.loads(request.body or b"{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}
    return request.POST.dict()


def _text(data, field) -> str:
    value = data.get(field)
    return value.strip() if isinstance(value, str) else ""


def user_payload(account: Account) -> dict:
    return {
        "id": account.pk,
        "name": account.name,
        "email": account.email,
        "avatar": account.avatar or None,
        "plan_id": account.plan_id,
        "options": account.options,
        "actions": account.actions,
        "scope": account.scope,
        "fid": account.fid or None,
    }


@require_GET
def csrf_cookie(request):
    session = _session(request) or ProviderSession.objects.create()
    response = HttpResponse(status=204)
    _set_session_cookies(response, session)
    return response


def _login_session(session, account):
    """A fresh session key on login (no fixation), same XSRF token."""
    session.key = secrets.token_urlsafe()
    session.account = account
    session.save()
    return session


@require_POST
@xsrf_protected
def login(request, session):
    data = _form(request)
    email, password = _text(data, "email").lower(), data.get("password") or ""
    errors = missing(data, ("email", "password"))
    if errors:
        return validation_error(request, errors)
    account = Account.objects.filter(email=email).first()
    # Check a password either way, so an unknown email takes as long as a wrong password.
    matches = check_password(password, account.password if account else DUMMY_HASH)
    if account is None or not matches:
        return validation_error(request, {"email": [BAD_CREDENTIALS]})
    response = HttpResponse(status=204)
    _set_session_cookies(response, _login_session(session, account))
    return response


@require_POST
@xsrf_protected
def logout(request, session):
    session.account = None
    session.save(update_fields=["account"])
    return HttpResponse(status=204)


@require_http_methods(["GET", "PATCH"])
def auth(request):
    """The logged-in user; ``PATCH`` ``{"name", "avatar"?}`` changes their profile (the name by
    the provider's rule for names: Latin letters, spaces, hyphens, apostrophes). A session's
    PATCH echoes its XSRF token, as its POSTs do."""
    session = _session(request)
    if not session or not session.account:
        return error(request, UNAUTHENTICATED, 401)
    account = session.account
    if request.method == "PATCH":
        if not _xsrf_ok(request, session):
            return error(request, CSRF_MISMATCH, 419)
        changes, errors = booking_rules.profile(_json(request))
        if errors:
            return validation_error(request, errors)
        Account.objects.filter(pk=account.pk).update(**changes)
        account.refresh_from_db()
    return JsonResponse({"data": user_payload(account)})


def _json(request):
    """A JSON body (a PATCH has no form parsing), else None."""
    try:
        return json.loads(request.body or b"null")
    except ValueError:
        return None


@require_POST
@xsrf_protected
def register(request, session):
    data = _form(request)
    name, email = _text(data, "name"), _text(data, "email").lower()
    password, confirmation = data.get("password") or "", data.get("password_confirmation") or ""
    errors: dict[str, list[str]] = {}
    if not name:
        errors["name"] = [required("name")]
    if not email:
        errors["email"] = [required("email")]
    elif not EMAIL_RE.fullmatch(email):
        errors["email"] = [INVALID_EMAIL]
    elif Account.objects.filter(email=email).exists():
        errors["email"] = [EMAIL_TAKEN]
    if not password:
        errors["password"] = [required("password")]
    elif len(password) < 8:
        errors["password"] = [PASSWORD_SHORT]
    elif password != confirmation:
        errors["password"] = [PASSWORD_MISMATCH]
    if errors:
        return validation_error(request, errors)
    account = Account.objects.create(name=name, email=email, password=make_password(password))
    response = JsonResponse({"data": user_payload(account)}, status=201)
    _set_session_cookies(response, _login_session(session, account))
    return response


def _brand(request, kind, key):
    if not _authorised(request):
        return error(request, UNAUTHENTICATED, 401)
    brand = ProviderBrand.objects.filter(kind=kind, key=key.lower()).first()
    if brand is None:
        return error(request, NOT_FOUND, 404)
    return JsonResponse({"data": brand.config})


@require_GET
def agent(request, fid):
    return _brand(request, ProviderBrand.AGENT, str(fid))


@require_GET
def agency(request, host):
    return _brand(request, ProviderBrand.AGENCY, host)


@require_GET
def white_label(request, host):
    return _brand(request, ProviderBrand.WHITE_LABEL, host)


# How the lead endpoint behaves: "ok", "fail" (503 at once) or "hang" (answers after
# LEADS_HANG_SECONDS). Set with POST /sandbox/leads-mode {"mode": ...}, so a test or an operator
# can take the lead service down and bring it back while everything else keeps answering.
LEADS_MODE = {"mode": "ok"}
LEADS_HANG_SECONDS = 30


def _set_mode(request, state: dict) -> JsonResponse:
    """A service's switch (``LEADS_MODE``, ``SUPPORT_MODE``) set from ``{"mode": ...}``."""
    try:
        mode = json.loads(request.body or b"{}").get("mode")
    except (ValueError, AttributeError):
        mode = None
    if mode not in ("ok", "fail", "hang"):
        return JsonResponse({"message": "mode: ok, fail or hang", "errors": {}}, status=400)
    state["mode"] = mode
    return JsonResponse({"mode": mode})


def _down(state: dict, hang_seconds: float) -> JsonResponse | None:
    """What a service switched off answers: 503 at once ("fail"), or nothing for a while
    ("hang", then it answers as usual); None when it is on."""
    if state["mode"] == "fail":
        return JsonResponse({"message": "Service Unavailable"}, status=503)
    if state["mode"] == "hang":
        time.sleep(hang_seconds)
    return None


@require_POST
def leads_mode(request):
    return _set_mode(request, LEADS_MODE)


@require_POST
def proxy(request):
    """Send a lead (the spec's payload: to, bot, token, name, fullname, email, addToGroups, lang,
    title, url, calling_code, phone, ref, userid). Refused with field errors (422) when a field
    is missing, the email is not one, or it is an agent's already."""
    if not _authorised(request):
        return error(request, UNAUTHENTICATED, 401)
    if (down := _down(LEADS_MODE, LEADS_HANG_SECONDS)) is not None:
        return down
    data = _form(request)
    errors = missing(data, ("name", "email", "phone"))
    if "email" not in errors and not EMAIL_RE.fullmatch(_text(data, "email")):
        errors["email"] = [INVALID_EMAIL]
    elif (
        "email" not in errors
        and Account.objects.filter(
            email__iexact=_text(data, "email"), plan_id__isnull=False
        ).exists()
    ):
        errors["email"] = [EMAIL_TAKEN]  # an agent already: nothing to recruit
    if errors:
        return validation_error(request, errors)
    key = (request.headers.get("Idempotency-Key") or "")[:100] or None
    if key:
        lead, _created = Lead.objects.get_or_create(key=key, defaults={"payload": data})
    else:
        lead = Lead.objects.create(payload=data)
    return JsonResponse({"message": message(request, LEAD_SENT), "data": {"id": lead.pk}})


# How the support endpoint behaves, like the lead endpoint's: "ok", "fail" (503 at once) or
# "hang" (answers after SUPPORT_HANG_SECONDS). Set with POST /sandbox/support-mode {"mode": ...}.
SUPPORT_MODE = {"mode": "ok"}
SUPPORT_HANG_SECONDS = 30
SUPPORT_TOPICS = ("booking", "payment", "cancellation", "account", "other")
SUPPORT_MESSAGE_LIMIT = 5000


@require_POST
def support_mode(request):
    return _set_mode(request, SUPPORT_MODE)


@require_POST
def support_messages(request):
    """Take a message for the support team (name, email, topic, message; reference, locale,
    url and fid when known). An ``Idempotency-Key`` is required: the same key again is the
    same message, answered as the first was (the team reads it once). Refused with field errors
    (422) when a field is missing or the email is not one."""
    if not _authorised(request):
        return error(request, UNAUTHENTICATED, 401)
    if (down := _down(SUPPORT_MODE, SUPPORT_HANG_SECONDS)) is not None:
        return down
    key = (request.headers.get("Idempotency-Key") or "")[:100]
    if not key:
        return error(request, "idempotency_key_required", 422)
    data = _form(request)
    errors = missing(data, ("name", "email"))
    if "email" not in errors and not EMAIL_RE.fullmatch(_text(data, "email")):
        errors["email"] = [INVALID_EMAIL]
    if _text(data, "topic") not in SUPPORT_TOPICS:
        errors["topic"] = ["value_invalid"]
    if not _text(data, "message"):
        errors["message"] = ["value_required"]
    elif len(_text(data, "message")) > SUPPORT_MESSAGE_LIMIT:
        errors["message"] = ["value_invalid"]
    if errors:
        return validation_error(request, errors)
    received, _created = SupportMessage.objects.get_or_create(key=key, defaults={"payload": data})
    return JsonResponse({"data": {"id": received.pk, "received": received.created.isoformat()}})


def not_found(request, exception=None):
    return error(request, NOT_FOUND, 404)


def server_error(request):
    return JsonResponse({"message": "Server Error", "errors": {}}, status=500)
