"""What the shop's page views (search, hotels, checkout) add to a page that ``render_page``
rendered: the marks of a page drawn while the provider was down, and the CSP origins of the
provider's photos and of a map the page shows."""

from django.utils.cache import patch_cache_control

from storefront.security.csp import add_sources
from storefront.upstream import inventory


def provider_down(response):
    """The page still renders (with its localised notice): kept by no cache, indexed by no
    crawler, so nobody keeps the notice once the provider is back."""
    patch_cache_control(response, no_store=True)
    response["X-Robots-Tag"] = "noindex"
    return response


def with_photos(response, shown_map=None):
    """The page shows the provider's photos (and ``shown_map``, a ``search.maps.MapConfig``):
    its CSP allows their origins, and only those."""
    add_sources(response, {"img-src": [inventory.media_origin()]})
    add_sources(response, shown_map.csp_sources() if shown_map else {})
    return response
