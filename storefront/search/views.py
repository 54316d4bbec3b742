"""The search app's pages: results (``/hotels/search``, destination results, place results) and
browse pages (a country: its destinations and best hotels; a city or destination, the fixed
city pages, ``/hotels/israel``), all ``results_page``; and the destination combobox's endpoint
(``suggest_places``). DESIGN 12.

The views parse the address and query, ask ``results.py`` and render what ``presenters.py``
makes of it (cards, pages, map, structured data). The hotel page is ``storefront.hotels``',
``/book`` is ``storefront.checkout``'s.

Rendered by Django and complete without JavaScript: the search form (filled in, with its errors
under the fields), the filters and sort as a GET form, the hotel cards and the pages. Every state
is a plain URL: a form without JavaScript that sends rooms/adults/children is redirected to the
one encoding of ``SearchQuery``. When the provider cannot answer within the page's budget the
page still renders, with a localised notice, marked no-store and noindex so that nobody keeps it.
"""

from dataclasses import replace

from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from storefront.brands.selectors import link_origin
from storefront.hotels.facts import REVIEW_WORDS
from storefront.hotels.favorites import favorite_ids
from storefront.i18n.locales import LOCALES
from storefront.pages.responses import provider_down, with_photos
from storefront.pages.views import render_page
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError
from storefront.upstream.inventory import Place

from .maps import map_config
from .presenters import (
    browse_url,
    card,
    item_list,
    list_path,
    pagination,
    results_map,
    trail,
)
from .query import BOARDS, SORTS, SearchQuery
from .results import search, top
from .saved import remember

# Routes whose place is named by slugs (the country, and a destination or city in it).
BROWSE_PAGES = frozenset(
    {
        "hotels-destination-countrySlug",
        "hotels-destination-countrySlug-destinationSlug",
        "hotels-destination-countrySlug-destinationSlug-results",
        "hotels-countrySlug-citySlug-hotelSlug",
    }
)
# The facilities offered as filters (codes of storefront/sandbox/inventory/codes.py).
FILTER_AMENITIES = (
    "wifi",
    "parking",
    "pool",
    "spa",
    "gym",
    "restaurant",
    "air_conditioning",
    "pet_friendly",
    "beach_access",
    "family_rooms",
)


def _route_place(page_name: str, params: dict, locale: str) -> Place | None:
    """The place a browse or results route names (404 when the provider does not know it),
    or None for the routes that take their place from the query."""
    country, slug = params.get("countrySlug"), None
    if page_name == "hotels-place-placeId-results":
        if not params.get("placeId"):
            return None
        found = inventory.place(params["placeId"], locale)
    elif page_name == "hotels-israel":
        found = inventory.place_by_slug("israel", None, locale)
    elif page_name.startswith("hotels-places-"):  # the fixed city pages: country code, city
        code, city = page_name.removeprefix("hotels-places-").split("-", 1)
        found = next((p for p in inventory.places_in_country(code, locale) if p.slug == city), None)
    elif page_name == "hotels-destination-countrySlug-destinationSlug-results" and not country:
        slug = params["destinationSlug"]  # /hotels/destination/{destination}/results
        words = slug.replace("-", " ")
        found = next((p for p in inventory.suggest_places(words, locale) if p.slug == slug), None)
    elif page_name in BROWSE_PAGES:
        slug = params.get("destinationSlug") or params.get("citySlug")
        found = inventory.place_by_slug(country, slug, locale)
    else:
        return None
    if found is None or found.type == "hotel":
        raise Http404
    return found


def _place_for(query: SearchQuery, page_name: str, params: dict, locale: str):
    """The place a results page is about: from its route, else the query's place id, else the
    best match for the words typed. (place, suggestions); place None when nothing matches."""
    found = _route_place(page_name, params, locale)
    if found is not None:
        return found, []
    if query.place:
        # The id the combobox chose, unless the visitor typed another destination since.
        found = inventory.place(query.place, locale)
        typed = query.destination.casefold()
        if found is not None and found.type != "hotel" and typed in ("", found.name.casefold()):
            return found, []
    if not query.destination:
        return None, []
    suggestions = [
        p for p in inventory.suggest_places(query.destination, locale) if p.type != "hotel"
    ]
    typed = query.destination.casefold()
    exact = [p for p in suggestions if p.name.casefold() == typed]
    if exact or len(suggestions) == 1:
        return (exact or suggestions)[0], []
    return None, suggestions


