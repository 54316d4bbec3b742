"""Reads ``static_build/islands/manifest.json`` written by ``static_src/build.mjs``."""

import json
import os
import re
from functools import cache

from django.conf import settings

_DJANGO_HASHED = re.compile(r"\.[0-9a-f]{12}\.\w+$")


@cache
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


def is_immutable(path: str, url: str) -> bool:
    """WhiteNoise: esbuild output (hashed by esbuild) and Django-hashed names never change."""
    return "/islands/" in url or bool(_DJANGO_HASHED.search(url))
