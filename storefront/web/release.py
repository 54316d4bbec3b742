"""``RELEASE``: a short hash of what this release renders pages from (templates, catalogs, country
and currency data, the built islands' manifest), computed once when the process starts.

Whatever is cached beyond one process's life is keyed or versioned by it: a page the page cache
kept (``page_cache.py``) and the per-locale lists the dialogs load (``/choices/...?v=RELEASE``,
cached by browsers for a year) are never served across a deploy that changed them.
"""

import hashlib
from pathlib import Path

from django.conf import settings


def _release() -> str:
    digest = hashlib.sha256()
    base = Path(settings.BASE_DIR)
    for folder in ("templates", "locales", "fixtures"):
        for path in sorted((base / folder).rglob("*")):
            if path.is_file():
                digest.update(path.read_bytes())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.exists():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


RELEASE = _release()
