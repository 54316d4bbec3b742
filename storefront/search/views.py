"""Results pages: ``/hotels/search``, destination results and place results (DESIGN 12).

Rendered by Django and complete without JavaScript: the search form (filled in, with its errors
under the fields), the filters and sort as a GET form, the hotel cards and the pages. Every state
is a plain URL: a form without JavaScript that sends rooms/adults/children is redirected to the
one encoding of ``SearchQuery``. When the provider cannot answer within the page's budget the
page still renders, with a localised notice, marked no-store and noindex so that nobody keeps it.
"""

import json
import math
from dataclasses import replace
from functools import lru_cache
from urllib.parse import quote_plus, urlencode

from babel.units import format_unit
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from storefront.brands.selectors import link_origin
from storefront.catalog.formatting import (
    format_area,
    format_clock,
    format_day,
    format_moment,
    format_money,
)
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import DEFAULT_LOCALE, LOCALES, get_locale
from storefront.pages.views import render_page
from storefront.security.csp import add_sources
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError
from storefront.upstream.inventory import Place
from storefront.web.links import page_url
from storefront.web.session_user import current_user

from .book import (
    Notice,
    book_url,
    breakdown,
    guests_of,
    hotel_notice,
    offer_param,
    parse_seen,
    price_notice,
    seen_mark,
)
from .favorites import favorite_ids, listed_ids
from .israel_vat import apply_israel_vat
from .maps import MapConfig, hotel_marker, map_config
from .query import BOARDS, SORTS, Room, SearchQuery
from .results import (
    Result,
    Results,
    RoomOffers,
    hotel_rooms,
    hotels_rows,
    price_range,
    search,
    top,
)
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
REVIEW_WORDS = (
    (9, "review.superb"),
    (8, "review.very_good"),
    (7, "review.good"),
    (6, "review.pleasant"),
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


def review_word(score: float | None) -> str:
    """The catalog key of the word for a review score ("Very good" from 8)."""
    for floor, key in REVIEW_WORDS:
        if score is not None and score >= floor:
            return key
    return "review.score"


def _distance(km: float, locale: str) -> str:
    """A distance as the locale writes it, kept per (distance, locale): Babel's unit formatting
    is the dearest part of a hotel card, and a place's hotels keep their distances. The key
    carries the sign, which ``-0.0 == 0.0`` would lose."""
    return _distance_text(km, math.copysign(1.0, km) < 0, locale)


@lru_cache(maxsize=4096)
def _distance_text(km: float, signed: bool, locale: str) -> str:
    babel = get_locale(locale).babel
    if km < 1:
        return format_unit(round(km * 1000, -1), "length-meter", "short", locale=babel)
    return format_unit(km, "length-kilometer", "short", locale=babel, format="#,##0.#")


def _card(row: Result, *, locale: str, query: SearchQuery, display: str, place, fid: int) -> dict:
    hotel = row.hotel
    hotel_url = _hotel_url(hotel, locale, query, fid)
    card = {
        "hotel": hotel,
        "url": hotel_url,
        "photo": hotel.photos[0] if hotel.photos else None,
        "review_word": review_word(hotel.review_score),
        "review_score": f"{hotel.review_score:.1f}" if hotel.review_score is not None else "",
        "distance": _distance(row.distance_km, locale),
        "distance_from": place.name if place is not None and place.type == "landmark" else "",
        "sold_out": row.sold_out,
        "offer": row.offer,
    }
    if row.offer:
        price = row.offer.price
        card["url"] = _with_params(
            hotel_url, offer=row.offer.offer_id, seen=seen_mark(price, display)
        )
        card["per_night"] = format_money(price.per_night(display), price.currency, locale)
        card["total"] = format_money(price.total(display), price.currency, locale)
        card["nights"] = price.nights
        card["board_key"] = f"board.{row.offer.board}"
        left = row.offer.rooms_left
        card["rooms_left"] = left if left is not None and 0 < left <= 3 else None
    return card


def _with_params(url: str, **params) -> str:
    """``url`` with ``params`` added to its query (each value quoted as ``urlencode`` quotes it,
    without its checks: twenty cards a page)."""
    query = "&".join(f"{name}={quote_plus(str(value))}" for name, value in params.items())
    return f"{url}{'&' if '?' in url else '?'}{query}"


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


def _pages(results: Results, query: SearchQuery, base: str) -> dict:
    # The query's canonical pairs with the page left out, written once: ``page`` comes last in
    # them (``SearchQuery.params``), so each page's address adds it at the end.
    kept = query.encode(page=False)

    def url(number):
        text = "&".join(part for part in (kept, f"page={number}" if number > 1 else "") if part)
        return f"{base}?{text}" if text else base

    return {
        "previous": url(results.page - 1) if results.page > 1 else "",
        "next": url(results.page + 1) if results.page < results.pages else "",
        "numbers": [
            (n, url(n), n == results.page)
            for n in range(max(1, results.page - 2), min(results.pages, results.page + 2) + 1)
        ],
    }


def hotel_page(request, *, page_name, **params):
    """A hotel under its city (``/hotels/{country}/{city}/{hotel}``, the canonical address) or
    its destination; ``/hotels/place/{country}/{hotelId}`` redirects to the canonical one.
    Unknown hotels give the 404 page. With the query's dates the page lists the rooms that
    sell that stay with every offer (``results.hotel_rooms``); without them it asks for dates.
    (Gallery, map, room filters and booking: later slices of the hotel page's issue.)"""
    locale = request.locale.code
    query = SearchQuery.from_query(request.GET)
    try:
        if params.get("hotelId"):
            found = inventory.hotel(params["hotelId"], locale)
            if found is None or found.country_slug != params.get("countrySlug", found.country_slug):
                raise Http404
            return HttpResponseRedirect(_hotel_url(found, locale, query, request.fid))
        city = inventory.place_by_slug(
            params["countrySlug"], params.get("citySlug") or params.get("destinationSlug"), locale
        )
        if city is None:
            raise Http404
        hotels = inventory.hotels_in_place(city.id, locale)
        found = next((h for h in hotels if h.slug == params["hotelSlug"]), None)
    except UpstreamError:
        return _provider_down(
            render_page(
                request, page_name=page_name, extra_context={"provider_down": True}, **params
            )
        )
    if found is None:
        raise Http404
    # Who the prices are for: the same for the rooms and the price range.
    visitor = {
        "locale": locale,
        "currency": request.currency,
        "country": getattr(request, "country", None),
        "display": request.price_display,
    }
    try:
        rooms = hotel_rooms(found, query, **visitor)
    except UpstreamError:
        rooms, rates_down = None, True
    else:
        rates_down = False
    origin = link_origin(host=request.get_host())
    canonical = _hotel_url(found, locale, SearchQuery(), 1)
    shown_map = map_config(request.brand)
    hotel_ld = _hotel_ld(found, canonical, origin)
    prices = None
    if not rates_down:
        prices = price_range(found, rooms, **visitor)
    if prices:
        low, high, currency = prices
        low, high = format_money(low, currency, locale), format_money(high, currency, locale)
        hotel_ld["priceRange"] = f"{low}–{high}"
    notice, chosen = hotel_notice(
        rooms,
        offer_param(request.GET.get("offer")),
        parse_seen(request.GET.get("seen")),
        locale,
    )

    def link(offer):
        return book_url(offer, query, locale=locale, display=request.price_display, fid=request.fid)

    context = {
        "favorite_ids": favorite_ids(current_user(request)),
        "notice": notice,
        "rooms": None
        if rooms is None
        else [
            _room_card(r, locale=locale, display=request.price_display, link=link, chosen=chosen)
            for r in rooms
        ],
        "rates_down": rates_down,
        # The room filters' choices: the boards and bed types this hotel has at all.
        "room_boards": BOARDS,
        "room_beds": sorted({bed.type for room in found.rooms for bed in room.beds}),
        "room_sorts": ("recommended", "price_asc", "price_desc"),
        "room_filter_fields": [
            (k, v) for k, v in query.params(filters=False, page=False) if k != "destination"
        ],
        "hotel": found,
        "about": _about(found, locale),
        "gallery": {
            "title_text": translate("gallery.title", locale, hotel=found.name),
            "strip": "gallery-strip",
            "photos": found.photos,
            "count": len(found.photos),
            "sizes": GALLERY_SIZES,
        }
        if found.photos
        else None,
        "search": replace(query, destination=city.name, place=city.id)
        if not query.destination
        else query,
        "review_word": review_word(found.review_score),
        "review_score": f"{found.review_score:.1f}" if found.review_score is not None else "",
        "canonical_url": origin + canonical,
        "ld_json": _ld_json({"@context": "https://schema.org", **hotel_ld}),
        "open_graph": _open_graph(found, origin + canonical, locale),
        "hotel_map": {
            **shown_map.props(),
            "title": translate("map.title", locale),
            "center": [found.lat, found.lng],
            "zoom": 15,
            "markers": [hotel_marker(found, label=found.name)],
        },
        "preload_photo": found.photos[0] if found.photos else None,
    }
    # Live prices are kept only as long as their rates (page_cache.keep_until); a page whose
    # rates failed is not kept at all.
    public = not rates_down
    return _with_photos(
        render_page(request, page_name=page_name, extra_context=context, public=public, **params),
        shown_map,
    )


# The gallery strip shows one photo across a phone and two side by side from 640 px, inside
# the 1200 px container (main.css .gallery__item).
GALLERY_SIZES = "(min-width: 1240px) 596px, (min-width: 640px) 50vw, 100vw"


def _about(hotel, locale: str) -> dict:
    """What the hotel page says about the stay besides rooms: trust rating, the hotel's own
    check-in and check-out times in the locale's clock, and its house rules as sentences (a
    rule code our catalogs do not word is left out, never shown raw)."""
    known = messages(DEFAULT_LOCALE)
    rules = []
    for rule in hotel.house_rules:
        values = dict(rule.values)
        if rule.code == "min_age" and values.get("age", "").isdigit():
            rules.append(translate("house_rules.min_age", locale, count=int(values["age"])))
        elif rule.code == "quiet_hours" and {"from", "until"} <= values.keys():
            rules.append(
                translate(
                    "house_rules.quiet_hours",
                    locale,
                    **{
                        "from": format_clock(values["from"], locale),
                        "until": format_clock(values["until"], locale),
                    },
                )
            )
        elif f"house_rules.{rule.code}" in known and not values:
            rules.append(translate(f"house_rules.{rule.code}", locale))
    return {
        "trust": hotel.trust_score if hotel.trust_score is not None else None,
        "check_in": format_clock(hotel.check_in_from, locale) if hotel.check_in_from else "",
        "check_out": format_clock(hotel.check_out_until, locale) if hotel.check_out_until else "",
        "rules": rules,
    }


def book_page(request, *, page_name, **params):
    """``/book?offer=…&seen=…&check_in=…&check_out=…&guests=…``: the chosen offer re-priced,
    for the stay and guests the provider priced it for (its answer, not the link's words)."""
    locale = request.locale.code
    query = SearchQuery.from_query(request.GET)
    offer_id = offer_param(request.GET.get("offer"))
    context = {"search": query, "book": None, "notice": None, "hotel_link": ""}

    def page(extra=None):
        context.update(extra or {})
        return render_page(request, page_name=page_name, extra_context=context, **params)

    if not offer_id:
        return page({"notice": Notice("info", translate("book.missing", locale))})
    try:
        answer = inventory.offer(offer_id, locale)
        if answer is None:
            raise Http404
        hotel = inventory.hotel(answer.hotel_id, locale)
    except UpstreamError:
        return _provider_down(page({"provider_down": True}))
    if hotel is None:
        raise Http404
    stay = answer.stay
    stay_query = (
        SearchQuery(
            check_in=stay.check_in,
            check_out=stay.check_out,
            rooms=tuple(Room(adults, ages) for adults, ages in stay.occupancies),
            kept=query.kept,
        )
        if stay
        else query
    )
    context["hotel"] = hotel
    context["hotel_link"] = _hotel_url(hotel, locale, stay_query, request.fid)
    if answer.offer is None:
        return _with_photos(page({"notice": Notice("warning", translate("book.gone", locale))}))
    offer = apply_israel_vat(answer.offer, hotel, getattr(request, "country", None))
    room = next((r for r in hotel.rooms if r.id == offer.room_id), None)
    card = (
        _room_card(RoomOffers(room=room, offers=(offer,)), locale=locale, display="gross")
        if room
        else None
    )
    price = offer.price
    return _with_photos(
        page(
            {
                "notice": price_notice(price, parse_seen(request.GET.get("seen")), locale),
                "book": {
                    "offer": offer,
                    "room": card,
                    "terms": card["offers"][0] if card else None,
                    "stay": stay_query,
                    "check_in": format_day(stay_query.check_in, locale)
                    if stay_query.check_in
                    else "",
                    "check_out": format_day(stay_query.check_out, locale)
                    if stay_query.check_out
                    else "",
                    "guests": guests_of(stay_query),
                    "nights": price.nights,
                    "breakdown": breakdown(price, locale),
                },
            }
        )
    )


def favorites_page(request, *, page_name, **params):
    """``/favorites``: the account's favorite hotels, or (anonymous) those the Favorites island
    names in ``?hotels=`` from the browser's list, newest first, as cards with each one's
    cheapest offer for the dates in the query (a date form asks for them otherwise)."""
    locale = request.locale.code
    query = SearchQuery.from_query(request.GET)
    ids = favorite_ids(current_user(request))
    listed = listed_ids(request.GET.get("hotels")) if ids is None else ids
    context = {
        "search": query,
        "favorite_ids": ids,
        "favorites_listed": listed,
        "favorite_cards": [],
        "stay_hidden": [("hotels", ",".join(map(str, listed)))] if ids is None and listed else [],
    }
    try:
        hotels = inventory.hotels_by_ids(listed, locale) if listed else {}
        rows = hotels_rows(
            [hotels[i] for i in listed if i in hotels],
            query,
            locale=locale,
            currency=request.currency,
            country=getattr(request, "country", None),
        )
    except UpstreamError:
        context["provider_down"] = True
        return _provider_down(
            render_page(request, page_name=page_name, extra_context=context, **params)
        )
    context["favorite_cards"] = [
        _card(
            row,
            locale=locale,
            query=query,
            display=request.price_display,
            place=None,
            fid=request.fid,
        )
        for row in rows
    ]
    context["dated"] = query.dated
    return _with_photos(render_page(request, page_name=page_name, extra_context=context, **params))


def _room_card(row: RoomOffers, *, locale: str, display: str, link=None, chosen=None) -> dict:
    """A room of the hotel page with its offers, as the template shows them; ``link(offer)``
    gives each offer's "Choose" address, ``chosen`` is the offer the visitor came for."""
    room = row.room
    known = messages(DEFAULT_LOCALE)
    offers = []
    for offer in row.offers:
        price = offer.price
        currency = price.currency

        def money(amount, currency=currency):
            return format_money(amount, currency, locale)

        free = [step for step in offer.cancellation if step.penalty == 0]
        later = [step for step in offer.cancellation if step.penalty > 0]
        offers.append(
            {
                "offer": offer,
                "board_key": f"board.{offer.board}",
                "free_until": format_moment(free[-1].until, locale)
                if offer.refundable and free
                else "",
                "penalty": money(later[0].penalty) if offer.refundable and later else "",
                "per_night": money(price.per_night(display)),
                "total": money(price.total(display)),
                "nights": price.nights,
                "items": [
                    {
                        "name_key": f"price_items.{item.code}",
                        "amount": money(item.amount),
                        "included": item.included,
                    }
                    for item in price.items
                    if f"price_items.{item.code}" in known
                ],
                "rooms_left": offer.rooms_left
                if offer.rooms_left is not None and 0 < offer.rooms_left <= 3
                else None,
                "book_url": link(offer) if link else "",
                "chosen": chosen is not None and offer.offer_id == chosen.offer_id,
            }
        )
    return {
        "room": room,
        # Codes our catalogs name; any other the provider sends shows its own words or nothing.
        "name_key": f"room_types.{room.type}" if f"room_types.{room.type}" in known else "",
        "beds": [
            (f"beds.{bed.type}", bed.count)
            for bed in room.beds
            if f"beds.{bed.type}_other" in known
        ],
        "area": format_area(room.area_m2, "m", locale),
        "guests": room.max_adults + room.max_children,
        "name": translate(f"room_types.{room.type}", locale)
        if f"room_types.{room.type}" in known
        else room.name,
        "offers": offers,
    }


def _ld_json(data: dict) -> str:
    """schema.org data for a ``<script type="application/ld+json">``: JSON with ``<``, ``>``
    and ``&`` escaped, so no provider text can close the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return mark_safe(  # noqa: S308 — escaped just above for a script data block
        text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    )


def _open_graph(hotel, url: str, locale: str) -> dict:
    """Open Graph for a hotel page: what a shared link shows (its first photo, largest size)."""
    photo = hotel.photos[0] if hotel.photos else None
    return {
        "title": hotel.name,
        "description": hotel.description,
        "url": url,
        "locale": get_locale(locale).open_graph,
        "image": photo.largest if photo else "",
        "image_width": photo.sizes[-1][0] if photo else 0,
        "image_height": round(photo.sizes[-1][0] * photo.height / photo.width) if photo else 0,
    }


def _hotel_ld(hotel, url: str, origin: str) -> dict:
    data = {
        "@type": "Hotel",
        "name": hotel.name,
        "url": origin + url.split("?", 1)[0],
        "address": {
            "@type": "PostalAddress",
            "streetAddress": hotel.address,
            "addressLocality": hotel.city_name,
            "addressCountry": hotel.country_code.upper(),
        },
        "geo": {"@type": "GeoCoordinates", "latitude": hotel.lat, "longitude": hotel.lng},
    }
    if hotel.photos:
        data["image"] = hotel.photos[0].largest
    if hotel.rated:
        data["starRating"] = {"@type": "Rating", "ratingValue": hotel.stars}
    if hotel.review_score is not None:
        data["aggregateRating"] = {
            "@type": "AggregateRating",
            "ratingValue": hotel.review_score,
            "bestRating": 10,
            "reviewCount": hotel.review_count,
        }
    return data


def _item_list(cards: list[dict], origin: str, name: str) -> str:
    return _ld_json(
        {
            "@context": "https://schema.org",
            "@type": "ItemList",
            "name": name,
            "itemListElement": [
                {
                    "@type": "ListItem",
                    "position": i,
                    "item": _hotel_ld(card["hotel"], card["url"], origin),
                }
                for i, card in enumerate(cards, start=1)
            ],
        }
    )


def _provider_down(response):
    """The page still renders (with its localised notice): kept by no cache, indexed by no
    crawler, so nobody keeps the notice once the provider is back."""
    patch_cache_control(response, no_store=True)
    response["X-Robots-Tag"] = "noindex"
    return response


def _with_photos(response, shown_map: MapConfig | None = None):
    """The page shows the provider's photos (and ``shown_map``): its CSP allows their origins,
    and only those."""
    add_sources(response, {"img-src": [inventory.media_origin()]})
    add_sources(response, shown_map.csp_sources() if shown_map else {})
    return response


def _hotel_url(hotel, locale: str, query: SearchQuery, fid: int) -> str:
    return _hotel_link(hotel.country_slug, hotel.city_slug, hotel.slug, locale, query, fid)


@lru_cache(maxsize=4096)
def _hotel_link(country: str, city: str, slug: str, locale: str, query: SearchQuery, fid: int):
    """A hotel's page with the visitor's stay, kept per arguments: every card of a results page
    links its hotel, and the same hotels come back on the stay's other pages and sorts."""
    return page_url(
        "hotels-countrySlug-citySlug-hotelSlug",
        locale,
        fid=fid,
        query=dict(query.params(filters=False, page=False)),
        countrySlug=country,
        citySlug=city,
        hotelSlug=slug,
    )


def results_page(request, *, page_name, **params):
    locale = request.locale.code
    query = SearchQuery.from_query(request.GET)
    base = request.path
    if query.rewritten and "guests" not in query.errors:
        text = query.encode()
        return HttpResponseRedirect(f"{base}?{text}" if text else base)
    display = request.price_display
    currency = request.currency
    shown_map = map_config(request.brand)
    context = {
        "favorite_ids": favorite_ids(current_user(request)),
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
        country = getattr(request, "country", None)
        if place is not None and not (query.destination or query.place):
            # A browse page: its search form starts on its own place.
            query = replace(query, destination=place.name, place=place.id)
            context["search"] = query
        if place is not None and place.type == "country":
            rows = top(query, place, locale=locale, currency=currency, country=country)
            context["destinations"] = [
                (p, _browse_url(p, locale, query, request.fid))
                for p in inventory.places_in_country(place.country_code, locale)
            ]
            context["cards"] = [
                _card(r, locale=locale, query=query, display=display, place=place, fid=request.fid)
                for r in rows
            ]
            context["dated"] = query.dated
            context["ld_json"] = _item_list(
                context["cards"], link_origin(host=request.get_host()), place.name
            )
        elif place is not None:
            results = search(
                query, place, locale=locale, currency=currency, country=country, display=display
            )
            context["results"] = results
            context["cards"] = [
                _card(r, locale=locale, query=query, display=display, place=place, fid=request.fid)
                for r in results.rows
            ]
            context["pages"] = _pages(results, query, base)
            context["clear_filters_url"] = (
                f"{base}?{query.encode(filters=False)}" if query.encode(filters=False) else base
            )
            context["canonical_url"] = _canonical(request, query)
            context["ld_json"] = _item_list(
                context["cards"], link_origin(host=request.get_host()), place.name
            )
            if context["cards"]:
                context["results_map"] = _results_map(context["cards"], place, shown_map, locale)
            remember(request, query, place.name)
    except UpstreamError:
        context["provider_down"] = True
    public = not context.get("provider_down")  # live prices: kept only as long as their rates
    response = render_page(
        request, page_name=page_name, extra_context=context, public=public, **params
    )
    if context.get("provider_down"):
        _provider_down(response)
    return _with_photos(response, shown_map if context.get("results_map") else None)


def _results_map(cards: list[dict], place: Place, shown_map: MapConfig, locale: str) -> dict:
    """The results page's map: one marker a hotel of the page, labelled with its price per
    night when the search has dates (else its name), linking to the hotel."""
    markers = []
    for card in cards:
        hotel = card["hotel"]
        price = card.get("per_night", "")
        markers.append(hotel_marker(hotel, label=price or hotel.name, url=card["url"]))
        markers[-1]["price"] = bool(price)
        markers[-1]["description"] = (
            translate("map.marker", locale, hotel=hotel.name, price=price) if price else hotel.name
        )
    return {
        **shown_map.props(),
        "title": translate("map.title", locale),
        "center": [place.lat, place.lng],
        "zoom": 13,
        "markers": markers,
    }


def _browse_url(place: Place, locale: str, query: SearchQuery, fid: int) -> str:
    """A destination's page under its country, keeping the dates and guests of the search."""
    return page_url(
        "hotels-countrySlug-citySlug-hotelSlug",
        locale,
        fid=fid,
        query=dict(query.params(filters=False, page=False))
        | {"destination": place.name, "place": place.id},
        countrySlug=place.country_slug,
        citySlug=place.slug,
    )


def _canonical(request, query: SearchQuery) -> str:
    """What a crawler should index for this list: the place and its filters, sort and page,
    never a visitor's dates, guests, currency or referral."""
    kept = [
        (k, v)
        for k, v in query.params()
        if k not in ("check_in", "check_out", "guests", "country", "currency", "session", "fid")
    ]
    origin = link_origin(host=request.get_host())
    return f"{origin}{request.path}" + (f"?{urlencode(kept)}" if kept else "")


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
