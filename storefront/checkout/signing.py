"""The provider's signatures (``docs/provider-booking-api.md``, "Verifying signatures"): the
signed return a visitor's browser brings back, and the webhooks the provider posts. Both are
HMAC-SHA256 with the shared ``PAYMENT_SIGNING_SECRET``, compared in constant time, and refused
when older than their tolerance (a replayed return or event from long ago is not news)."""

import hashlib
import hmac
import time

from django.conf import settings

RETURN_TOLERANCE_SECONDS = 900
WEBHOOK_TOLERANCE_SECONDS = 300


def _sign(payload: bytes) -> str:
    return hmac.new(settings.PAYMENT_SIGNING_SECRET.encode(), payload, hashlib.sha256).hexdigest()


def valid_return(query, *, now: float | None = None) -> bool:
    """Whether the return's ``payment_id``, ``status`` and ``ts`` carry the provider's ``sig``,
    made at most ``RETURN_TOLERANCE_SECONDS`` ago (``query``: the request's GET)."""
    try:
        payment_id, status, ts, sig = (query[k] for k in ("payment_id", "status", "ts", "sig"))
        stamp = int(ts)
    except (KeyError, ValueError):
        return False
    expected = _sign(f"payment_id={payment_id}&status={status}&ts={ts}".encode())
    fresh = abs((time.time() if now is None else now) - stamp) <= RETURN_TOLERANCE_SECONDS
    return fresh and hmac.compare_digest(expected, str(sig))


def valid_webhook(header: str, body: bytes, *, now: float | None = None) -> bool:
    """Whether ``body``, the bytes received, carries the signature its ``X-Signature`` header
    (``t=<ts>,v1=<hex>``) says, made at most ``WEBHOOK_TOLERANCE_SECONDS`` ago."""
    try:
        parts = dict(item.strip().split("=", 1) for item in (header or "").split(","))
        stamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    expected = _sign(parts["t"].encode() + b"." + body)
    fresh = abs((time.time() if now is None else now) - stamp) <= WEBHOOK_TOLERANCE_SECONDS
    return fresh and hmac.compare_digest(expected, parts.get("v1", ""))
