"""sitemap.xml: every indexable static page in every locale, with hreflang alternates."""

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from .routes import PAGES


class StaticPagesSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True

    def items(self):
        return [page.name for page in PAGES if page.static and page.indexable]

    def location(self, item):
        return reverse(item)
