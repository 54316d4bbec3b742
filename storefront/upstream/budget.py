"""Time budgets: how long provider calls may take while somebody waits (DESIGN section 6).

A budget is a deadline on the monotonic clock, kept in a context variable. ``TimeBudgetMiddleware``
opens one per request (``PAGE_BUDGET_SECONDS`` from the moment the request arrives), and any code
may narrow it for one step (``with time_budget(HOST_LOOKUP_SECONDS): ...``); a narrower budget never
extends the one around it. One kind of request has a longer budget of its own, counted from the
same arrival: a login or registration posted (``AUTH_BUDGET_SECONDS``: the provider checks a
password slowly on purpose), which its view asks for with ``request_budget``.
``UpstreamClient`` reads what is left before every attempt, sizes its
timeouts to it and stops retrying when it runs out. Work outside a request (background brand
refreshes, tasks, management commands) gets ``UPSTREAM_BACKGROUND_SECONDS`` per call instead.
"""

import time
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings

_deadline: ContextVar[float | None] = ContextVar("upstream_deadline", default=None)
_arrival: ContextVar[float | None] = ContextVar("request_arrival", default=None)


def deadline() -> float:
    """The monotonic time by which the current provider call must be over."""
    current = _deadline.get()
    if current is None:
        return time.monotonic() + settings.UPSTREAM_BACKGROUND_SECONDS
    return current


def remaining() -> float:
    return deadline() - time.monotonic()


@contextmanager
def time_budget(seconds: float):
    """Provider calls inside the block end within ``seconds`` (or sooner, if an enclosing budget
    ends sooner)."""
    end = time.monotonic() + seconds
    current = _deadline.get()
    token = _deadline.set(end if current is None else min(current, end))
    try:
        yield
    finally:
        _deadline.reset(token)


def request_budget(seconds: float) -> None:
    """The current request's budget becomes ``seconds`` from its arrival when that is longer
    than what it has (never shorter): for the rest of the request, until an inner
    ``time_budget`` narrows it. Outside a request, nothing changes."""
    arrival, current = _arrival.get(), _deadline.get()
    if arrival is not None:
        _deadline.set(max(arrival + seconds, current or 0.0))


class TimeBudgetMiddleware:
    """Every provider call made while this request is being answered ends within
    ``PAGE_BUDGET_SECONDS`` of its arrival, retries and body reads included."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        arrival = _arrival.set(time.monotonic())
        try:
            with time_budget(settings.PAGE_BUDGET_SECONDS):
                return self.get_response(request)
        finally:
            _arrival.reset(arrival)
