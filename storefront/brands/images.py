"""A brand's inline images (``data:image/…;base64`` in its provider config), served from our origin.

A provider may give a brand's logos, favicon and icon as data URLs. Written into a page as they
are, the logo came six times (light and dark in the header, in the footer and in the header
island's props): 24 KB of base64 in the HTML of every page, about 3.5 KB of it left after
compression, which pushed a list page's first response past what a phone's connection brings in
its first round trip. Pages name such an image by ``/brand-images/<fid>/<digest>.<ext>``
instead (``page_url``): the host and the fid say whose brand it is, the digest which of its images.
The address changes when the image does, so the browser keeps it for a year.

``brand_image`` answers only with an image of the brand that host and fid give today, decoded,
under a policy that runs nothing if it is opened on its own (an SVG may hold a script). Anything
else is a 404. An https image or one of our own static files keeps its address (``brand_asset``).
"""

import base64
import binascii
import hashlib
import re

from django.http import HttpResponse
from django.views.decorators.http import require_safe

from .brand import DATA_IMAGE_RE
from .registry import BrandUnavailable
from .selectors import MAX_FID, brand_for, fallback_brand, lookup
from .templating import brand_asset

PREFIX = "/brand-images/"
DIGEST_LENGTH = 24  # hex digits of the data URL's SHA-256
EXTENSIONS = {"svg+xml": "svg", "png": "png", "jpeg": "jpg", "gif": "gif", "webp": "webp"}
# Opened on its own, an image may show itself and nothing else: no script, no request, no form.
IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
A_YEAR = 31_536_000
NAME_RE = re.compile(rf"[0-9a-f]{{{DIGEST_LENGTH}}}\.(?:{'|'.join(EXTENSIONS.values())})")


def _subtype(value: str) -> str:
    return value[len("data:image/") : value.index(";")]


def _name(value: str) -> str:
    digest = hashlib.sha256(value.encode()).hexdigest()[:DIGEST_LENGTH]
    return f"{digest}.{EXTENSIONS[_subtype(value)]}"


def page_url(value: str, *, fid: int) -> str:
    """The address a page gives the brand image ``value`` of the brand its host and ``fid`` serve:
    ``/brand-images/…`` for a data URL, ``brand_asset(value)`` for any other."""
    if isinstance(value, str) and DATA_IMAGE_RE.fullmatch(value):
        return f"{PREFIX}{int(fid)}/{_name(value)}"
    return brand_asset(value)


def _images(brand) -> list[str]:
    return [
        *brand.logo.values(),
        *brand.hebrew_logo.values(),
        *brand.background.values(),
        brand.favicon,
        brand.icon,
    ]


def _not_found() -> HttpResponse:
    response = HttpResponse("Not found.", status=404, content_type="text/plain")
    response["Cache-Control"] = "no-store"
    return response


@require_safe
def brand_image(request, fid: int, name: str) -> HttpResponse:
    """GET ``/brand-images/<fid>/<digest>.<ext>``: the image of the host's brand (for ``fid`` on
    the canonical host) whose data URL has that digest; a 404 for any other name, or when the
    brand cannot be had (the provider down and nothing kept: the page around it says so)."""
    if not (0 < fid <= MAX_FID and NAME_RE.fullmatch(name)):  # no address a page names
        return _not_found()
    try:
        kind, key = lookup(host=request.get_host(), fid=fid)
        brand = brand_for(kind=kind, key=key) or fallback_brand()
    except BrandUnavailable:
        return _not_found()
    for value in _images(brand):
        if isinstance(value, str) and DATA_IMAGE_RE.fullmatch(value) and _name(value) == name:
            break
    else:
        return _not_found()
    try:
        body = base64.b64decode(value[value.index(",") + 1 :], validate=True)
    except binascii.Error:
        return _not_found()
    response = HttpResponse(body, content_type=f"image/{_subtype(value)}")
    response["Cache-Control"] = f"public, max-age={A_YEAR}, immutable"
    response["Content-Security-Policy"] = IMAGE_POLICY
    response["X-Content-Type-Options"] = "nosniff"
    return response
