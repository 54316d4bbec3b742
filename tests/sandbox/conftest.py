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


@pytest.fixture
def api(sandbox_url, settings):
    """The sandbox's booking API over HTTP with the client token; its webhooks retried fast."""
    from tests.sandbox.payments import Api

    settings.SANDBOX_WEBHOOK_BACKOFF_SECONDS = 0.1
    return Api(sandbox_url)


@pytest.fixture
def webhooks():
    """A receiver for the sandbox's webhooks (``webhooks.url``)."""
    from tests.sandbox.payments import WebhookReceiver

    receiver = WebhookReceiver()
    yield receiver
    receiver.close()


@pytest.fixture
def payments_mode(sandbox_url):
    """The sandbox's payment service switched (ok, webhook-fail, slow-status, status-fail);
    back to ok after."""
    import requests

    def mode(value):
        url = f"{sandbox_url}/sandbox/payments-mode"
        answer = requests.post(url, json={"mode": value}, timeout=5)
        assert answer.status_code == 200, answer.text

    yield mode
    mode("ok")
