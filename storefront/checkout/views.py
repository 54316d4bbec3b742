"""``/book``: the offer a traveller chose, re-priced by the provider, with its room, stay, guests,
cancellation terms and price broken down. Prebook and payment come next (a later issue);
choosing an offer, its links and notices are ``offers.py``."""

from dataclasses import replace

from django.http import Http404

from storefront.catalog.formatting import format_day
from storefront.hotels.links import hotel_url
from storefront.hotels.presenters import room_card
from storefront.i18n.catalog import translate
from storefront.pages.responses import provider_down, with_photos
from storefront.pages.views import render_page
from storefront.search.israel_vat import apply_israel_vat
from storefront.search.query import Room, SearchQuery
from storefront.search.results import RoomOffers
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError

from .offers import Notice, breakdown, guests_of, offer_param, parse_seen, price_notice


def book_page(request, *, page_name, **params):
    """``/book?offer=…&seen=…&check_in=…&check_out=…&guests=…``: the chosen offer re-priced,
    for the stay and guests the provider priced it for (its answer, not the link's words)."""
    visitor = request.visitor
    locale = visitor.locale
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
        return provider_down(page({"provider_down": True}))
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
    context["hotel_link"] = hotel_url(hotel, locale, stay_query, visitor.fid)
    if answer.offer is None:
        return with_photos(page({"notice": Notice("warning", translate("book.gone", locale))}))
    offer = apply_israel_vat(answer.offer, hotel, visitor.country)
    room = next((r for r in hotel.rooms if r.id == offer.room_id), None)
    chosen = (
        # What is charged: gross, whatever the visitor's display elsewhere.
        room_card(RoomOffers(room=room, offers=(offer,)), visitor=replace(visitor, display="gross"))
        if room
        else None
    )
    price = offer.price
    return with_photos(
        page(
            {
                "notice": price_notice(
                    price, parse_seen(request.GET.get("seen"), offer_id), locale
                ),
                "book": {
                    "offer": offer,
                    "room": chosen,
                    "terms": chosen["offers"][0] if chosen else None,
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
