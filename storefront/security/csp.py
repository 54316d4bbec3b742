"""The Content Security Policy, without a per-response nonce.

A page's bytes must not change from one response to the next, or the page cache
(``storefront/serving/page_cache.py``) could not keep them compressed once. So the policy names what
a page may run instead of stamping it:

- scripts: external module scripts from ``'self'`` only (the islands' ``main.js`` and chunks,
  ``analytics.js``); no inline script runs. JSON data blocks (island props, JSON-LD) are not
  scripts and need nothing.
- styles: the stylesheet from ``'self'`` and the page's inline ``<style>`` blocks (the brand's
  colours, a widget's colours), each admitted by its SHA-256 hash: ``{% call inline_style() %}``
  writes the block and records its hash on the request; ``CSPMiddleware`` adds the hashes to
  ``style-src``. The same brand gives the same bytes and the same header every time.

Views and middleware widen a directive with ``add_sources(response, {...})``, which merges with
what others added (exact origins for photos, map tiles, analytics).
"""

import base64
import hashlib

from csp.middleware import CSPMiddleware as BaseCSPMiddleware


def add_sources(response, sources: dict[str, list[str]]) -> None:
    """Adds ``sources`` (directive: [source, ...]) to the response's policy, keeping what
    others added before."""
    update = dict(getattr(response, "_csp_update", None) or {})
    for directive, values in sources.items():
        update[directive] = list(dict.fromkeys([*update.get(directive, []), *values]))
    response._csp_update = update


def style_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode()).digest()
    return f"'sha256-{base64.b64encode(digest).decode()}'"


def allow_inline_style(request, text: str) -> None:
    """Admits the inline ``<style>`` block ``text`` on this request's page."""
    hashes = request.__dict__.setdefault("csp_style_hashes", [])
    value = style_hash(text)
    if value not in hashes:
        hashes.append(value)


class CSPMiddleware(BaseCSPMiddleware):
    """django-csp's middleware, with the request's inline style hashes in ``style-src``."""

    def process_response(self, request, response):
        hashes = getattr(request, "csp_style_hashes", None)
        if hashes:
            add_sources(response, {"style-src": hashes})
        return super().process_response(request, response)
