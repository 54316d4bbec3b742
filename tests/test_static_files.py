"""WhiteNoise's scan of STATIC_ROOT is kept per process (storefront/serving/static_files.py), and
a chain built with other settings scans again."""

import re

from django.test import Client

from storefront.serving.static_files import StaticFilesMiddleware


def _script(client):
    return re.search(r'<script type="module" src="([^"]+)"', client.get("/").content.decode())[1]


def test_a_second_middleware_chain_takes_the_files_the_first_found():
    first, second = StaticFilesMiddleware(None), StaticFilesMiddleware(None)
    assert first.files.keys() == second.files.keys() and len(first.files) > 100
    url = next(url for url in first.files if url.endswith(".js"))
    assert second.files[url] is first.files[url]


def test_each_client_is_served_the_same_files(client):
    script = _script(client)  # a hashed island, kept forever
    for _ in range(2):
        response = Client().get(script)
        assert response.status_code == 200 and "immutable" in response["Cache-Control"]
        assert response["Content-Type"].startswith("text/javascript")
    assert Client().get("/static/no-such-file.js").status_code == 404


def test_other_settings_get_their_own_scan(settings):
    """A file whose name carries no hash gets WhiteNoise's short max-age, which follows the
    setting (a chain that reused the first scan would still say 60)."""
    plain = "/static/admin/img/icon-clock.svg"
    assert Client().get(plain)["Cache-Control"] == "max-age=60, public"
    settings.WHITENOISE_MAX_AGE = 7
    assert Client().get(plain)["Cache-Control"] == "max-age=7, public"
