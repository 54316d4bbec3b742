"""Choices the server must render, remembered in cookies so the first paint is already right.

- Colour mode (system, light, dark): the ``color-mode`` cookie, written by the Header island's
  theme toggle and by the no-JS ``/preferences/color-mode`` endpoint.
- Currency and country: the ``currency`` and ``country`` query parameters (kept search parameters
  of the spec), then their cookies; the country may also come from a configured geo header.
  The currency defaults to the country's own, else USD.
- Price display (net, the default, or gross): the ``priceDisplay`` cookie.
"""

from django.conf import settings

from storefront.catalog.selectors import default_currency, is_country, is_currency
from storefront.web.visitor import Visitor

COLOR_MODE_KEY = "color-mode"
COLOR_MODES = ("system", "light", "dark")
PRICE_DISPLAY_KEY = "priceDisplay"
PRICE_DISPLAYS = ("net", "gross")
PREFERENCE_MAX_AGE = 365 * 24 * 60 * 60


def remember(response, name: str, value: str) -> None:
    response.set_cookie(
        name, value, max_age=PREFERENCE_MAX_AGE, path="/", samesite="Lax", secure=settings.HTTPS
    )


def remember_color_mode(response, mode: str) -> None:
    remember(response, COLOR_MODE_KEY, mode)


def color_mode(request) -> str:
    mode = request.COOKIES.get(COLOR_MODE_KEY, "system")
    return mode if mode in COLOR_MODES else "system"


def next_color_mode(mode: str) -> str:
    """system -> light -> dark -> system (spec section 4)."""
    return COLOR_MODES[(COLOR_MODES.index(mode) + 1) % len(COLOR_MODES)]


def price_display(request) -> str:
    value = request.COOKIES.get(PRICE_DISPLAY_KEY, "net")
    return value if value in PRICE_DISPLAYS else "net"


def clean_currency(value) -> str | None:
    code = (value or "").strip().upper() if isinstance(value, str) else ""
    return code if is_currency(code) else None


def clean_country(value) -> str | None:
    code = (value or "").strip().upper() if isinstance(value, str) else ""
    return code if is_country(code) else None


class PreferencesMiddleware:
    """Sets ``request.visitor`` (``web.visitor.Visitor``: the locale, currency, country, price
    display and fid as one value; the user is added by ``accounts.middleware``), and remembers
    a currency or country chosen through the query string."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        query_currency = clean_currency(request.GET.get("currency"))
        query_country = clean_country(request.GET.get("country"))
        cookie_currency = clean_currency(request.COOKIES.get("currency"))
        cookie_country = clean_country(request.COOKIES.get("country"))
        geo_country = None
        if settings.GEO_COUNTRY_HEADER:
            geo_country = clean_country(request.headers.get(settings.GEO_COUNTRY_HEADER))
        country = query_country or cookie_country or geo_country
        request.visitor = Visitor(
            locale=request.locale.code,
            currency=default_currency(chosen=query_currency or cookie_currency, country=country),
            country=country,
            display=price_display(request),
            fid=request.fid,
        )
        response = self.get_response(request)
        if query_currency and query_currency != cookie_currency:
            remember(response, "currency", query_currency)
        if query_country and query_country != cookie_country:
            remember(response, "country", query_country)
        return response
