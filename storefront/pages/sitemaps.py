"""The sitemap: ``sitemap.xml`` is an index of files under the protocol's limits
(``/sitemaps/pages.xml``, and ``/sitemaps/{locale}-{n}.xml``), every entry with its hreflang
alternates in all 39 locales and x-default, each address listed once.

- ``pages.xml``: every indexable static page in every locale (``Page.sitemap`` leaves out the
  fixed city pages, whose canonical is their city's browse page); an operator's page (terms,
  privacy...: ``storefront.content``) only in the locales the host's brand has its text in, its
  alternates those locales too, and not at all while no brand has written it. About 700
  localised entries with 40 alternates each: each page's path is reversed once per language and
  its alternates are written once, not for every entry as Django's own sitemap does (4 s; now
  under one).
- ``{locale}-{n}.xml``: the locale's countries, destinations and hotels, ``PER_FILE`` to a file,
  from the provider's directory (``inventory.directory``: content kept for hours, and its last
  whole answer kept with no expiry). What it lists is therefore the same whether the provider
  is slow or not; only when it has never answered does the sitemap answer 503 with
  ``Retry-After`` (never a shorter list, which would tell a crawler that pages were gone). An
  address that is also a static page (``/hotels/israel``) is listed once, in ``pages.xml``.

Every address is what that page names as its canonical (``Chrome.head_links``), and its
alternates are the ones the page writes. Every ``<loc>`` and alternate starts with the host's
link origin (``link_origin``: SITE_ORIGIN on a canonical host), never with the request's scheme
or port; hreflang codes are the same BCP 47 tags the pages' own alternates use. Each file is
kept by the page cache like a public page (per host, dropped with the kept pages when the
inventory changes).
"""

import math
import re
from types import SimpleNamespace

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps.views import sitemap
from django.http import Http404, HttpResponse
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from storefront.brands.selectors import link_origin
from storefront.content.selectors import page_locales
from storefront.i18n.locales import LOCALES
from storefront.serving import page_cache
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError

from .routes import CONTENT, PAGES

CONTENT_VIEW = CONTENT["view"]
# The pages that are an operator's text and nothing else: they exist where the text does. (The
# contact page's form exists in every locale, its text or not.)
CONTENT_PAGES = {page.name for page in PAGES if page.view == CONTENT_VIEW}


class StaticPagesSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True

    content_locales: dict[str, tuple[str, ...]] = {}  # an operator's page: where it exists

    def items(self):
        return [
            page.name
            for page in PAGES
            if page.static
            and page.indexable
            and page.sitemap
            and (page.view != CONTENT_VIEW or self.content_locales.get(page.name))
        ]

    def get_languages_for_item(self, item):
        # An operator's page is listed, and names alternates, in the locales it exists in only.
        if item in self.content_locales:
            return list(self.content_locales[item])
        return super().get_languages_for_item(item)

    def location(self, item):
        return reverse(item)

    def _location(self, item, force_lang_code=None):
        # Django reverses each page's path once per entry and again for each of its 40 alternates
        # (28,000 reversals, 4 s); each path in each language is reversed once here (702).
        found = self.__dict__.setdefault("_paths", {})
        key = (item[0], force_lang_code or item[1]) if self.i18n else (item, None)
        if key not in found:
            found[key] = super()._location(item, force_lang_code)
        return found[key]

    def get_urls(self, page=1, site=None, protocol=None):
        # The sitemap view passes the request's host as ``site.domain`` and its scheme as
        # ``protocol``; both are replaced by the host's link origin.
        scheme, _, domain = link_origin(host=site.domain).partition("://")
        urls = super().get_urls(page=page, site=SimpleNamespace(domain=domain), protocol=scheme)
        # hreflang as the pages write it (BCP 47: pt-BR, zh-TW, tl-PH), not Django's codes.
        links = {}  # a page's alternates are the same in each of its 39 entries: written once
        for url in urls:
            alternates = url.get("alternates", [])
            for alternate in alternates:
                locale = LOCALES.get(alternate["lang_code"])
                if locale is not None:
                    alternate["lang_code"] = locale.iso
            name = url["item"][0] if self.i18n else url["item"]
            if name not in links:
                links[name] = mark_safe(
                    "".join(
                        f'<xhtml:link rel="alternate" hreflang="{escape(alternate["lang_code"])}"'
                        f' href="{escape(alternate["location"])}"/>'
                        for alternate in alternates
                    )
                )
            url["links"] = links[name]
        return urls


