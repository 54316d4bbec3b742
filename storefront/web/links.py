"""Building URLs: pages of the registry in a locale (``page_url``), outside addresses from the
settings table (``external_url``), where a redirect may go (``safe_path``: paths on this host),
and static files (``static_url``).
"""

from functools import lru_cache
from urllib.parse import parse_qsl, urlencode

from django.conf import settings
from django.templatetags.static import static
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme

# The referral every visitor has unless a link or cookie says otherwise (spec section 9: default
# fid 1, the built-in brand's); internal links leave it out. brands.defaults names it too.
DEFAULT_FID = 1


def page_url(
    name: str, locale: str, *, fid: int = DEFAULT_FID, query: dict | None = None, **kwargs
) -> str:
    """A page of the registry in ``locale``; internal links carry a non-default fid."""
    urls = (get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())
    url = _reversed(name, locale, tuple(sorted(kwargs.items())), *urls)
    query = {**(query or {}), **({"fid": fid} if fid != DEFAULT_FID else {})}
    return f"{url}?{urlencode(query)}" if query else url


@lru_cache(maxsize=4096)
def _reversed(name: str, locale: str, kwargs: tuple, urlconf, prefix: str) -> str:
    """``reverse`` in ``locale``, kept per URL configuration and script prefix: a page asks for
    a dozen of these (header, footer, choosers), each under a translation override."""
    with translation.override(locale):
        return reverse(name, kwargs=dict(kwargs) or None, urlconf=urlconf)


def external_url(key: str, locale: str | None = None, *, query: dict | None = None) -> str:
    """An outside address from the settings table; per-language keys pick he or en."""
    links = settings.EXTERNAL_LINKS
    if locale is not None:
        key = f"{key}_{'he' if locale == 'he' else 'en'}"
    url = links[key]
    if query:
        url += ("&" if "?" in url else "?") + urlencode(query)
    return url


def safe_path(target, default: str = "/") -> str:
    """``target`` when it is a path on this host (``/de/hotels?x=1``), else ``default``."""
    if not isinstance(target, str) or not target.startswith("/"):
        return default
    return target if url_has_allowed_host_and_scheme(target, allowed_hosts=None) else default


def without_next(target: str) -> str:
    """``target`` (a path with its query) without any ``next`` parameter."""
    path, _, query = target.partition("?")
    if "next" not in query:
        return target
    kept = [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "next"]
    return path + (f"?{urlencode(kept)}" if kept else "")


@lru_cache(maxsize=256)
def static_url(path: str) -> str:
    """The URL of the static file ``path`` (Django's ``static``: its hashed name), kept per
    path: the manifest is read once per process, and a results page asks ten times (the card
    logos, the brand's images), each a walk through the storage's URL joining."""
    return static(path)
