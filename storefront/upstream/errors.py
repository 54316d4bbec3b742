"""Typed upstream errors, each with the provider's error shape: message, errors, status."""


class UpstreamError(Exception):
    """Any failed call. ``errors`` maps a field to its list of messages. ``retryable`` is False
    when asking again cannot help now (the circuit is open, the time budget is spent)."""

    def __init__(
        self,
        message: str = "",
        *,
        errors: dict | None = None,
        status: int | None = None,
        retryable: bool = True,
        code: str = "",
        body: dict | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.errors = errors or {}
        self.status = status
        self.retryable = retryable
        self.code = code  # the provider's word for machines ("price_changed"), when it gives one
        self.body = body or {}  # the whole answer: some errors carry more (the held price)

    def first_field_error(self) -> str | None:
        """The first message of the first failing field (spec section 8)."""
        for messages in self.errors.values():
            if messages:
                return messages[0]
        return None


class UpstreamUnavailable(UpstreamError):
    """No usable answer: connection refused, timeout, or a 5xx."""


class CircuitOpen(UpstreamUnavailable):
    """Not asked: the service's circuit is open (``breaker.py``). ``until``: the wall-clock time
    (``time.time()``) before which asking again is pointless."""

    def __init__(self, message: str, *, until: float):
        super().__init__(message, retryable=False)
        self.until = until


class UpstreamUnauthorized(UpstreamError):
    """401: not logged in (or the client token was refused)."""


class UpstreamNotFound(UpstreamError):
    """404."""


class UpstreamValidationError(UpstreamError):
    """422 (and 419, a refused XSRF token): the answer names the failing fields."""


def error_for(status: int, body) -> UpstreamError:
    body = body if isinstance(body, dict) else {}
    message = body.get("message") if isinstance(body.get("message"), str) else ""
    raw = body.get("errors") if isinstance(body.get("errors"), dict) else {}
    errors = {
        str(field): [str(m) for m in (msgs if isinstance(msgs, list) else [msgs])]
        for field, msgs in raw.items()
    }
    kind = {
        401: UpstreamUnauthorized,
        404: UpstreamNotFound,
        419: UpstreamValidationError,
        422: UpstreamValidationError,
    }.get(status)
    if kind is None:
        kind = UpstreamUnavailable if status >= 500 or status < 400 else UpstreamError
    code = body.get("code") if isinstance(body.get("code"), str) else ""
    return kind(message or f"HTTP {status}", errors=errors, status=status, code=code, body=body)
