"""HostGuard (first after WhiteNoise) and Brand (after the locale) middleware."""

import logging

from django.core.exceptions import DisallowedHost
from django.http import HttpResponseBadRequest

from .selectors import brand_for_request, fid_for_request, is_known_host

logger = logging.getLogger(__name__)

UNKNOWN_HOST = "Unknown host."


class HostGuardMiddleware:
    """Answers 400 to a Host the storefront does not serve; no view runs, nothing upstream."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            host = request.get_host()
        except DisallowedHost:
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        if not is_known_host(host=host):
            return HttpResponseBadRequest(UNKNOWN_HOST, content_type="text/plain")
        return self.get_response(request)


class BrandMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.fid = fid_for_request(request)
        request.brand = brand_for_request(request)
        return self.get_response(request)
