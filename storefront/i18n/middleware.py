"""Locale middleware: activates the request's locale before URL resolution.

Runs after the session and before the brand. On the bare root ``/`` (and only there) a visitor
whose cookie or browser prefers another supported locale is sent (302) to that locale's home;
crawlers are never redirected. Each rendered page stores its locale in ``i18n_redirected``.
"""

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils import translation
from django.utils.cache import patch_vary_headers

from .locales import DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES
from .resolution import locale_from_path, root_locale


def remember_locale(response, code: str) -> None:
    """The ``i18n_redirected`` cookie: the locale ``/`` sends this visitor to."""
    response.set_cookie(
        LOCALE_COOKIE,
        code,
        max_age=LOCALE_COOKIE_MAX_AGE,
        path="/",
        samesite="Lax",
        secure=settings.HTTPS,
    )


class LocaleMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        code, _rest = locale_from_path(request.path_info)
        if request.path_info == "/":
            redirect = self._root_redirect(request)
            if redirect is not None:
                return redirect
        request.locale = LOCALES[code]
        request.LANGUAGE_CODE = code
        translation.activate(code)
        try:
            response = self.get_response(request)
        finally:
            translation.deactivate()
        if request.path_info == "/":
            patch_vary_headers(response, ("Accept-Language", "Cookie"))
        if response.status_code == 200 and getattr(response, "is_page", False):
            remember_locale(response, code)
        return response

    def _root_redirect(self, request):
        if request.method not in ("GET", "HEAD"):
            return None
        code = root_locale(request)
        if code != DEFAULT_LOCALE:
            target = f"/{code}/"
        elif settings.ROOT_REDIRECT:
            target = settings.ROOT_REDIRECT
        else:
            return None
        query = request.META.get("QUERY_STRING", "")
        response = HttpResponseRedirect(f"{target}?{query}" if query else target)
        patch_vary_headers(response, ("Accept-Language", "Cookie"))
        return response
