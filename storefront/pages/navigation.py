"""Where a redirect may go: only paths on this host."""

from django.utils.http import url_has_allowed_host_and_scheme


def safe_path(target, default: str = "/") -> str:
    """``target`` when it is a path on this host (``/de/hotels?x=1``), else ``default``."""
    if not isinstance(target, str) or not target.startswith("/"):
        return default
    return target if url_has_allowed_host_and_scheme(target, allowed_hosts=None) else default
