"""The booking API (docs/provider-booking-api.md) in the sandbox's habits: the client token or a
provider session (a session's POSTs echo its XSRF token, as Sanctum wants), answers in the
request's ``locale``, every error in the spec's shape ``{"message", "errors"}`` in the provider's
own words, with a ``code`` for machines. Views parse, call ``services`` and answer ``shapes``.
"""

import json
import time
from datetime import UTC, datetime
from decimal import Decimal

from django.conf import settings
from django.http import JsonResponse
from django.views.decorators.http import require_GET, require_POST

from .. import views as sandbox
from ..inventory.locales import normalise
from ..models import Booking, Payment, PaymentEvent, Prebook
from . import access, rules, selectors, services, shapes, webhooks

LOOKUP_PARAMS = "lookup_params"
BOOKING_NOT_FOUND = access.BOOKING_NOT_FOUND


def _locale(request, data=None) -> str:
    body = data.get("locale") if isinstance(data, dict) else None
    return normalise(request.GET.get("locale") or (body if isinstance(body, str) else None))


def _origin(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def refused(locale: str, refusal: services.Refusal) -> JsonResponse:
    errors = {
        field: [shapes.text(locale, key) for key in keys] for field, keys in refusal.errors.items()
    }
    if refusal.key:
        message = shapes.text(locale, refusal.key)
    else:
        message = next(iter(errors.values()))[0]
    body = {"message": message, "errors": errors, "code": refusal.code, **refusal.extra}
    response = JsonResponse(body, status=refusal.status)
    for name, value in refusal.headers.items():
        response[name] = value
    return response


def _caller(request):
    """(the logged-in account or None, a refusal or None). The client token or a logged-in
    provider session may call; a session's POST without the token must carry its XSRF token
    (else 419), as Sanctum wants of cookie-authenticated calls."""
    session = sandbox._session(request)
    account = session.account if session and session.account_id else None
    if sandbox._authorised_by_token(request):
        return account, None
    if account is None:
        return None, services.Refusal(401, sandbox.UNAUTHENTICATED, code="unauthenticated")
    if request.method == "POST" and not sandbox._xsrf_ok(request, session):
        return None, services.Refusal(419, sandbox.CSRF_MISMATCH, code="csrf_mismatch")
    return account, None


def _body(request):
    try:
        return json.loads(request.body or b"null", parse_float=Decimal)
    except ValueError:
        return None


def _key(request) -> str:
    return (request.headers.get("Idempotency-Key") or "").strip()


def _created(data: dict, replayed: bool) -> JsonResponse:
    response = JsonResponse({"data": data}, status=201)
    if replayed:
        response["Idempotent-Replayed"] = "true"
    return response


@require_POST
def prebooks(request):
    data = _body(request)
    locale = _locale(request, data)
    account, refusal = _caller(request)
    try:
        if refusal:
            raise refusal
        prebook, replayed = services.prebook_create(data=data, key=_key(request), account=account)
    except services.Refusal as refusal:
        return refused(locale, refusal)
    return _created(shapes.prebook_json(prebook, services.now()), replayed)


@require_GET
def prebook(request, public_id):
    locale = _locale(request)
    _account, refusal = _caller(request)
    if refusal:
        return refused(locale, refusal)
    found = Prebook.objects.filter(public_id=public_id).first()
    if found is None:
        return refused(locale, services.Refusal(404, sandbox.NOT_FOUND, code="not_found"))
    return JsonResponse({"data": shapes.prebook_json(found, services.now())})


@require_POST
def payments(request):
    data = _body(request)
    locale = _locale(request, data)
    account, refusal = _caller(request)
    try:
        if refusal:
            raise refusal
        payment, replayed = services.payment_create(data=data, key=_key(request), account=account)
    except services.Refusal as refusal:
        return refused(locale, refusal)
    body = shapes.payment_json(payment, origin=_origin(request), locale=locale)
    return _created(body, replayed)


@require_GET
def payment(request, public_id):
    locale = _locale(request)
    _account, refusal = _caller(request)
    if refusal:
        return refused(locale, refusal)
    mode = webhooks.MODE["mode"]
    if mode == webhooks.STATUS_FAIL:
        return JsonResponse({"message": "Service Unavailable", "errors": {}}, status=503)
    if mode == webhooks.SLOW_STATUS:
        time.sleep(webhooks.STATUS_HANG_SECONDS)
    found = Payment.objects.filter(public_id=public_id).select_related("prebook").first()
    if found is None:
        return refused(locale, services.Refusal(404, sandbox.NOT_FOUND, code="not_found"))
    events = services.settle(payment=found, origin=_origin(request))
    response = JsonResponse(
        {"data": shapes.payment_json(found, origin=_origin(request), locale=locale)}
    )
    webhooks.send_after(response, events)
    return response


# --- bookings, after the booking ------------------------------------------------------------


def _booking_caller(request) -> access.Caller:
    """The caller of a booking endpoint: a guest's ``Authorization: Booking <token>`` (401 when
    it is not ours or has expired), else as ``_caller``: the client token and/or a session."""
    token = access.guest_token(request.headers.get("Authorization", ""))
    if token is not None:
        booking_id = access.booking_id_for(token, services.now())
        if booking_id is None:
            raise services.Refusal(401, access.ACCESS_EXPIRED, code="access_token_invalid")
        return access.Caller(booking_id=booking_id)
    account, refusal = _caller(request)
    if refusal:
        raise refusal
    return access.Caller(account=account, client=sandbox._authorised_by_token(request))


def _not_found() -> services.Refusal:
    return services.Refusal(404, sandbox.NOT_FOUND, code="not_found")


def _booking_for(caller: access.Caller, public_id: str, *, cancelling: bool) -> Booking:
    """The booking ``caller`` may read (else 404, whether it exists or not); ``cancelling``:
    and may cancel (else 403)."""
    found = access.readable(caller, selectors.bookings()).filter(public_id=public_id).first()
    if found is None:
        raise _not_found()
    if cancelling and not access.may_cancel(caller, found):
        raise services.Refusal(403, services.CANCEL_NOT_ALLOWED, code="forbidden")
    return found


def _booking_data(caller: access.Caller, found: Booking) -> dict:
    """A booking as ``caller`` sees it: a guest without the agent's commission."""
    return shapes.booking_json(found, commission=caller.booking_id is None)


@require_GET
def booking(request, public_id):
    locale = _locale(request)
    try:
        caller = _booking_caller(request)
        found = _booking_for(caller, public_id, cancelling=False)
    except services.Refusal as refusal:
        return refused(locale, refusal)
    return JsonResponse({"data": _booking_data(caller, found)})


@require_GET
def cancellation(request, public_id):
    """``GET /v3/bookings/{id}/cancellation``: what cancelling costs now."""
    locale = _locale(request)
    moment = services.now()
    try:
        caller = _booking_caller(request)
        found = _booking_for(caller, public_id, cancelling=True)
        quote = services.cancellation_quote(found, moment)
    except services.Refusal as refusal:
        return refused(locale, refusal)
    return JsonResponse({"data": shapes.quote_json(found, quote, moment)})


@require_POST
def cancel(request, public_id):
    """``POST /v3/bookings/{id}/cancel`` ``{"expected_penalty": …}`` under an Idempotency-Key."""
    data = _body(request)
    locale = _locale(request, data)
    try:
        caller = _booking_caller(request)
        found = _booking_for(caller, public_id, cancelling=True)
        found, replayed = services.booking_cancel(booking=found, data=data, key=_key(request))
    except services.Refusal as refusal:
        return refused(locale, refusal)
    response = JsonResponse({"data": _booking_data(caller, found)})
    if replayed:
        response["Idempotent-Replayed"] = "true"
    return response


@require_POST
def lookup(request):
    """``POST /v3/bookings/lookup`` ``{"reference", "email"}``: the booking and a short-lived
    token that opens it (``Authorization: Booking <token>``)."""
    data = _body(request)
    locale = _locale(request, data)
    data = data if isinstance(data, dict) else {}
    reference = rules.text(data, "reference").upper()
    email = rules.text(data, "email").lower()
    try:
        _account, refusal = _caller(request)
        if refusal:
            raise refusal
        if not reference or not email:
            pairs = (("reference", reference), ("email", email))
            errors = {field: [rules.REQUIRED] for field, value in pairs if not value}
            raise services.Refusal(422, errors=errors, code="validation_failed")
        found = access.look_up(reference=reference, email=email, moment=services.now())
    except services.Refusal as refusal:
        return refused(locale, refusal)
    token, expires = access.issue(found, services.now())
    return JsonResponse(
        {
            "data": shapes.booking_json(found, commission=False),
            "access_token": token,
            "expires_at": shapes.iso(datetime.fromtimestamp(expires, UTC)),
        }
    )


@require_GET
def bookings(request):
    """``?reference=…&email=…`` (a guest finds their booking: both must match) or
    ``?account=me`` (the logged-in provider session's bookings, by ``status`` and ``page``)."""
    locale, params = _locale(request), request.GET
    account, refusal = _caller(request)
    try:
        if refusal:
            raise refusal
        if params.get("account") == "me":
            if account is None:
                raise services.Refusal(401, sandbox.UNAUTHENTICATED, code="unauthenticated")
            values, errors = rules.listing(params, agent=False)
            if errors:
                raise services.Refusal(422, errors=errors, code="validation_failed")
            page = selectors.account_bookings(
                account=account, today=services.now().date(), **values
            )
            data = [shapes.booking_json(b) for b in page.rows]
            return JsonResponse({"data": data, "meta": page.meta()})
        reference = (params.get("reference") or "").strip().upper()
        email = (params.get("email") or "").strip().lower()
        if not reference or not email:
            missing = {f: [LOOKUP_PARAMS] for f, v in (("reference", reference), ("email", email))}
            errors = {f: keys for f, keys in missing.items() if not params.get(f, "").strip()}
            raise services.Refusal(422, errors=errors, code="validation_failed")
        found = access.look_up(reference=reference, email=email, moment=services.now())
    except services.Refusal as refusal:
        return refused(locale, refusal)
    data = [shapes.booking_json(found, commission=False)]
    return JsonResponse({"data": data, "meta": {"total": 1}})


@require_GET
def agent_bookings(request):
    """``GET /v3/agent/bookings``: an agent's bookings (those made under their fid), or with
    ``all=true`` every booking, for a user whose actions include reservations."""
    locale, params = _locale(request), request.GET
    account, refusal = _caller(request)
    try:
        if refusal:
            raise refusal
        if account is None:
            raise services.Refusal(401, sandbox.UNAUTHENTICATED, code="unauthenticated")
        everyone = params.get("all") == "true"
        access.check_agency_listing(account, everyone=everyone)
        values, errors = rules.listing(params, agent=True)
        if errors:
            raise services.Refusal(422, errors=errors, code="validation_failed")
    except services.Refusal as refusal:
        return refused(locale, refusal)
    page, totals = selectors.agent_bookings(
        account=account, everyone=everyone, today=services.now().date(), **values
    )
    return JsonResponse(
        {
            "data": [shapes.agent_booking_json(b) for b in page.rows],
            "meta": {**page.meta(), "all": everyone, "totals": totals},
        }
    )


# --- the sandbox's controls (no auth, like /sandbox/leads-mode) -------------------------------


@require_POST
def payments_mode(request):
    """``{"mode": "ok" | "webhook-fail" | "slow-status" | "status-fail"}``."""
    data = _body(request)
    mode = data.get("mode") if isinstance(data, dict) else None
    if mode not in webhooks.MODES:
        message = "mode: " + ", ".join(webhooks.MODES)
        return JsonResponse({"message": message, "errors": {}}, status=400)
    webhooks.MODE["mode"] = mode
    return JsonResponse({"mode": mode})


@require_POST
def settle(request):
    """Settle whatever time has decided (slow approvals due, holds run out); the slow card's
    timer asks for this."""
    events = services.settle(origin=_origin(request))
    response = JsonResponse({"data": {"settled": [e.payment.public_id for e in events]}})
    webhooks.send_after(response, events)
    return response


@require_POST
def replay(request, public_id):
    """Send the payment's last event again, same id and body, signed now; answers what the
    attempt got (and what every earlier attempt of that event got)."""
    event = (
        PaymentEvent.objects.filter(payment__public_id=public_id)
        .select_related("payment")
        .order_by("-created", "-pk")
        .first()
    )
    if event is None or not event.payment.webhook_url:
        return refused("en", services.Refusal(404, sandbox.NOT_FOUND, code="not_found"))
    delivery = webhooks.Delivery(event.public_id, event.payment.webhook_url, event.body.encode())
    result = webhooks.deliver(
        delivery,
        secret=settings.PAYMENT_SIGNING_SECRET,
        timeout=settings.SANDBOX_WEBHOOK_TIMEOUT_SECONDS,
    )
    return JsonResponse(
        {
            "data": {
                "event_id": event.public_id,
                "type": event.type,
                **result,
                "attempts": webhooks.DELIVERIES.get(event.public_id, []),
            }
        }
    )
