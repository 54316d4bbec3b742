"""Every URL of the storefront.

Pages come from the registry (``storefront.pages.routes``), mounted under ``i18n_patterns`` so
each exists unprefixed (en) and under the 38 locale prefixes. The rest is not localised: admin,
sitemap, robots, a brand's inline images (``/brand-images/``) and the endpoints of the controls.
(``/health`` is answered by ``storefront.serving.health`` before any URL is resolved.)
"""

from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.http import HttpResponseRedirect
from django.templatetags.static import static
from django.urls import path
from django.utils.module_loading import import_string

from storefront.brands.images import brand_image
from storefront.checkout.views import payment_return, payment_webhook
from storefront.chrome.views import choices, choose_currency, choose_language, set_color_mode
from storefront.hotels.favorites import clear_favorites, merge_favorites, toggle_favorite
from storefront.leads.views import send_lead
from storefront.pages import converters  # noqa: F401  (registers the path converters)
from storefront.pages.routes import PAGES
from storefront.pages.sitemaps import sitemap_pages, sitemap_part, sitemap_xml
from storefront.pages.views import render_page, robots_txt
from storefront.search.saved import merge_searches, remove_searches
from storefront.search.views import suggest_places
from storefront.security.csrf import csrf_token

page_patterns = [
    path(
        pattern,
        import_string(page.view) if page.view else render_page,
        {"page_name": page.name},
        name=page.url_name,
    )
    for page in PAGES
    for pattern in page.paths
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("favicon.ico", lambda request: HttpResponseRedirect(static("brand/favicon.svg"))),
    path("brand-images/<int:fid>/<str:name>", brand_image, name="brand-image"),
    path("robots.txt", robots_txt, name="robots"),
    path("sitemap.xml", sitemap_xml, name="sitemap"),
    path("sitemaps/pages.xml", sitemap_pages, name="sitemap-pages"),
    path("sitemaps/<slug:code>-<int:number>.xml", sitemap_part, name="sitemap-part"),
    path("preferences/color-mode", set_color_mode, name="color-mode"),
    path("preferences/currency", choose_currency, name="set-currency"),
    path("preferences/language", choose_language, name="set-language"),
    path("choices/<str:kind>/<str:code>.json", choices, name="choices"),
    path("search/places", suggest_places, name="suggest-places"),
    path("searches/merge", merge_searches, name="merge-searches"),
    path("favorites/toggle", toggle_favorite, name="toggle-favorite"),
    path("favorites/merge", merge_favorites, name="merge-favorites"),
    path("favorites/clear", clear_favorites, name="clear-favorites"),
    path("leads", send_lead, name="send-lead"),
    path("session/csrf", csrf_token, name="csrf-token"),
    path("payments/return/<uuid:uuid>", payment_return, name="payment-return"),
    path("payments/webhook", payment_webhook, name="payment-webhook"),
    path("searches/remove", remove_searches, name="remove-searches"),
    *i18n_patterns(*page_patterns, prefix_default_language=False),
]

handler404 = "storefront.pages.errors.page_not_found"
handler500 = "storefront.pages.errors.server_error"
handler403 = "storefront.pages.errors.permission_denied"
handler400 = "storefront.pages.errors.bad_request"