def results_page(request, *, page_name, **params):
    visitor = request.visitor
    locale = visitor.locale
    query = SearchQuery.from_query(request.GET)
    base = request.path
    if query.rewritten and "guests" not in query.errors:
        text = query.encode()
        return HttpResponseRedirect(f"{base}?{text}" if text else base)
    shown_map = map_config(request.brand)
    # The list's schema.org ItemList goes with its own address only: a search with dates, guests,
    # filters or a page names the browse page as canonical (``list_path``) or is noindex, and its
    # copy of the list's data (1.2 KB compressed of 20 hotels) only made a phone's first response
    # longer than its connection's first round trip.
    describes = not query.params()
    context = {
        "favorite_ids": favorite_ids(visitor.user),
        "search": query,
        "search_errors": query.errors,
        "search_fields": query.params(filters=False, page=False),  # kept by the filter form
        "sorts": SORTS,
        "boards": BOARDS,
        "filter_amenities": FILTER_AMENITIES,
        "review_minimums": [(score, key) for score, key in reversed(REVIEW_WORDS)],
        "results_base": base,
    }
    try:
        place, suggestions = _place_for(query, page_name, params, locale)
        context["suggestions"] = [
            (p, f"{base}?{query.with_changes(place=p.id, destination=p.name).encode()}")
            for p in suggestions
        ]
        context["place"] = place
        if place is not None and not (query.destination or query.place):
            # A browse page: its search form starts on its own place.
            query = replace(query, destination=place.name, place=place.id)
            context["search"] = query
        if place is not None:
            context["trail"] = trail(
                place, locale=locale, fid=visitor.fid, origin=link_origin(host=request.get_host())
            )
        if place is not None and place.type == "country":
            rows = top(query, place, visitor=visitor)
            context["destinations"] = [
                (p, browse_url(p, locale, query, visitor.fid))
                for p in inventory.places_in_country(place.country_code, locale)
            ]
            context["cards"] = [card(r, visitor=visitor, query=query, place=place) for r in rows]
            context["dated"] = query.dated
            if describes:
                context["ld_json"] = item_list(
                    context["cards"], link_origin(host=request.get_host()), place.name
                )
        elif place is not None:
            results = search(query, place, visitor=visitor)
            context["results"] = results
            context["cards"] = [
                card(r, visitor=visitor, query=query, place=place) for r in results.rows
            ]
            context["pages"] = pagination(results, query, base)
            context["clear_filters_url"] = (
                f"{base}?{query.encode(filters=False)}" if query.encode(filters=False) else base
            )
            if describes:
                context["ld_json"] = item_list(
                    context["cards"], link_origin(host=request.get_host()), place.name
                )
            if context["cards"]:
                context["results_map"] = results_map(context["cards"], place, shown_map, locale)
            remember(request, query, place.name)
        if place is not None or query.params():
            # One address per list (``list_path``); the bare search page is its own.
            context["canonical_path"] = list_path(query, place)
            context["noindex"] = context["canonical_path"] is None
    except UpstreamError:
        context["provider_down"] = True
    public = not context.get("provider_down")  # live prices: kept only as long as their rates
    response = render_page(
        request, page_name=page_name, extra_context=context, public=public, **params
    )
    if context.get("provider_down"):
        provider_down(response)
    return with_photos(response, shown_map if context.get("results_map") else None)


@require_safe  # GET and HEAD
def suggest_places(request):
    """``/search/places?q=bar&locale=de``: the destination combobox's suggestions as JSON.

    The provider's autocomplete through our one client, under the page's time budget; the
    answer is the same for everyone, so browsers and a CDN may keep it for an hour. A failing
    provider answers 503 with an empty list, and the combobox keeps what the visitor typed.
    """
    locale = request.GET.get("locale", "en")
    locale = locale if locale in LOCALES else "en"
    q = request.GET.get("q", "")
    try:
        places = inventory.suggest_places(q, locale)
    except UpstreamError:
        return JsonResponse({"places": [], "error": "unavailable"}, status=503)
    response = JsonResponse(
        {
            "places": [
                {
                    "id": p.id,
                    "type": p.type,
                    "name": p.name,
                    "country": p.country_name,
                    "country_code": p.country_code,
                }
                for p in places
            ]
        }
    )
    patch_cache_control(response, public=True, max_age=3600)
    return response
