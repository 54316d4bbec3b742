"""Compressed responses: brotli or gzip, as the browser's ``Accept-Encoding`` prefers.

Text that Django renders (HTML, JSON, XML, plain text) of at least ``MIN_BYTES`` goes out
compressed, with ``Vary: Accept-Encoding``; static files are WhiteNoise's (compressed once at
build time) and pass untouched, as does anything already encoded or streamed. BREACH needs a
secret in a compressed page next to input an attacker reflects into it: anonymous pages carry no
secret (no CSRF token: ``storefront/security/csrf.py``); a page that rendered Django's CSRF token
(``/login``, a traveller's forms) has it masked afresh per response, and is compressed with gzip
plus Django's random-length padding ("Heal The Breach").
"""

import brotli
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers

MIN_BYTES = 200
# Per response, for a page the cache cannot keep (a cached page is compressed once, at 11):
# on a 109 KB results page 4 takes 0.6 ms for 12.8 KB, 5 takes 0.9 ms for 11.9 KB. Both are
# smaller than gzip -9; the third of a millisecond is a twentieth of the page's whole cost.
BROTLI_QUALITY = 4
TEXT_TYPES = ("text/", "application/json", "application/xml", "image/svg+xml")


def accepts_brotli(request) -> bool:
    """Whether ``Accept-Encoding`` lists ``br`` with a weight above zero."""
    for part in request.headers.get("Accept-Encoding", "").split(","):
        coding, _semicolon, params = part.strip().partition(";")
        if coding.strip().lower() != "br":
            continue
        weight = params.strip().lower().removeprefix("q=")
        try:
            return not params.strip() or float(weight) > 0
        except ValueError:
            return False
    return False


def compressible(response) -> bool:
    return (
        not response.streaming
        and not response.has_header("Content-Encoding")
        and response.status_code != 206
        and len(response.content) >= MIN_BYTES
        and response.get("Content-Type", "").startswith(TEXT_TYPES)
    )


class CompressionMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.gzip = GZipMiddleware(get_response)

    def __call__(self, request):
        response = self.get_response(request)
        if not compressible(response):
            return response
        if "CSRF_COOKIE_NEEDS_UPDATE" in request.META:  # get_token() ran: a token may be inside
            return self.gzip.process_response(request, response)  # padded gzip, masked token
        patch_vary_headers(response, ("Accept-Encoding",))
        if not accepts_brotli(request):
            return self.gzip.process_response(request, response)
        compressed = brotli.compress(response.content, quality=BROTLI_QUALITY)
        if len(compressed) >= len(response.content):
            return response
        response.content = compressed
        response["Content-Length"] = str(len(compressed))
        response["Content-Encoding"] = "br"
        etag = response.get("ETag", "")
        if etag.startswith('"'):
            response["ETag"] = f"W/{etag}"  # the same resource, other bytes (as GZipMiddleware)
        return response
