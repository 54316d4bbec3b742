"""HostGuard (first after WhiteNoise) and Brand (after the locale) middleware (DESIGN §2, §5)."""

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import Http404, HttpResponse, HttpResponseBadRequest, HttpResponseRedirect
from django.utils.http import escape_leading_slashes

from storefront.security.csp import add_sources

from .defaults import DEFAULT_FID
from .registry import AGENT, BrandUnavailable
from .selectors import (
    brand_for,
    fallback_brand,
    is_canonical_host,
    is_known_host,
    lookup,
    parse_fid,
)

UNKNOWN_HOST = "Unknown host."
HOST_UNCONFIRMED = "This site cannot be confirmed right now. Please try again shortly."
FID_COOKIE = "fid"
FID_COOKIE_MAX_AGE = 2419200  # 28 days (spec section 9)
ANALYTICS_SOURCES = {
    "script-src": ["https://www.googletagmanager.com"],
    "img-src": ["https://*.google-analytics.com", "https://*.googletagmanager.com"],
    "connect-src": [
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
        "https://*.googletagmanager.com",
    ],
}


class HostGuardMiddleware:
    """Answers 400 to a Host the storefront does not serve, before any view and, for malformed
    or negatively cached hosts, before any upstream call. Every well-formed name under the
    white-label suffix passes; BrandMiddleware sends one the provider does not know to the
    canonical domain. The admin exists on canonical hosts only."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            host = request.get_host()
        except DisallowedHost:
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        known = is_known_host(host=host)
        if known is False:
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        if known is None:
            response = HttpResponse(HOST_UNCONFIRMED, status=503, content_type="text/plain")
            response["Retry-After"] = "30"
            return response
        if request.path_info.startswith("/admin/") and not is_canonical_host(host=host):
            raise Http404("The admin answers on the canonical host only.")
        return self.get_response(request)


def _without_fid(request) -> str:
    query = request.GET.copy()
    query.pop("fid", None)
    # escape_leading_slashes: "//evil.example/" must stay a path on this host
    return escape_leading_slashes(request.path) + (f"?{query.urlencode()}" if query else "")


class BrandMiddleware:
    """Sets ``request.brand`` (and ``request.host_brand``, the same brand, which views that draw
    another leave as it is) and ``request.fid``.

    fid: a positive integer from the query, else the ``fid`` cookie, else 1. A valid query fid
    whose brand loads is stored in the cookie; ``fid=null`` removes it. On the canonical host a
    query fid whose brand cannot be had (unknown, malformed, or the provider down) falls back to
    fid 1 and redirects once to the same URL without ``fid`` (same host, so never a loop).

    On a white-label host whose brand cannot be had (a name under the suffix the provider does
    not know, or the provider cannot be asked and nothing is known about the host), spec
    section 8 applies too: a 302 to the canonical domain (``SITE_ORIGIN``), same path, query
    without ``fid``. The page is never served under the host's name with the fid-1 brand.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        host = request.get_host()
        canonical = is_canonical_host(host=host)
        raw_fid = request.GET.get("fid")
        query_fid, cookie_fid = parse_fid(raw_fid), parse_fid(request.COOKIES.get(FID_COOKIE))
        fid = query_fid or cookie_fid or DEFAULT_FID
        kind, key = lookup(host=host, fid=fid)
        unknown = unavailable = False
        try:
            brand = brand_for(kind=kind, key=key)
            unknown = brand is None
        except BrandUnavailable:
            brand, unavailable = None, True
        if brand is None:
            brand = fallback_brand()
        failed = unknown or unavailable
        if failed and not canonical:
            return HttpResponseRedirect(settings.SITE_ORIGIN + _without_fid(request))
        if (
            canonical
            and raw_fid is not None
            and request.method in ("GET", "HEAD")
            and (failed or query_fid is None)
        ):
            response = HttpResponseRedirect(_without_fid(request))
            if raw_fid == "null" or (unknown and cookie_fid == fid):
                response.delete_cookie(FID_COOKIE, path="/", samesite="Lax")
            return response
        # request.host_brand stays the host's when a view draws another (the admin's previews).
        request.brand = request.host_brand = brand
        request.fid = (DEFAULT_FID if failed else fid) if kind == AGENT else brand.fid
        response = self.get_response(request)
        if canonical and query_fid and not failed and query_fid != cookie_fid:
            response.set_cookie(
                FID_COOKIE,
                str(query_fid),
                max_age=FID_COOKIE_MAX_AGE,
                path="/",
                samesite="Lax",
                secure=settings.HTTPS,
            )
        elif canonical and unknown and cookie_fid == fid:
            response.delete_cookie(FID_COOKIE, path="/", samesite="Lax")
        # The CSP admits Google's hosts exactly when includes/analytics.html loads the script: for
        # the brand's own ids, which an agent brand never has (selectors.brand_for).
        if brand.ga4 or brand.gtm:
            add_sources(response, ANALYTICS_SOURCES)
        # Its images' origins, and only those: the policy admits no other https host.
        if brand.image_origins:
            add_sources(response, {"img-src": brand.image_origins})
        return response
