"""Whole pages for anonymous visitors, kept compressed in the shared cache.

A public page is the same for every anonymous visitor who sends the same request, so it is
rendered and compressed once (brotli at quality 11 and gzip at 9; a client that takes neither
gets the gzip copy decompressed) and then served from the cache without running a view, a
template or a compressor.

**The key** is everything that changes the bytes and nothing else: the release
(``release.RELEASE``), the scheme and host (the
brand), the path (the locale is its prefix), the query with its parameters sorted, and the
values of the cookies the server renders (``PAGE_CACHE_COOKIES``: currency, country, price
display, colour mode, the agent's ``fid``), plus the geo header when one is configured. On the
bare root ``/`` the locale the visitor would be sent to is part of the key too (it depends on the
locale cookie and ``Accept-Language``); a visitor who is redirected never reaches a cached page.

**What is kept**: a 200 page (``response.is_page``, or ``sitemap.xml``) answering a GET or HEAD
from a visitor without a session cookie, that is public (``page_cache.public(response)``, which the
views say of indexable pages), sets no cookie but the locale's, used no CSRF token and is not
marked private or no-store. Logged-in visitors, POSTs, forms with a token and the provider-down
notices (or a stay whose rates did not come) always render.

**How long**: ``PAGE_CACHE_SECONDS`` (0 turns the cache off), or less when the page shows live
prices: the provider's rates are kept ``INVENTORY_RATES_SECONDS`` (a minute) and a page rendered
from them is kept only until they expire (``freshness.valid_until``, which ``inventory.rates``
calls), so a kept page never shows a price older than a freshly rendered one could. Such
short-lived copies are compressed at brotli 5 and gzip 6 (quality 11 costs 0.3 s on a results
page, for a copy kept a minute), and so is every kept page when ``PAGE_CACHE_BEST_COMPRESSION``
is off (the test suite, where nearly every page is a first visit). ``invalidate()`` drops every
kept page at once (a generation number beside the entries) when ``freshness.content_changed``
says so: an operator's brand override saved, a provider brand or inventory content that came
back different from what was kept. The readers of that content never import this module; it listens.

**For a CDN in front**: cached pages go out with ``Cache-Control: public, max-age=0,
s-maxage=N`` (what is left of the copy's life) and ``Vary: Accept-Encoding, Cookie`` (and
``Accept-Language`` on ``/``); a CDN that can key on single cookies should key on
``PAGE_CACHE_COOKIES`` as this cache does, and bypass itself when the session cookie is present.
``X-Page-Cache`` says ``hit`` or ``miss`` for pages this cache may keep.
"""

import gzip
import hashlib
import time

import brotli
from django.conf import settings
from django.core.cache import cache
from django.dispatch import receiver
from django.http import HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_cache_control, patch_vary_headers

from storefront import freshness
from storefront.i18n.locales import LOCALE_COOKIE
from storefront.i18n.middleware import remember_locale
from storefront.i18n.resolution import root_locale
from storefront.web.release import RELEASE

from .compression import accepts_brotli

GENERATION_KEY = "page-cache:generation"
# Headers that belong to one response, not to the page.
_NOT_KEPT = {"content-encoding", "content-length", "set-cookie", "date", "vary", "etag"}


# Short-lived copies (live prices) are compressed fast; a copy kept for less is not worth keeping.
FAST_QUALITY = {"br": 5, "gzip": 6}
SHORTEST_SECONDS = 2


def public(response, *, document: bool = False):
    """The view says its page is the same for every anonymous visitor (may be kept).
    ``document``: an answer that is not a page of the registry but is kept the same way
    (``sitemap.xml``, which takes over a second to build)."""
    response.page_cache_public = True
    if document:
        response.page_cache_document = True
    return response


def invalidate() -> None:
    """Every kept page is dropped (the next request renders it again)."""
    try:
        cache.incr(GENERATION_KEY)
    except ValueError:
        cache.set(GENERATION_KEY, 1, timeout=None)


@receiver(freshness.content_changed, dispatch_uid="page_cache.invalidate")
def _content_changed(sender, **kwargs) -> None:
    """What kept pages were rendered from changed (the provider's content or a brand's, an
    operator's override): they all go."""
    invalidate()


def _key(request) -> str | None:
    """The entry's key for this request, or None when it may not be served from the cache."""
    if settings.PAGE_CACHE_SECONDS <= 0 or request.method not in ("GET", "HEAD"):
        return None
    cookies = request.COOKIES
    if settings.SESSION_COOKIE_NAME in cookies or "messages" in cookies:
        return None
    if request.path == "/" and settings.ROOT_REDIRECT:
        return None
    try:
        host = request.get_host()
        query = sorted(request.GET.lists())
    except Exception:  # DisallowedHost, an unreadable query: the chain answers with its 400
        return None
    parts = [
        RELEASE,
        request.scheme,
        host,
        request.path,
        repr(query),
        *(cookies.get(name, "") for name in settings.PAGE_CACHE_COOKIES),
    ]
    if settings.GEO_COUNTRY_HEADER:
        parts.append(request.headers.get(settings.GEO_COUNTRY_HEADER, ""))
    if request.path == "/":
        parts.append(root_locale(request))
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()
    return f"page:{digest}"


