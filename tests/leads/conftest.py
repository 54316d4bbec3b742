import pytest
import requests


@pytest.fixture
def lead_service(sandbox_url):
    """The sandbox's lead endpoint, switched between "ok", "fail" and "hang"; back to ok after."""

    def mode(value):
        requests.post(f"{sandbox_url}/sandbox/leads-mode", json={"mode": value}, timeout=5)

    yield mode
    mode("ok")
