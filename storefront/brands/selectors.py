"""Reads: is a host one we serve, and which brand does a request get."""

from django.conf import settings

from .defaults import DEFAULT_FID, default_brand

MAX_FID = 2**31 - 1


def _hostname(host: str) -> str:
    return host.lower() if host.startswith("[") else host.rsplit(":", 1)[0].lower()


def is_canonical_host(*, host: str) -> bool:
    return _hostname(host) in {h.lower() for h in settings.CANONICAL_HOSTS}


def is_known_host(*, host: str) -> bool:
    """Canonical hosts and hosts under the white-label suffix (custom domains: brands issue)."""
    name, suffix = _hostname(host), settings.WHITE_LABEL_DOMAIN_SUFFIX.lower()
    return is_canonical_host(host=host) or (
        bool(suffix) and name.endswith(suffix) and len(name) > len(suffix)
    )


def parse_fid(value) -> int | None:
    """A positive integer fid, or None for anything else (``null``, ``-1``, ``1e99``, ...)."""
    value = (value or "").strip()
    if not value.isascii() or not value.isdigit() or len(value) > 10:
        return None
    fid = int(value)
    return fid if 0 < fid <= MAX_FID else None


def fid_for_request(request) -> int:
    return parse_fid(request.GET.get("fid")) or parse_fid(request.COOKIES.get("fid")) or DEFAULT_FID


def brand_for_request(request):
    return default_brand()
