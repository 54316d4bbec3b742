"""The JSON catalogs in ``locales/``: loading, lookup and interpolation.

Catalogs are nested objects; a key is the dotted path (``"header.nav.hotels"``). Placeholders use
i18next's syntax, ``{{name}}``, so the islands read the very same files. A key missing from a
locale falls back to the spec's fallback locales (en, then he) and finally to the key itself.

Plurals follow i18next too: a message that counts has one key per CLDR plural category of the
locale (``results.count_one``, ``results.count_few``, ``results.count_other`` in Russian; only
``_other`` in Japanese), chosen with ``count`` (Babel's CLDR rules here, ``Intl.PluralRules`` in
the browser), and ``{{count}}`` shows the number in the locale's digits and grouping.
"""

import json
import re
from functools import cache, lru_cache

from babel import Locale as BabelLocale
from babel.numbers import format_decimal
from django.conf import settings

from .locales import DEFAULT_LOCALE, FALLBACK_LOCALES, LOCALES

PLACEHOLDER_RE = re.compile(r"\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}")


def flatten(tree: dict, prefix: str = "") -> dict[str, str]:
    flat = {}
    for key, value in tree.items():
        if isinstance(value, dict):
            flat.update(flatten(value, f"{prefix}{key}."))
        else:
            flat[f"{prefix}{key}"] = value
    return flat


@cache
def messages(code: str) -> dict[str, str]:
    """Every message of one locale, flattened to dotted keys (read once per process)."""
    path = settings.LOCALES_DIR / LOCALES[code].file
    with path.open(encoding="utf-8") as fh:
        return flatten(json.load(fh))


def lookup(code: str, key: str) -> str:
    for candidate in (code, *FALLBACK_LOCALES):
        text = messages(candidate).get(key)
        if text is not None:
            return text
    return key


def interpolate(text: str, params: dict) -> str:
    return PLACEHOLDER_RE.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)


PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


@cache
def _babel(code: str) -> BabelLocale:
    return BabelLocale.parse(LOCALES[code].babel)


@cache
def plural_categories(code: str) -> tuple[str, ...]:
    """The CLDR plural categories locale ``code`` needs a message for (``other`` always)."""
    tags = _babel(code).plural_form.tags | {"other"}
    return tuple(c for c in PLURAL_CATEGORIES if c in tags)


def plural_lookup(code: str, key: str, count) -> tuple[str, dict]:
    """The message of ``key`` for ``count`` and the ``count`` parameter as the locale writes it."""
    text, written = _plural(code, key, count)
    return text, {"count": written}


@lru_cache(maxsize=4096, typed=True)
def _plural(code: str, key: str, count) -> tuple[str, object]:
    """``plural_lookup``'s answer, kept: a results page asks it for sixty counts (stars, reviews,
    nights), and Babel's plural rule and number formatting are most of what that costs."""
    babel = _babel(code)
    category = babel.plural_form(abs(count))
    for candidate in (f"{key}_{category}", f"{key}_other"):
        text = lookup(code, candidate)
        if text != candidate:
            return text, format_decimal(count, locale=babel)
    return key, count


def translate(key: str, code: str = DEFAULT_LOCALE, **params) -> str:
    """The message ``key`` in locale ``code`` with ``{{placeholders}}`` filled from ``params``;
    a ``count`` parameter picks the plural form (module doc)."""
    code = code if code in LOCALES else DEFAULT_LOCALE
    if isinstance(params.get("count"), int):
        text, number = plural_lookup(code, key, params["count"])
        return interpolate(text, {**params, **number})
    return interpolate(lookup(code, key), params)