# Entries of a locale's file: 1,000 entries with their 40 alternates are about 4 MB (the protocol
# allows 50,000 entries and 50 MB).
PER_FILE = 1000
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def _directory_paths() -> list[str]:
    """The paths (no locale prefix) of the provider's countries, destinations and hotels, in the
    directory's order, without those that are static pages of the registry. Raises
    ``UpstreamError`` when the provider has never given its directory."""
    static = {f"/{page.paths[0]}" for page in PAGES if page.static}
    paths = []
    for parts in inventory.directory():
        # The browse and hotel routes' patterns: /hotels/{country}[/{destination}[/{hotel}]].
        path = "/hotels/" + "/".join(parts)
        if all(_SLUG.fullmatch(part) for part in parts) and path not in static:
            paths.append(path)
    return list(dict.fromkeys(paths))


def _unavailable() -> HttpResponse:
    response = HttpResponse("The sitemap is not available yet.", status=503)
    response["Retry-After"] = "600"
    response["Content-Type"] = "text/plain; charset=utf-8"
    return response


def _xml(body: str) -> HttpResponse:
    response = HttpResponse(
        '<?xml version="1.0" encoding="UTF-8"?>\n' + body, content_type="application/xml"
    )
    return page_cache.public(response, document=True)


def sitemap_xml(request):
    """``sitemap.xml``: the index of the sitemap's files (module doc)."""
    try:
        count = len(_directory_paths())
    except UpstreamError:
        return _unavailable()
    origin = link_origin(host=request.get_host())
    files = [reverse("sitemap-pages")] + [
        reverse("sitemap-part", kwargs={"code": code, "number": n})
        for code in LOCALES
        for n in range(1, max(1, math.ceil(count / PER_FILE)) + 1)
    ]
    entries = "".join(f"<sitemap><loc>{escape(origin + path)}</loc></sitemap>\n" for path in files)
    return _xml(f'<sitemapindex xmlns="{_NS}">\n{entries}</sitemapindex>\n')


def sitemap_part(request, code: str, number: int):
    """``/sitemaps/{locale}-{n}.xml``: the n-th ``PER_FILE`` of the locale's countries,
    destinations and hotels, each with its alternates (module doc)."""
    locale = LOCALES.get(code)
    if locale is None or number < 1:
        raise Http404
    try:
        paths = _directory_paths()[(number - 1) * PER_FILE : number * PER_FILE]
    except UpstreamError:
        return _unavailable()
    if not paths:
        raise Http404
    origin = escape(link_origin(host=request.get_host()))
    every = [(other.iso, other.prefix) for other in LOCALES.values()]
    rows = []
    for path in paths:
        links = "".join(
            f'<xhtml:link rel="alternate" hreflang="{iso}" href="{origin}{prefix}{path}"/>'
            for iso, prefix in [*every, ("x-default", "")]
        )
        rows.append(f"<url><loc>{origin}{locale.prefix}{path}</loc>{links}</url>\n")
    return _xml(f'<urlset xmlns="{_NS}" xmlns:xhtml="{_XHTML}">\n{"".join(rows)}</urlset>\n')


def sitemap_pages(request):
    """``/sitemaps/pages.xml``: the static pages in every locale (module doc)."""
    pages = type(
        "HostPagesSitemap",
        (StaticPagesSitemap,),
        {
            "content_locales": {
                name: locales
                for name, locales in page_locales(host=request.get_host(), fid=request.fid).items()
                if name in CONTENT_PAGES
            }
        },
    )
    response = sitemap(request, sitemaps={"pages": pages}, template_name="pages/sitemap.xml")
    return page_cache.public(response, document=True)


_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
_XHTML = "http://www.w3.org/1999/xhtml"
