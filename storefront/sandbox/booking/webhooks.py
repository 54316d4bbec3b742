"""Signed webhooks, sent after the response, best effort, with a few retries; and the sandbox's
payments switch, which makes them (or the status endpoint) fail so that the storefront's other
paths can be tried.

A thread per response sends its events: ``SANDBOX_WEBHOOK_ATTEMPTS`` attempts, the first at
once, then after ``SANDBOX_WEBHOOK_BACKOFF_SECONDS`` doubling; a 2xx answer ends them. The
thread never touches the database (it gets the bytes to send), so it is safe beside the
requests of a test's live server. What each attempt got is kept in memory, per event
(``DELIVERIES``), for ``POST /sandbox/webhooks/replay/<payment_id>`` to report with its own.
"""

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

import requests
from django.conf import settings

from . import signing

# How the payment service behaves (POST /sandbox/payments-mode {"mode": ...}):
# ok; webhook-fail (no webhook is delivered: every attempt fails); slow-status (GET
# /v3/payments/{id} answers after STATUS_HANG_SECONDS); status-fail (it answers 503).
OK, WEBHOOK_FAIL, SLOW_STATUS, STATUS_FAIL = "ok", "webhook-fail", "slow-status", "status-fail"
MODES = (OK, WEBHOOK_FAIL, SLOW_STATUS, STATUS_FAIL)
MODE = {"mode": OK}
STATUS_HANG_SECONDS = 30
USER_AGENT = "SandboxProvider-Webhooks/1.0"

# event id -> what its attempts got, the last few hundred events.
DELIVERIES: OrderedDict[str, list[dict]] = OrderedDict()
DELIVERIES_KEPT = 500
_lock = threading.Lock()


@dataclass(frozen=True, slots=True)
class Delivery:
    event_id: str
    url: str
    body: bytes


def _note(event_id: str, result: dict) -> None:
    with _lock:
        DELIVERIES.setdefault(event_id, []).append(result)
        DELIVERIES.move_to_end(event_id)
        while len(DELIVERIES) > DELIVERIES_KEPT:
            DELIVERIES.popitem(last=False)


def deliver(delivery: Delivery, *, secret: str, timeout: float) -> dict:
    """One attempt: the body POSTed with its signature, stamped now. Returns what happened."""
    if MODE["mode"] == WEBHOOK_FAIL:
        result = {"delivered": False, "status": None, "error": "webhook-fail mode"}
        _note(delivery.event_id, result)
        return result
    ts = int(time.time())
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Event-Id": delivery.event_id,
        "X-Signature": signing.webhook_signature(secret, ts, delivery.body),
    }
    try:
        answer = requests.post(
            delivery.url,
            data=delivery.body,
            headers=headers,
            timeout=timeout,
            allow_redirects=False,  # a redirect is not a delivery: it is tried again
        )
    except requests.RequestException as exc:
        result = {"delivered": False, "status": None, "error": exc.__class__.__name__}
    else:
        ok = 200 <= answer.status_code < 300
        result = {"delivered": ok, "status": answer.status_code, "error": None}
    _note(delivery.event_id, result)
    return result


def _send(deliveries: list[Delivery], secret: str, attempts: int, backoff: float, timeout: float):
    for delivery in deliveries:
        for attempt in range(max(1, attempts)):
            if deliver(delivery, secret=secret, timeout=timeout)["delivered"]:
                break
            if attempt + 1 < attempts:
                time.sleep(backoff * 2**attempt)


def after_response(response, action) -> None:
    """Run ``action`` once the response has been sent (the server closes it), so that what it
    does (a webhook, a timer) follows the answer and the transaction the view committed."""
    response._resource_closers.append(action)


def send_after(response, events) -> None:
    """Send ``events`` (``PaymentEvent``s) to their payments' webhook URLs after ``response``,
    in a thread of their own. Settings are read now: a test may change them meanwhile."""
    deliveries = [
        Delivery(event.public_id, event.payment.webhook_url, event.body.encode())
        for event in events
        if event.payment.webhook_url
    ]
    if not deliveries:
        return
    args = (
        deliveries,
        settings.PAYMENT_SIGNING_SECRET,
        settings.SANDBOX_WEBHOOK_ATTEMPTS,
        settings.SANDBOX_WEBHOOK_BACKOFF_SECONDS,
        settings.SANDBOX_WEBHOOK_TIMEOUT_SECONDS,
    )
    thread = threading.Thread(target=_send, args=args, name="sandbox-webhooks", daemon=True)
    after_response(response, thread.start)


def settle_later(response, origin: str, seconds: float) -> None:
    """A slow approval is due in ``seconds``: then the sandbox asks itself to settle what is due
    (``POST /sandbox/payments/settle``, an ordinary request with its own database connection),
    so its webhook goes out even if nobody asks for the payment's status."""

    def ask():
        try:
            requests.post(f"{origin}/sandbox/payments/settle", timeout=10)
        except requests.RequestException:
            pass  # the next status check settles it

    timer = threading.Timer(seconds + 0.2, ask)
    timer.daemon = True
    after_response(response, timer.start)
