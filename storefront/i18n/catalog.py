"""The JSON catalogs in ``locales/``: loading, lookup and interpolation.

Catalogs are nested objects; a key is the dotted path (``"header.nav.hotels"``). Placeholders use
i18next's syntax, ``{{name}}``, so the islands read the very same files. A key missing from a
locale falls back to the spec's fallback locales (en, then he) and finally to the key itself.
"""

import json
import re
from functools import cache

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


def translate(key: str, code: str = DEFAULT_LOCALE, **params) -> str:
    """The message ``key`` in locale ``code`` with ``{{placeholders}}`` filled from ``params``."""
    return interpolate(lookup(code if code in LOCALES else DEFAULT_LOCALE, key), params)
