"""sitemap.xml: every indexable static page in every locale, with hreflang alternates.

Every ``<loc>`` and alternate starts with the host's link origin (``link_origin``: SITE_ORIGIN on a
canonical host), never with the request's scheme or port; hreflang codes are the same BCP 47
tags the pages' own alternates use.
"""

from types import SimpleNamespace

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from storefront.brands.selectors import link_origin
from storefront.i18n.locales import LOCALES

from .routes import PAGES


class StaticPagesSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True

    def items(self):
        return [page.name for page in PAGES if page.static and page.indexable]

    def location(self, item):
        return reverse(item)

    def get_urls(self, page=1, site=None, protocol=None):
        # The sitemap view passes the request's host as ``site.domain`` and its scheme as
        # ``protocol``; both are replaced by the host's link origin.
        scheme, _, domain = link_origin(host=site.domain).partition("://")
        urls = super().get_urls(page=page, site=SimpleNamespace(domain=domain), protocol=scheme)
        # hreflang as the pages write it (BCP 47: pt-BR, zh-TW, tl-PH), not Django's codes.
        for url in urls:
            for alternate in url.get("alternates", []):
                locale = LOCALES.get(alternate["lang_code"])
                if locale is not None:
                    alternate["lang_code"] = locale.iso
        return urls
