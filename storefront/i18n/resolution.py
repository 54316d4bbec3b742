"""Which locale a request is in (DESIGN section 4).

A prefixed URL is that locale; an unprefixed URL is English. Only the bare root ``/`` looks
further: the ``i18n_redirected`` cookie, then the best ``Accept-Language`` match, then English.
"""

import json
import re
from pathlib import Path

from django.utils.translation.trans_real import parse_accept_lang_header

from .locales import DEFAULT_LOCALE, LOCALE_COOKIE, LOCALES, PREFIXED_CODES

_PREFIX_RE = re.compile(r"^/(" + "|".join(re.escape(c) for c in PREFIXED_CODES) + r")(/|\Z)")

# Browser tags that name a supported locale under another spelling.
_ALIASES = {
    "iw": "he",
    "in": "id",
    "fil": "tl-ph",
    "tl": "tl-ph",
    "zh-hans": "zh-cn",
    "zh-sg": "zh-cn",
    "zh-hant": "zh-tw",
    "zh-hk": "zh-tw",
    "zh-mo": "zh-tw",
    "zh": "zh-cn",
    "pt-pt": "pt",
    "nb": None,
}

# User agents treated as crawlers: one list of patterns, fixtures/crawlers.json, which the
# islands read too (static_src/crawlers.js). ASCII and case-insensitive, as JavaScript's RegExp
# with the "i" flag reads them; fixtures/crawler-vectors.json holds both to the same answers.
_CRAWLER_RE = re.compile(
    "|".join(
        json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "crawlers.json").read_text())
    ),
    re.IGNORECASE | re.ASCII,
)


def locale_from_path(path: str) -> tuple[str, str]:
    """Split ``/de/hotels`` into ``("de", "/hotels")``; an unprefixed path is English."""
    match = _PREFIX_RE.match(path)
    if not match:
        return DEFAULT_LOCALE, path
    return match.group(1), path[len(match.group(1)) + 1 :] or "/"


def match_language_tag(tag: str) -> str | None:
    """The supported locale code for one Accept-Language tag, or None."""
    tag = tag.lower().replace("_", "-")
    for candidate in (tag, "-".join(tag.split("-")[:2]), tag.split("-")[0]):
        if candidate in _ALIASES:
            return _ALIASES[candidate]
        if candidate in LOCALES:
            return candidate
    return None


def locale_from_accept_language(header: str) -> str | None:
    """The best supported locale in an Accept-Language header (q-values honoured)."""
    for tag, _quality in parse_accept_lang_header(header or ""):
        if tag == "*":
            continue
        code = match_language_tag(tag)
        if code:
            return code
    return None


def is_crawler(user_agent: str) -> bool:
    """Whether ``user_agent`` is a crawler's (static_src/crawlers.js ``isCrawler`` is its twin)."""
    return bool(_CRAWLER_RE.search(user_agent or ""))


def root_locale(request) -> str:
    """The locale the bare root ``/`` shows this request: English for crawlers, else the
    visitor's preference."""
    if is_crawler(request.headers.get("User-Agent", "")):
        return DEFAULT_LOCALE
    return preferred_root_locale(cookies=request.COOKIES, headers=request.headers)


def preferred_root_locale(*, cookies, headers) -> str:
    """The locale the bare root ``/`` should show: cookie, then Accept-Language, then English."""
    cookie = (cookies.get(LOCALE_COOKIE) or "").lower()
    if cookie in LOCALES:
        return cookie
    return locale_from_accept_language(headers.get("Accept-Language", "")) or DEFAULT_LOCALE
