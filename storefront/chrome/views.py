"""Endpoints behind the chrome's controls.

- The no-JavaScript controls (the islands write the same cookies) redirect back to ``next``,
  which must be a path on this host; anything else goes home.
- ``/choices/{countries|currencies|languages}/{locale}.json``: the long lists the country,
  currency and language dialogs show, once per locale instead of inside every page. Their URL
  carries the release (``choices_url``), so browsers keep them for a year.
"""

import json
from functools import cache
from urllib.parse import urlencode, urlsplit, urlunsplit

from django.http import Http404, HttpResponse, HttpResponseRedirect, QueryDict
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from storefront.catalog.selectors import country_choices, currency_choices
from storefront.i18n.locales import LOCALES
from storefront.i18n.middleware import remember_locale
from storefront.web.links import safe_path
from storefront.web.release import RELEASE

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


def _countries(code: str) -> dict:
    return {
        "groups": [
            {"name": continent, "countries": [list(row) for row in rows]}
            for continent, rows in country_choices(code)
        ]
    }


def _currencies(code: str) -> dict:
    rows = currency_choices(code)
    return {"popular": [list(r) for r in rows["popular"]], "all": [list(r) for r in rows["all"]]}


def _languages(code: str) -> list:
    """Every locale as [code, its own name, BCP 47 tag, direction, path prefix]: the language
    dialog links the page's path under each prefix (the same list in every locale: endonyms)."""
    return [[loc.code, loc.name, loc.iso, loc.dir, loc.prefix] for loc in LOCALES.values()]


CHOICES = {"countries": _countries, "currencies": _currencies, "languages": _languages}
YEAR = 365 * 24 * 3600


def choices_url(kind: str, code: str) -> str:
    """Where the dialog of ``kind`` finds its list in locale ``code`` (versioned by release)."""
    return reverse("choices", args=[kind, code]) + f"?v={RELEASE}"


@cache
def _choices_json(kind: str, code: str) -> bytes:
    return json.dumps(CHOICES[kind](code), ensure_ascii=False, separators=(",", ":")).encode()


@require_safe
def choices(request, kind, code):
    """The countries by continent, the currencies (popular, all) or the languages, names in the
    locale's words and order, as the dialogs read them (static_src/islands/dialogs/)."""
    if kind not in CHOICES or code not in LOCALES:
        raise Http404
    response = HttpResponse(_choices_json(kind, code), content_type="application/json")
    if request.GET.get("v") == RELEASE:
        patch_cache_control(response, public=True, max_age=YEAR, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=300)
    return response
