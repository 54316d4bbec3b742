"""Choices the server must render, remembered in cookies so the first paint is already right.

Colour mode (system, light, dark) comes from the ``color-mode`` cookie, which the ThemeToggle
island and the no-JS ``/preferences/color-mode`` endpoint both write. Currency and country come
from the query string (spec: ``currency`` and ``country`` are kept search parameters) and are
then remembered in cookies of the same names.
"""

import re

from django.conf import settings

from storefront.catalog.selectors import is_country, is_currency

COLOR_MODE_KEY = "color-mode"
COLOR_MODES = ("system", "light", "dark")
PREFERENCE_MAX_AGE = 365 * 24 * 60 * 60
DEFAULT_CURRENCY = "USD"

_CURRENCY_RE = re.compile(r"^[A-Z]{3}$")
_COUNTRY_RE = re.compile(r"^[A-Z]{2}$")


def _cookie(response, name, value):
    response.set_cookie(
        name, value, max_age=PREFERENCE_MAX_AGE, path="/", samesite="Lax", secure=settings.HTTPS
    )


def remember_color_mode(response, mode: str) -> None:
    _cookie(response, COLOR_MODE_KEY, mode)


def color_mode(request) -> str:
    mode = request.COOKIES.get(COLOR_MODE_KEY, "system")
    return mode if mode in COLOR_MODES else "system"


def next_color_mode(mode: str) -> str:
    """system -> light -> dark -> system (spec section 4)."""
    return COLOR_MODES[(COLOR_MODES.index(mode) + 1) % len(COLOR_MODES)]


def _clean(value, pattern) -> str | None:
    value = (value or "").strip().upper()
    return value if pattern.match(value) else None


class PreferencesMiddleware:
    """Reads currency and country (query, then cookie) and remembers a query choice."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        query_currency = _clean(request.GET.get("currency"), _CURRENCY_RE)
        query_country = _clean(request.GET.get("country"), _COUNTRY_RE)
        query_currency = query_currency if query_currency and is_currency(query_currency) else None
        query_country = query_country if query_country and is_country(query_country) else None
        cookie_currency = _clean(request.COOKIES.get("currency"), _CURRENCY_RE)
        cookie_country = _clean(request.COOKIES.get("country"), _COUNTRY_RE)
        request.currency = query_currency or cookie_currency or DEFAULT_CURRENCY
        request.country = query_country or cookie_country
        response = self.get_response(request)
        if query_currency and query_currency != cookie_currency:
            _cookie(response, "currency", query_currency)
        if query_country and query_country != cookie_country:
            _cookie(response, "country", query_country)
        return response
