"""HostGuard (first after WhiteNoise) and Brand (after the locale) middleware."""

import logging

from django.core.exceptions import DisallowedHost
from django.http import Http404, HttpResponseBadRequest

from .selectors import brand_for_request, fid_for_request, is_canonical_host, is_known_host

logger = logging.getLogger(__name__)

UNKNOWN_HOST = "Unknown host."


class HostGuardMiddleware:
    """Answers 400 to a Host the storefront does not serve; no view runs, nothing upstream.
    The admin exists on the canonical host(s) only."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            host = request.get_host()
        except DisallowedHost:
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        if not is_known_host(host=host):
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        if request.path_info.startswith("/admin/") and not is_canonical_host(host=host):
            raise Http404("The admin answers on the canonical host only.")
        return self.get_response(request)


class BrandMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.fid = fid_for_request(request)
        request.brand = brand_for_request(request)
        return self.get_response(request)
