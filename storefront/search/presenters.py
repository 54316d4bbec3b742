"""The results and browse pages' presenters: what their template shows, from the rows
``results.py`` found. A hotel card (``card``, also each of ``/favorites``; the review, price,
rooms-left and distance it prints are ``storefront.hotels.facts``, which the hotel page's
room cards call too), the page links (``pagination``), the map beside the list
(``results_map``), schema.org's ItemList of the cards (``item_list``, each a
``hotels.presenters.hotel_ld``), a destination's browse link and the list's canonical address."""

from urllib.parse import quote_plus, urlencode

from storefront.brands.selectors import link_origin
from storefront.checkout.offers import seen_mark
from storefront.hotels.facts import distance, review, rooms_left, stay_price
from storefront.hotels.links import hotel_url
from storefront.hotels.presenters import hotel_ld, ld_json
from storefront.i18n.catalog import translate
from storefront.upstream.inventory import Place
from storefront.web.links import page_url
from storefront.web.visitor import Visitor

from .maps import MapConfig, MapView, hotel_marker
from .query import SearchQuery
from .results import Result, Results


def card(row: Result, *, visitor: Visitor, query: SearchQuery, place) -> dict:
    """A hotel of a results, browse or favorites page, with its cheapest offer for the stay
    (if any) as the visitor pays it; its link carries that offer and the price seen."""
    hotel = row.hotel
    locale, display = visitor.locale, visitor.display
    url = hotel_url(hotel, locale, query, visitor.fid)
    card = {
        "hotel": hotel,
        "url": url,
        "photo": hotel.photos[0] if hotel.photos else None,
        **review(hotel.review_score, locale),
        "distance": distance(row.distance_km, locale),
        "distance_from": place.name if place is not None and place.type == "landmark" else "",
        "sold_out": row.sold_out,
        "offer": row.offer,
    }
    if row.offer:
        price = row.offer.price
        card["url"] = _with_params(
            url, offer=row.offer.offer_id, seen=seen_mark(price, display, row.offer.offer_id)
        )
        card.update(stay_price(price, display, locale))
        card["board_key"] = f"board.{row.offer.board}"
        card["rooms_left"] = rooms_left(row.offer)
    return card


def _with_params(url: str, **params) -> str:
    """``url`` with ``params`` added to its query (each value quoted as ``urlencode`` quotes it,
    without its checks: twenty cards a page)."""
    query = "&".join(f"{name}={quote_plus(str(value))}" for name, value in params.items())
    return f"{url}{'&' if '?' in url else '?'}{query}"


def pagination(results: Results, query: SearchQuery, base: str) -> dict:
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


def item_list(cards: list[dict], origin: str, name: str) -> str:
    return ld_json(
        {
            "@context": "https://schema.org",
            "@type": "ItemList",
            "name": name,
            "itemListElement": [
                {
                    "@type": "ListItem",
                    "position": i,
                    "item": hotel_ld(card["hotel"], card["url"], origin),
                }
                for i, card in enumerate(cards, start=1)
            ],
        }
    )


def results_map(cards: list[dict], place: Place, shown_map: MapConfig, locale: str) -> MapView:
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
    return MapView(
        config=shown_map,
        title=translate("map.title", locale),
        center=[place.lat, place.lng],
        zoom=13,
        markers=markers,
        mode="beside",
        slot="results-map",
    )


def browse_url(place: Place, locale: str, query: SearchQuery, fid: int) -> str:
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


def canonical(request, query: SearchQuery) -> str:
    """What a crawler should index for this list: the place and its filters, sort and page,
    never a visitor's dates, guests, currency or referral."""
    kept = [
        (k, v)
        for k, v in query.params()
        if k not in ("check_in", "check_out", "guests", "country", "currency", "session", "fid")
    ]
    origin = link_origin(host=request.get_host())
    return f"{origin}{request.path}" + (f"?{urlencode(kept)}" if kept else "")
