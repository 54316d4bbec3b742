"""A page sees only the query parameters it reads; junk in the query string changes nothing.

Each row of the registry says which parameters its page reads (``Page.query``, besides
``GLOBAL_QUERY``); ``sitemap.xml`` and ``robots.txt`` read none. ``QueryMiddleware``, just before
the page cache, drops every other parameter from the request (``request.GET`` and the query
string), so ``?utm_source=<random>`` or ``?x=N`` reaches neither the view nor the page cache's
key: such a request is answered with the clean URL's page, kept or rendered once, instead of a
new rendering and a new kept copy for every value (a flood of them filled the cache and cost a
best-level compression each). The address bar keeps what the visitor came with, so analytics
read their campaign parameters in the browser as before. Requests that are not pages (the
preference endpoints, ``/leads``, the admin...) are left as they came.
"""

from django.http import QueryDict
from django.urls import URLResolver, path
from django.urls.exceptions import Resolver404
from django.urls.resolvers import RegexPattern

from storefront.i18n.resolution import locale_from_path

from . import converters  # noqa: F401  (registers the path converters the patterns use)
from .routes import GLOBAL_QUERY, PAGES, PAGES_BY_NAME, Page

# Answers kept by the page cache that are not registry pages, and take no parameter.
DOCUMENTS = ("/sitemap.xml", "/robots.txt")
DOCUMENT_FOLDERS = ("/sitemaps/",)  # the sitemap's files


def _nothing(request, **kwargs):  # never called: the resolver only names the page
    raise AssertionError("resolved for its name only")


_resolver = URLResolver(
    RegexPattern(r"^/"),
    [path(pattern, _nothing, {"page_name": page.name}) for page in PAGES for pattern in page.paths],
)


def page_of(url_path: str) -> Page | None:
    """The registry's page at ``url_path`` (``/de/hotels/spain``), or None."""
    _code, rest = locale_from_path(url_path)
    try:
        match = _resolver.resolve(rest)
    except Resolver404:
        return None
    return PAGES_BY_NAME[match.kwargs["page_name"]]


def reads(url_path: str) -> frozenset[str] | None:
    """The query parameters the answer at ``url_path`` reads; None: not a page, all of them."""
    if url_path in DOCUMENTS or url_path.startswith(DOCUMENT_FOLDERS):
        return frozenset()
    page = page_of(url_path)
    return None if page is None else frozenset((*GLOBAL_QUERY, *page.query))


class QueryMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.META.get("QUERY_STRING"):
            wanted = reads(request.path_info)
            if wanted is not None:
                _keep_only(request, wanted)
        return self.get_response(request)


def _keep_only(request, wanted: frozenset[str]) -> None:
    try:
        query = request.GET
    except Exception:  # an unreadable query: the chain answers with its 400
        return
    if set(query) <= wanted:
        return
    kept = QueryDict(mutable=True)
    for name, values in query.lists():
        if name in wanted:
            kept.setlist(name, values)
    kept._mutable = False
    request.GET = kept
    request.META["QUERY_STRING"] = kept.urlencode()
