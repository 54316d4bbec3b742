"""Rendered responses go out compressed (brotli, else gzip) as Accept-Encoding asks (issue 14);
a page that rendered a CSRF token only as padded gzip (BREACH); static files stay WhiteNoise's."""

import gzip

import brotli
import pytest
from django.test import Client

pytestmark = pytest.mark.usefixtures("provider", "demo_data")
HOST = {"Host": "127.0.0.1"}


def _get(path, encoding=None):
    headers = {**HOST, **({"Accept-Encoding": encoding} if encoding is not None else {})}
    return Client().get(path, headers=headers)


@pytest.mark.parametrize("path", ["/", "/he/", "/hotels/spain"])
def test_pages_go_out_as_brotli_when_asked_and_decode_to_the_same_page(path):
    plain = _get(path)
    assert not plain.has_header("Content-Encoding")
    squeezed = _get(path, "gzip, deflate, br, zstd")
    assert squeezed["Content-Encoding"] == "br"
    assert "Accept-Encoding" in squeezed["Vary"]
    page = brotli.decompress(squeezed.content).decode()
    assert page.startswith("<!doctype html>") and "</html>" in page
    assert len(squeezed.content) < len(page.encode()) / 3
    assert int(squeezed["Content-Length"]) == len(squeezed.content)


@pytest.mark.parametrize("encoding", ["gzip", "gzip, br;q=0", "br;q=0.0, gzip;q=1"])
def test_gzip_when_brotli_is_not_wanted(encoding):
    response = _get("/", encoding)
    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).decode().startswith("<!doctype html>")


def test_nothing_compressed_for_a_client_that_asks_for_nothing_or_something_else():
    assert not _get("/", "identity").has_header("Content-Encoding")
    assert not _get("/", "zstd").has_header("Content-Encoding")


def test_a_page_with_a_csrf_token_is_padded_gzip_never_brotli():
    response = _get("/login", "br, gzip")
    assert response["Content-Encoding"] == "gzip"
    assert b"csrfmiddlewaretoken" in gzip.decompress(response.content)


def test_small_answers_and_static_files_are_left_alone():
    assert not _get("/health", "br").has_header("Content-Encoding")
    from storefront.islands.manifest import asset_url

    static = Client().get(asset_url("main.js"), headers={**HOST, "Accept-Encoding": "br"})
    assert static.status_code == 200
    # WhiteNoise's own precompressed file, not compressed again here
    assert static.get("Content-Encoding") in (None, "br", "gzip")
    body = b"".join(static.streaming_content) if static.streaming else static.content
    if static.get("Content-Encoding") == "br":
        brotli.decompress(body)
