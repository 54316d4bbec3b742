import pytest


@pytest.fixture
def support_service(sandbox_url):
    """The sandbox's support endpoint, switched between "ok", "fail" and "hang"; back to ok
    after."""
    import requests

    def mode(value):
        requests.post(f"{sandbox_url}/sandbox/support-mode", json={"mode": value}, timeout=5)

    yield mode
    mode("ok")
