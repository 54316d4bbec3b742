"""Error pages (spec section 8): localised, branded, never a stack trace outside DEBUG.

404 shows "This page could not be found" with the page-not-found image; other statuses show the
code and a message with a "Go To Home Page" link. If rendering the error page itself fails, a
bare page says so and links home.
"""

import logging

from django.http import HttpResponse, HttpResponsePermanentRedirect
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve
from django.utils.html import escape
from django.utils.http import escape_leading_slashes

from storefront.i18n.catalog import translate
from storefront.i18n.locales import DEFAULT_LOCALE, LOCALES
from storefront.i18n.resolution import locale_from_path
from storefront.pages.routes import PAGES_BY_NAME

logger = logging.getLogger(__name__)

# Message keys per status; anything else is the generic error.
MESSAGES = {
    400: "error.bad_request",
    403: "error.forbidden",
    404: "error.not_found",
}
GENERIC_MESSAGE = "error.generic"
ERROR_PAGE_FAILED = "error.page_failed"


def render_error(request, *, status: int = 500) -> HttpResponse:
    try:
        html = render_to_string(
            "errors/error.html",
            {"status": status, "message_key": MESSAGES.get(status, GENERIC_MESSAGE)},
            request=request,
        )
    except Exception:
        logger.exception("The error page failed to render (status %s)", status)
        return _bare_error_page(request, status=status)
    return HttpResponse(html, status=status)


def _bare_error_page(request, *, status: int) -> HttpResponse:
    code, _rest = locale_from_path(getattr(request, "path_info", "/"))
    locale = LOCALES.get(code, LOCALES[DEFAULT_LOCALE])
    try:
        message = translate(ERROR_PAGE_FAILED, locale.code)
        home = translate("error.home", locale.code)
    except Exception:
        message = "An error occurred while showing the error page."
        home = "Go To Home Page"
    html = (
        f'<!doctype html><html lang="{locale.iso}" dir="{locale.dir}"><meta charset="utf-8">'
        f"<title>{status}</title><p>{escape(message)}</p>"
        f'<p><a href="{locale.prefix}/">{escape(home)}</a></p></html>'
    )
    return HttpResponse(html, status=status)


def page_not_found(request, exception=None):
    """404, except for a registered page's address written with a trailing slash
    (``/hotels/``, ``/he/hotels/``): that one is moved for good to the address without it,
    query kept."""
    path = request.path
    if path.endswith("/") and path.rstrip("/") and request.method in ("GET", "HEAD"):
        target = path.rstrip("/")
        try:
            match = resolve(target)
        except Resolver404:
            match = None
        if match is not None and match.kwargs.get("page_name") in PAGES_BY_NAME:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(
                escape_leading_slashes(target) + (f"?{query}" if query else "")
            )
    return render_error(request, status=404)


def server_error(request):
    return render_error(request, status=500)


def permission_denied(request, exception=None):
    return render_error(request, status=403)


def bad_request(request, exception=None):
    return render_error(request, status=400)


def csrf_failure(request, reason=""):
    """A refused form post (missing or wrong CSRF token): the localised 403 page."""
    return render_error(request, status=403)
