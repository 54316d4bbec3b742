"""No CSRF token in anonymous pages (issue 14): they may be served from a shared cache and are
compressed, so no per-visitor secret may sit in them. Islands read the cookie or ask
``/session/csrf``, which sets it and is never cached; POSTs still need it."""

import json
import re

import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("provider", "demo_data")
HOST = {"Host": "127.0.0.1"}


@pytest.mark.parametrize(
    "path", ["/", "/he/", "/hotels", "/de/hotels/spain", "/hotels/spain/barcelona/metropole-sands"]
)
def test_anonymous_pages_carry_no_token_and_set_no_csrf_cookie(path):
    response = Client().get(path, headers=HOST)
    html = response.content.decode()
    assert response.status_code == 200
    assert "csrfmiddlewaretoken" not in html and "csrfToken" not in html
    assert "csrftoken" not in response.cookies


def test_the_token_endpoint_sets_the_cookie_and_is_never_stored():
    client = Client(enforce_csrf_checks=True)
    response = client.get("/session/csrf", headers=HOST)
    token = json.loads(response.content)["token"]
    assert response.status_code == 200 and re.fullmatch(r"[A-Za-z0-9]{32,64}", token)
    assert "no-store" in response["Cache-Control"]
    assert client.cookies["csrftoken"].value
    refused = client.post("/favorites/toggle", "{}", content_type="application/json", headers=HOST)
    assert refused.status_code == 403 and refused["Content-Type"].startswith("text/html")
    accepted = client.post(
        "/favorites/toggle",
        "{}",
        content_type="application/json",
        headers={**HOST, "X-CSRFToken": token},
    )
    # Past the CSRF check: the view's own answer (it wants a login), not the CSRF failure page.
    assert accepted["Content-Type"].startswith("application/json")
    assert client.post("/session/csrf", headers=HOST).status_code in (403, 405)
