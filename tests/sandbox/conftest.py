"""A test client for the sandbox as its server runs it: its own URLconf, no storefront
middleware (``server.SandboxHandler``), in process, so inventory tests need no live server."""

import pytest
from django.test import Client
from django.test.client import ClientHandler

from storefront.sandbox.server import SandboxHandler


class SandboxClientHandler(ClientHandler, SandboxHandler):
    """Django's test handler (``__call__``) over the sandbox's own (no middleware, its URLconf)."""


@pytest.fixture
def sandbox_client(settings):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {settings.SANDBOX_CLIENT_TOKEN}")
    client.handler = SandboxClientHandler(enforce_csrf_checks=False)
    return client
