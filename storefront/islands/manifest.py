"""Reads ``static_build/islands/manifest.json`` written by ``static_src/build.mjs``."""

import json
import os
from functools import lru_cache

from django.conf import settings


@lru_cache(maxsize=2)
def _read(path: str, mtime: float) -> dict[str, str]:
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def manifest() -> dict[str, str]:
    """Entry name -> static path (``{"main.js": "islands/main-AB12CD34.js", ...}``).

    Re-read when the build rewrites the file, so a running server follows ``make build``.
    """
    path = settings.ISLANDS_MANIFEST
    return _read(str(path), os.stat(path).st_mtime)


def asset_url(entry: str) -> str:
    return settings.STATIC_URL + manifest()[entry]
