"""Reads: is a host one we serve, which brand does a request get, and where do the absolute links
written for it start (DESIGN sections 2, 5)."""

import re
from dataclasses import replace
from urllib.parse import urlsplit

from django.conf import settings

from .defaults import DEFAULT_FID, default_brand
from .registry import AGENCY, AGENT, WHITE_LABEL, BrandUnavailable, override_config, provider_config

MAX_FID = 2**31 - 1
_LABEL_RE = re.compile(r"\A(?!-)[a-z0-9-]{1,63}(?<!-)\Z")  # full match: no "acme\n"


def hostname(host: str) -> str:
    """``Acme.Example:8000`` -> ``acme.example`` (IPv6 literals kept whole)."""
    return host.lower() if host.startswith("[") else host.rsplit(":", 1)[0].lower()


def is_canonical_host(*, host: str) -> bool:
    return hostname(host) in {h.lower() for h in settings.CANONICAL_HOSTS}


def is_suffix_host(*, host: str) -> bool:
    name, suffix = hostname(host), settings.WHITE_LABEL_DOMAIN_SUFFIX.lower()
    return bool(suffix) and name.endswith(suffix) and len(name) > len(suffix)


def link_origin(*, host: str) -> str:
    """Where every absolute link written for a request to ``host`` starts (canonical, hreflang,
    sitemap.xml, robots.txt), never with the request's scheme or port: ``SITE_ORIGIN`` on a
    canonical host; on a white-label host SITE_ORIGIN's scheme (https when ``HTTPS`` is on), the
    host's lower-cased name and SITE_ORIGIN's port if it has one."""
    if is_canonical_host(host=host):
        return settings.SITE_ORIGIN
    site = urlsplit(settings.SITE_ORIGIN)
    scheme = "https" if settings.HTTPS else site.scheme
    port = f":{site.port}" if site.port else ""
    return f"{scheme}://{hostname(host)}{port}"


def is_well_formed_domain(name: str) -> bool:
    """A DNS name with at least two labels; anything else never reaches the provider."""
    labels = name.split(".")
    return len(name) <= 253 and len(labels) >= 2 and all(_LABEL_RE.fullmatch(lb) for lb in labels)


def lookup(*, host: str, fid: int) -> tuple[str, str]:
    """The registry key for a request: (kind, key)."""
    if is_canonical_host(host=host):
        return AGENT, str(fid)
    if is_suffix_host(host=host):
        return AGENCY, hostname(host)
    return WHITE_LABEL, hostname(host)


def is_known_host(*, host: str) -> bool | None:
    """True for canonical and suffix hosts and custom hosts the registry knows; False for
    others; None when the provider cannot be asked and nothing is cached."""
    if is_canonical_host(host=host):
        return True
    name = hostname(host)
    if not is_well_formed_domain(name):
        return False
    if is_suffix_host(host=host):
        return True
    if override_config(WHITE_LABEL, name):
        return True
    try:
        return provider_config(WHITE_LABEL, name) is not None
    except BrandUnavailable:
        return None


def parse_fid(value) -> int | None:
    """A positive integer fid, or None for anything else (``null``, ``-1``, ``1e99``, ...)."""
    value = (value or "").strip() if isinstance(value, str) else ""
    if not value.isascii() or not value.isdigit() or len(value) > 10:
        return None
    fid = int(value)
    return fid if 0 < fid <= MAX_FID else None


def brand_for(*, kind: str, key: str):
    """The layered brand: built-in default < provider config < operator override.

    Only a partner's own host (an agency or custom white-label host) may carry its own GA4 and
    tag manager. An agent brand (by fid, on the canonical host, the origin of /login and
    /admin/) keeps the platform's ``GA4_ID``/``GTM_ID`` whatever its provider config or operator
    override says: anyone can set a fid cookie with a link.

    Raises ``BrandUnavailable`` (provider down, nothing cached) and returns None when the
    provider does not know the key and no override exists.
    """
    config = provider_config(kind, key)
    override = override_config(kind, key)
    if config is None and override is None:
        return None
    brand = default_brand().layer(config).layer(override)
    if kind == AGENT:
        brand = replace(brand, ga4=default_brand().ga4, gtm=default_brand().gtm)
    return brand


def fallback_brand():
    """The fid-1 brand, or the built-in default when even that cannot be had."""
    try:
        return brand_for(kind=AGENT, key=str(DEFAULT_FID)) or default_brand()
    except BrandUnavailable:
        return default_brand()
