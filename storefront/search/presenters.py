"""The results and browse pages' presenters: what their template shows, from the rows
``results.py`` found. A hotel card (``card``, also each of ``/favorites``; the review, price,
rooms-left and distance it prints are ``storefront.hotels.facts``, which the hotel page's
room cards call too), the page links (``pagination``), the map beside the list
(``results_map``), schema.org's ItemList of the cards (``item_list``, each a
``hotels.presenters.hotel_ld``), a destination's browse link and the list's canonical address."""

from urllib.parse import quote_plus

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

# The route of a country, a destination and (as ``hotel``) a hotel: one spec route, two pages.
BROWSE = "hotels-countrySlug-citySlug-hotelSlug"


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
        BROWSE,
        locale,
        fid=fid,
        query=dict(query.params(filters=False, page=False))
        | {"destination": place.name, "place": place.id},
        countrySlug=place.country_slug,
        citySlug=place.slug,
    )


def browse_path(place: Place) -> str:
    """The one address of a place's hotel list, without a locale prefix: ``/hotels/{country}``
    for a country, ``/hotels/{country}/{destination}`` for a city or region."""
    slugs = {"countrySlug": place.country_slug}
    if place.type != "country":
        slugs["citySlug"] = place.slug
    return page_url(BROWSE, "en", **slugs)


def list_path(query: SearchQuery, place: Place | None) -> str | None:
    """The address search engines should know the list this page shows by (the head's
    canonical and hreflang links, ``Chrome.head_links``), or None for a page they should not
    keep (``noindex``).

    A place's hotels are reached by several addresses: its browse page, the fixed city pages
    (``/hotels/places/es/barcelona``), the destination forms and any search for the place with
    the visitor's dates, guests or currency. All of them name the browse page (``browse_path``),
    which is the one the sitemap lists. A list narrowed by filters or a sort, or a later page,
    is none of those: noindex (its hotels are in the sitemap on their own pages). So is a
    search that found no one place."""
    if place is None or query.params(search=False):
        return None
    return browse_path(place)


def trail(place: Place, *, locale: str, fid: int, origin: str, hotel=None) -> dict:
    """The breadcrumb trail of a browse or hotel page: Hotels › country › destination › hotel,
    as links (``items``: name, address with the visitor's fid, or "" for the page itself) and
    as the schema.org ``BreadcrumbList`` that says the same with canonical addresses."""
    steps = [(translate("nav.hotels", locale), "hotels", {})]
    steps.append((place.country_name or place.name, BROWSE, {"countrySlug": place.country_slug}))
    if place.type != "country":
        steps.append(
            (place.name, BROWSE, {"countrySlug": place.country_slug, "citySlug": place.slug})
        )
    if hotel is not None:
        slugs = {"countrySlug": place.country_slug, "citySlug": place.slug}
        steps.append(
            (
                hotel.name,
                BROWSE,
                {**slugs, "hotelSlug": hotel.slug},
            )
        )
    items, listed = [], []
    for position, (name, route, slugs) in enumerate(steps, start=1):
        last = position == len(steps)
        items.append((name, "" if last else page_url(route, locale, fid=fid, **slugs)))
        listed.append(
            {
                "@type": "ListItem",
                "position": position,
                "name": name,
                "item": origin + page_url(route, locale, **slugs),
            }
        )
    data = {"@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": listed}
    return {"items": items, "ld": ld_json(data)}
