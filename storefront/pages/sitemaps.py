"""sitemap.xml: every indexable static page in every locale, with hreflang alternates, and every
country and destination the provider sells (``/hotels/{country}``, ``/hotels/{country}/{city}``)
once, in English: those pages name their 38 other languages in their own hreflang links, and
listing every language here too would make the file 39 × 40 links per destination. When the
provider cannot answer in time the sitemap lists the static pages only.

702 localised entries carry 40 alternates each: each page's path is reversed once per language
and its alternates are written once (templates/pages/sitemap.xml), not for every entry as
Django's own sitemap does (4 s; now under one). The whole file is kept by the page cache
(``sitemap_xml``) like a public page: per host, dropped with the kept pages when the inventory
changes, and not kept when the provider did not answer.

Every ``<loc>`` and alternate starts with the host's link origin (``link_origin``: SITE_ORIGIN on a
canonical host), never with the request's scheme or port; hreflang codes are the same BCP 47
tags the pages' own alternates use.
"""

from types import SimpleNamespace

from django.contrib.sitemaps import Sitemap
from django.contrib.sitemaps.views import sitemap
from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

from storefront import freshness
from storefront.brands.selectors import link_origin
from storefront.i18n.locales import LOCALES
from storefront.serving import page_cache
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError

from .routes import PAGES


class StaticPagesSitemap(Sitemap):
    i18n = True
    alternates = True
    x_default = True

    def items(self):
        return [page.name for page in PAGES if page.static and page.indexable]

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


class DestinationsSitemap(StaticPagesSitemap):
    i18n = False
    alternates = False
    x_default = False

    def items(self):
        try:
            found = []
            for country in inventory.countries():
                found.append((country.country_slug, None))
                for kind in ("city", "region"):
                    places = inventory.places_in_country(country.country_code, "en", type=kind)
                    found += [(country.country_slug, p.slug) for p in places]
            return found
        except UpstreamError:
            freshness.valid_until(0)  # the static pages only: not to be kept
            return []

    def location(self, item):
        country, city = item
        kwargs = {"countrySlug": country, **({"citySlug": city} if city else {})}
        with translation.override("en"):
            return reverse("hotels-countrySlug-citySlug-hotelSlug", kwargs=kwargs)


# Destinations first: their provider calls run inside the request's time budget, which the
# static pages' 702 localised entries would otherwise spend.
SITEMAPS = {"destinations": DestinationsSitemap, "pages": StaticPagesSitemap}


def sitemap_xml(request):
    """``sitemap.xml``, kept by the page cache (module doc)."""
    response = sitemap(request, sitemaps=SITEMAPS, template_name="pages/sitemap.xml")
    return page_cache.public(response, document=True)
