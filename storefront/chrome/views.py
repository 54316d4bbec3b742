"""Endpoints behind the chrome's no-JavaScript controls (the islands write the same cookies).

Both redirect back to ``next``, which must be a path on this host; anything else goes home.
"""

from urllib.parse import urlencode, urlsplit, urlunsplit

from django.http import HttpResponseRedirect, QueryDict
from django.views.decorators.http import require_safe

from storefront.i18n.locales import LOCALES
from storefront.i18n.middleware import remember_locale
from storefront.web.links import safe_path

from .preferences import (
    COLOR_MODES,
    PRICE_DISPLAY_KEY,
    PRICE_DISPLAYS,
    clean_currency,
    remember,
    remember_color_mode,
)


def _safe_next(request) -> str:
    return safe_path(request.GET.get("next"))


@require_safe  # GET and HEAD
def set_color_mode(request):
    """``?mode=system|light|dark&next=/path``: store the colour mode and go back."""
    response = HttpResponseRedirect(_safe_next(request))
    mode = request.GET.get("mode")
    if mode in COLOR_MODES:
        remember_color_mode(response, mode)
    return response


@require_safe  # GET and HEAD
def choose_currency(request):
    """``?currency=GBP&price_display=net&next=/de/hotels?check_in=...``: the currency picker.

    Goes back to ``next`` with ``currency`` written into its query (other parameters kept) and
    remembers the currency and the price display.
    """
    target = _safe_next(request)
    currency = clean_currency(request.GET.get("currency"))
    display = request.GET.get("price_display")
    if currency:
        parts = urlsplit(target)
        query = QueryDict(parts.query, mutable=True)
        query["currency"] = currency
        target = urlunsplit(("", "", parts.path, urlencode(list(query.lists()), doseq=True), ""))
    response = HttpResponseRedirect(target)
    if currency:
        remember(response, "currency", currency)
    if display in PRICE_DISPLAYS:
        remember(response, PRICE_DISPLAY_KEY, display)
    return response


@require_safe  # GET and HEAD
def choose_language(request):
    """``?locale=he&next=/he/hotels?currency=EUR``: the language picker's links.

    Stores the choice in ``i18n_redirected`` first, so that choosing English on a page whose
    cookie still names another locale lands on ``/`` instead of bouncing back.
    """
    response = HttpResponseRedirect(_safe_next(request))
    code = request.GET.get("locale")
    if code in LOCALES:
        remember_locale(response, code)
    return response
