"""UpstreamUser middleware: ``request.upstream_user`` from the session, kept honest, and the
user added to ``request.visitor``.

On page views (GET) of a logged-in visitor it re-asks the provider's /v3/auth (see
``AUTH_RECHECK_SECONDS``); a 401 logs the visitor out and sends them to the localised login page,
back to where they were once they log in again.
"""

from dataclasses import replace

from django.http import HttpResponseRedirect

from storefront.upstream.errors import UpstreamError
from storefront.web.links import page_url

from .services import SessionExpired, revalidate, session_user

NOT_PAGES = (
    "/static/",
    "/admin/",
    "/preferences/",
    "/health",
    "/sitemap.xml",
    "/sitemaps/",
    "/payments/",
    "/robots.txt",
    "/favicon.ico",
)


class UpstreamUserMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.upstream_user = None
        if request.path_info.startswith(NOT_PAGES):
            return self.get_response(request)
        try:
            if request.method == "GET":
                request.upstream_user = revalidate(request)
            else:
                request.upstream_user = session_user(request)
        except SessionExpired:
            query = {"next": request.get_full_path(), "expired": "1"}
            return HttpResponseRedirect(page_url("login", request.locale.code, query=query))
        except UpstreamError:
            request.upstream_user = session_user(request)  # provider down: as last seen
        if getattr(request, "visitor", None) is not None:
            request.visitor = replace(request.visitor, user=request.upstream_user)
        return self.get_response(request)
