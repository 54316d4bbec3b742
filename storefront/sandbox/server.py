"""The sandbox as its own WSGI application: its URLconf, none of the storefront's middleware."""

from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler

URLCONF = "storefront.sandbox.urls"


class SandboxHandler(WSGIHandler):
    def load_middleware(self, is_async=False):
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        self._middleware_chain = convert_exception_to_response(self._get_response)

    def get_response(self, request):
        request.urlconf = URLCONF
        return super().get_response(request)