def _encoding(request) -> str:
    if accepts_brotli(request):
        return "br"
    accepted = request.headers.get("Accept-Encoding", "").lower()
    return "gzip" if "gzip" in accepted else "identity"


def _storable(request, response) -> bool:
    control = response.get("Cache-Control", "").lower()
    return (
        response.status_code == 200
        and getattr(response, "page_cache_public", False)
        and (getattr(response, "is_page", False) or getattr(response, "page_cache_document", False))
        and not response.streaming
        and not response.has_header("Content-Encoding")
        and set(response.cookies) <= {LOCALE_COOKIE}
        and "CSRF_COOKIE_NEEDS_UPDATE" not in request.META
        and not any(word in control for word in ("private", "no-store", "no-cache"))
    )


def _variants(content: bytes, *, fast: bool) -> dict[str, bytes]:
    """What is kept of a page: brotli and gzip. A client that takes neither (rare: scripts, some
    crawlers) gets the gzip copy decompressed, so a page costs the cache about 30 KB, not 140."""
    return {
        "br": brotli.compress(content, quality=FAST_QUALITY["br"] if fast else 11),
        "gzip": gzip.compress(content, compresslevel=FAST_QUALITY["gzip"] if fast else 9, mtime=0),
    }


def _headers(response) -> dict[str, str]:
    return {name: value for name, value in response.items() if name.lower() not in _NOT_KEPT}


def _vary(request) -> tuple[str, ...]:
    """What a kept copy depends on besides its address, for caches downstream: the visitor's
    country from the geo header sets the default currency (``chrome.preferences``)."""
    rest = ("Accept-Language",) if request.path == "/" else ()
    geo = (settings.GEO_COUNTRY_HEADER,) if settings.GEO_COUNTRY_HEADER else ()
    return ("Accept-Encoding", "Cookie", *geo, *rest)


def _answer(request, entry: dict, encoding: str, state: str):
    """The response for a kept entry: its bytes as they were compressed once (the gzip copy
    decompressed for a client that takes no compression)."""
    if entry["etag"] in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    elif encoding == "identity":
        response = HttpResponse(gzip.decompress(entry["body"]))
    else:
        response = HttpResponse(entry["body"])
    for name, value in entry["headers"].items():
        response[name] = value
    response["ETag"] = entry["etag"]
    response["Content-Length"] = str(len(response.content))
    if encoding != "identity":
        response["Content-Encoding"] = encoding
    patch_vary_headers(response, _vary(request))
    left = max(0, round(entry["expires"] - time.time()))
    patch_cache_control(response, public=True, max_age=0, s_maxage=left)
    if entry["locale"]:
        remember_locale(response, entry["locale"])
    response["X-Page-Cache"] = state
    return response


class PageCacheMiddleware:
    """Serves kept pages before the brand, the locale or a view run; keeps new ones."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        key = _key(request)
        if key is None:
            return self.get_response(request)
        encoding = _encoding(request)
        kept = "gzip" if encoding == "identity" else encoding
        found = cache.get_many([f"{key}:{kept}", GENERATION_KEY])
        generation = found.get(GENERATION_KEY, 0)
        entry = found.get(f"{key}:{kept}")
        if entry is not None and entry["generation"] == generation:
            return _answer(request, entry, encoding, "hit")
        # What the page shows says how long it stays true (freshness.valid_until: live rates),
        # and what a process memoised is good for it only in this generation (freshness.epoch).
        with freshness.rendering(generation) as render:
            response = self.get_response(request)
        now = time.time()
        seconds = settings.PAGE_CACHE_SECONDS
        if render.until < now + seconds:
            seconds = max(0, int(render.until - now))
        if seconds < SHORTEST_SECONDS or not _storable(request, response):
            return response
        etag = f'W/"{hashlib.sha256(response.content).hexdigest()[:32]}"'
        headers = _headers(response)
        locale = response.cookies[LOCALE_COOKIE].value if LOCALE_COOKIE in response.cookies else ""
        entries = {
            f"{key}:{name}": {
                "generation": generation,
                "body": body,
                "headers": headers,
                "etag": etag,
                "locale": locale,
                "expires": now + seconds,
            }
            for name, body in _variants(
                response.content,
                fast=seconds < settings.PAGE_CACHE_SECONDS
                or not settings.PAGE_CACHE_BEST_COMPRESSION,
            ).items()
        }
        cache.set_many(entries, timeout=seconds)
        return _answer(request, entries[f"{key}:{kept}"], encoding, "miss")
