"""The hotel page (``hotel_page``) and ``/favorites`` (``favorites_page``): parse the address
and the query, ask the provider, hand what it answered to the presenters, render.

The hotel page's presenters are ``presenters.py``; its "Choose" links lead to ``/book``
(``storefront.checkout``); favorites' rules and endpoints are ``favorites.py``, the heart
``templating.py``.
"""

from dataclasses import replace

from django.http import Http404, HttpResponseRedirect

from storefront.brands.selectors import link_origin
from storefront.checkout.offers import book_url, hotel_notice, offer_param, parse_seen
from storefront.pages.responses import provider_down, with_photos
from storefront.pages.views import render_page
from storefront.search.maps import map_config
from storefront.search.presenters import card, trail
from storefront.search.query import BOARDS, SearchQuery
from storefront.search.results import hotel_rooms, hotels_rows, price_range
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError

from .facts import review
from .favorites import favorite_ids, listed_ids
from .links import hotel_url
from .presenters import (
    about,
    gallery,
    hotel_ld,
    hotel_map,
    ld_json,
    offers_ld,
    open_graph,
    room_card,
)


def hotel_page(request, *, page_name, **params):
    """A hotel under its city (``/hotels/{country}/{city}/{hotel}``, the canonical address) or
    its destination; ``/hotels/place/{country}/{hotelId}`` redirects to the canonical one.
    Unknown hotels give the 404 page. With the query's dates the page lists the rooms that
    sell that stay with every offer (``results.hotel_rooms``); without them it asks for dates."""
    visitor = request.visitor
    locale = visitor.locale
    query = SearchQuery.from_query(request.GET)
    try:
        if params.get("hotelId"):
            found = inventory.hotel(params["hotelId"], locale)
            if found is None or found.country_slug != params.get("countrySlug", found.country_slug):
                raise Http404
            return HttpResponseRedirect(hotel_url(found, locale, query, visitor.fid))
        city = inventory.place_by_slug(
            params["countrySlug"], params.get("citySlug") or params.get("destinationSlug"), locale
        )
        if city is None:
            raise Http404
        hotels = inventory.hotels_in_place(city.id, locale)
        found = next((h for h in hotels if h.slug == params["hotelSlug"]), None)
    except UpstreamError:
        return provider_down(
            render_page(
                request, page_name=page_name, extra_context={"provider_down": True}, **params
            )
        )
    if found is None:
        raise Http404
    try:
        rooms = hotel_rooms(found, query, visitor=visitor)
    except UpstreamError:
        rooms, rates_down = None, True
    else:
        rates_down = False
    origin = link_origin(host=request.get_host())
    canonical = hotel_url(found, locale, SearchQuery(), 1)
    shown_map = map_config(request.brand)
    prices = None
    if not rates_down:
        prices = price_range(rooms, visitor=visitor)
    notice, chosen = hotel_notice(
        rooms,
        offer_param(request.GET.get("offer")),
        parse_seen(request.GET.get("seen"), offer_param(request.GET.get("offer"))),
        locale,
    )

    def link(offer):
        return book_url(offer, query, visitor=visitor)

    context = {
        "favorite_ids": favorite_ids(visitor.user),
        "notice": notice,
        "rooms": None
        if rooms is None
        else [room_card(r, visitor=visitor, link=link, chosen=chosen) for r in rooms],
        "rates_down": rates_down,
        # The room filters' choices: the boards and bed types this hotel has at all.
        "room_boards": BOARDS,
        "room_beds": sorted({bed.type for room in found.rooms for bed in room.beds}),
        "room_sorts": ("recommended", "price_asc", "price_desc"),
        "room_filter_fields": [
            (k, v) for k, v in query.params(filters=False, page=False) if k != "destination"
        ],
        "hotel": found,
        "about": about(found, locale),
        "gallery": gallery(found, locale),
        "search": replace(query, destination=city.name, place=city.id)
        if not query.destination
        else query,
        **review(found.review_score, locale),
        # The one address of the hotel, whichever form of it was asked for (the sitemap's).
        "canonical_path": hotel_url(found, "en", SearchQuery(), 1),
        "ld_json": ld_json(
            {
                "@context": "https://schema.org",
                **hotel_ld(
                    found,
                    canonical,
                    origin,
                    prices,
                    locale,
                    offers=offers_ld(rooms, visitor=visitor, locale=locale),
                ),
            }
        ),
        "trail": trail(city, locale=locale, fid=visitor.fid, origin=origin, hotel=found),
        "open_graph": open_graph(found, origin + canonical, locale),
        "hotel_map": hotel_map(found, shown_map, locale),
        "preload_photo": found.photos[0] if found.photos else None,
    }
    # Live prices are kept only as long as their rates (freshness.valid_until); a page whose
    # rates failed is not kept at all.
    public = not rates_down
    return with_photos(
        render_page(request, page_name=page_name, extra_context=context, public=public, **params),
        shown_map,
    )


def favorites_page(request, *, page_name, **params):
    """``/favorites``: the account's favorite hotels, or (anonymous) those the Favorites island
    names in ``?hotels=`` from the browser's list, newest first, as cards with each one's
    cheapest offer for the dates in the query (a date form asks for them otherwise)."""
    visitor = request.visitor
    query = SearchQuery.from_query(request.GET)
    ids = favorite_ids(visitor.user)
    listed = listed_ids(request.GET.get("hotels")) if ids is None else ids
    context = {
        "search": query,
        "favorite_ids": ids,
        "favorites_listed": listed,
        "favorite_cards": [],
        "stay_hidden": [("hotels", ",".join(map(str, listed)))] if ids is None and listed else [],
    }
    try:
        hotels = inventory.hotels_by_ids(listed, visitor.locale) if listed else {}
        rows = hotels_rows([hotels[i] for i in listed if i in hotels], query, visitor=visitor)
    except UpstreamError:
        context["provider_down"] = True
        return provider_down(
            render_page(request, page_name=page_name, extra_context=context, **params)
        )
    cards = [card(row, visitor=visitor, query=query, place=None) for row in rows]
    context["favorite_cards"] = cards
    context["dated"] = query.dated
    return with_photos(render_page(request, page_name=page_name, extra_context=context, **params))
