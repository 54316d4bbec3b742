"""The hotel page's presenters: what its template shows, from the provider's hotel and the
visitor's stay. A room with its offers (``room_card``, also the chosen room on ``/book``), what
the page says about the stay besides rooms (``about``: trust rating, check-in and check-out,
house rules), the gallery and the map, structured data (``hotel_ld``, also each card of a
results page's item list; ``ld_json``) and Open Graph."""

import json
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.utils.safestring import mark_safe

from storefront.catalog.formatting import (
    currency_decimals,
    format_area,
    format_clock,
    format_moment,
    format_money,
    plain_text,
)
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import DEFAULT_LOCALE, get_locale
from storefront.search.maps import MapConfig, MapView, hotel_marker
from storefront.search.results import RoomOffers
from storefront.upstream.inventory.types import Photo
from storefront.web.visitor import Visitor

from .facts import rooms_left, stay_price

# The gallery strip shows one photo across a phone and two side by side from 640 px, inside
# the 1200 px container (main.css .gallery__item).
GALLERY_SIZES = "(min-width: 1240px) 596px, (min-width: 640px) 50vw, 100vw"


@dataclass(frozen=True)
class GalleryView:
    """A hotel's photos as its page shows them (templates/includes/hotel_summary.html) and the
    Gallery island is handed them (``islands.gallery_props``)."""

    title_text: str  # the gallery's heading, which names the hotel
    strip: str  # the id of the strip the server renders
    photos: Sequence[Photo]
    count: int
    sizes: str  # the strip's ``sizes``


def gallery(hotel, locale: str) -> GalleryView | None:
    """The photo strip's words and sizes (None for a hotel without photos)."""
    if not hotel.photos:
        return None
    return GalleryView(
        title_text=translate("gallery.title", locale, hotel=hotel.name),
        strip="gallery-strip",
        photos=hotel.photos,
        count=len(hotel.photos),
        sizes=GALLERY_SIZES,
    )


def hotel_map(hotel, shown_map: MapConfig, locale: str) -> MapView:
    """The hotel page's map (the Map island's): the hotel alone, close up."""
    return MapView(
        config=shown_map,
        title=translate("map.title", locale),
        center=[hotel.lat, hotel.lng],
        zoom=15,
        markers=[hotel_marker(hotel, label=hotel.name)],
        mode="inline",
    )


def about(hotel, locale: str) -> dict:
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


def room_card(row: RoomOffers, *, visitor: Visitor, link=None, chosen=None) -> dict:
    """A room of the hotel page with its offers, as the template shows them to ``visitor`` (in
    their locale and price display); ``link(offer)`` gives each offer's "Choose" address,
    ``chosen`` is the offer the visitor came for."""
    room = row.room
    locale, display = visitor.locale, visitor.display
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
                **stay_price(price, display, locale),
                "items": [
                    {
                        "name_key": f"price_items.{item.code}",
                        "amount": money(item.amount),
                        "included": item.included,
                    }
                    for item in price.items
                    if f"price_items.{item.code}" in known
                ],
                "rooms_left": rooms_left(offer),
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


def ld_json(data: dict) -> str:
    """schema.org data for a ``<script type="application/ld+json">``: JSON with ``<``, ``>``
    and ``&`` escaped, so no provider text can close the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return mark_safe(  # noqa: S308 — escaped just above for a script data block
        text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    )


def open_graph(hotel, url: str, locale: str) -> dict:
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


def hotel_ld(hotel, url: str, origin: str, prices=None, locale: str = "", offers=()) -> dict:
    """schema.org's Hotel for ``hotel`` at ``url`` (a path under ``origin``); with ``prices``
    (``results.price_range``: low, high, currency) its ``priceRange`` in ``locale``, and with
    ``offers`` (``offers_ld``) what it sells for the page's stay."""
    data = {
        "@type": "Hotel",
        "name": hotel.name,
        "url": origin + url.split("?", 1)[0],
        "address": {
            "@type": "PostalAddress",
            "streetAddress": hotel.address,
            "addressLocality": hotel.city_name,
            "addressCountry": hotel.country_code.upper(),
            **({"postalCode": hotel.postal_code} if hotel.postal_code else {}),
        },
        "geo": {"@type": "GeoCoordinates", "latitude": hotel.lat, "longitude": hotel.lng},
    }
    if hotel.phone:
        data["telephone"] = hotel.phone
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
    if prices:
        low, high, currency = prices
        low, high = format_money(low, currency, locale), format_money(high, currency, locale)
        data["priceRange"] = plain_text(f"{low}–{high}")  # no invisible direction marks
    if offers:
        data["makesOffer"] = list(offers)
    return data


def offers_ld(rooms, *, visitor: Visitor, locale: str) -> list[dict]:
    """schema.org ``Offer``s of a dated hotel page: each room's offers with the price of the
    whole stay as the visitor pays it (the amount the page shows, in its currency)."""
    known = messages(DEFAULT_LOCALE)
    found = []
    for row in rooms or ():
        key = f"room_types.{row.room.type}"
        name = translate(key, locale) if key in known else row.room.name
        for offer in row.offers:
            found.append(
                {
                    "@type": "Offer",
                    "name": name,
                    "price": str(
                        offer.price.total(visitor.display).quantize(
                            Decimal(1).scaleb(-currency_decimals(offer.price.currency)),
                            rounding=ROUND_HALF_UP,
                        )
                    ),
                    "priceCurrency": offer.price.currency,
                    "availability": "https://schema.org/LimitedAvailability"
                    if offer.rooms_left
                    else "https://schema.org/InStock",
                }
            )
    return found
