"""A test client for the sandbox as its server runs it: its own URLconf, no storefront
middleware (``server.SandboxHandler``), in process, so inventory tests need no live server."""

import pytest
from django.core.handlers.exception import convert_exception_to_response
from django.test import Client
from django.test.client import ClientHandler

from storefront.sandbox.server import URLCONF


class SandboxClientHandler(ClientHandler):
    def load_middleware(self, is_async=False):
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        self._middleware_chain = convert_exception_to_response(self._get_response)

    def get_response(self, request):
        request.urlconf = URLCONF
        return super().get_response(request)


@pytest.fixture
def sandbox_client(settings):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {settings.SANDBOX_CLIENT_TOKEN}")
    client.handler = SandboxClientHandler(enforce_csrf_checks=False)
    return client
