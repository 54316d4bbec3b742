"""How the provider signs what it sends back about a payment (docs/provider-booking-api.md).

- **The return**: the browser comes back to ``return_url`` with ``payment_id``, ``status``, ``ts``
  (Unix seconds) and ``sig``: the hex HMAC-SHA256, keyed with ``PAYMENT_SIGNING_SECRET``, of the
  canonical string of the other three, ``payment_id=<id>&status=<status>&ts=<ts>`` (names in
  alphabetical order, values as sent).
- **A webhook**: its JSON body is sent with ``X-Signature: t=<ts>,v1=<hex>``, the hex HMAC-SHA256
  of ``"<ts>.<body>"`` (the body's exact bytes), as Stripe signs its events.

The storefront verifies both with the same secret; the functions that do are in the doc, and the
sandbox's tests run them against what the sandbox signs.
"""

import hashlib
import hmac
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

RETURN_FIELDS = ("payment_id", "status", "ts")


def _hmac(secret: str, message: bytes) -> str:
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def canonical_return(payment_id: str, status: str, ts: int) -> str:
    return f"payment_id={payment_id}&status={status}&ts={ts}"


def sign_return(secret: str, payment_id: str, status: str, ts: int) -> str:
    return _hmac(secret, canonical_return(payment_id, status, ts).encode())


def return_url(secret: str, url: str, payment_id: str, status: str, ts: int) -> str:
    """``url`` with the signed return's four parameters added to its own query (any of the four
    it already had are replaced)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    query = [(k, v) for k, v in query if k not in (*RETURN_FIELDS, "sig")]
    sig = sign_return(secret, payment_id, status, ts)
    query += [("payment_id", payment_id), ("status", status), ("ts", str(ts)), ("sig", sig)]
    return urlunsplit(parts._replace(query=urlencode(query)))


def webhook_signature(secret: str, ts: int, body: bytes) -> str:
    return f"t={ts},v1={_hmac(secret, str(ts).encode() + b'.' + body)}"
