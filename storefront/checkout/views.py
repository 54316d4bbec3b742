"""Checkout's pages (DESIGN 15; ``docs/checkout.md``):

- ``/book``: the offer a traveller chose, held by the provider (a prebook: its price now, until
  when it is held), with its room, stay, guests, cancellation terms and price broken down, and
  the guest's details; posting them starts the transaction's payment (``services.start``);
- ``/pay``: what will be charged, and the way to the provider's own payment page;
- ``/payments/return/{uuid}``: where the provider's page sends the visitor back (signed); and
  ``/payments/webhook``, where the provider posts its signed events: both settle the
  transaction from the provider's word (``services.settle``);
- ``/transaction/{uuid}/success|error``: the outcome, for the visitor who made it only.

Choosing an offer, its links and notices are ``offers.py``; the writes are ``services.py``."""

import json
from dataclasses import replace
from datetime import UTC, date, datetime
from decimal import Decimal, InvalidOperation
from urllib.parse import urlsplit

from django.core.exceptions import SuspiciousOperation, ValidationError
from django.http import Http404, HttpResponse, HttpResponseRedirect, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from storefront.catalog.formatting import format_day, format_moment, format_money
from storefront.catalog.selectors import dial_options
from storefront.hotels.links import hotel_url
from storefront.hotels.presenters import room_card
from storefront.i18n.catalog import messages, translate
from storefront.pages.responses import provider_down, with_photos
from storefront.pages.views import render_page
from storefront.search.israel_vat import vat_due
from storefront.search.query import Room, SearchQuery
from storefront.search.results import RoomOffers
from storefront.security.csp import add_sources
from storefront.upstream import inventory
from storefront.upstream.errors import UpstreamError, UpstreamValidationError
from storefront.web.links import page_url

from . import services
from .models import Transaction
from .offers import Notice, breakdown, guests_of, offer_param, parse_seen, price_notice
from .signing import valid_return, valid_webhook


def book_page(request, *, page_name, **params):
    """``/book?offer=…&seen=…&check_in=…&check_out=…&guests=…``: the chosen offer held by the
    provider for the stay and guests it was priced for (its answer, not the link's words), and
    the guest's details; a valid post starts the payment and goes on to ``/pay``."""
    if request.headers.get("Sec-Purpose", "").startswith("prefetch"):
        # A browser fetching ahead of a click: holding a room is for the visitor who opens it.
        response = HttpResponse(status=204)
        response["Cache-Control"] = "no-store"
        return response
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
    if answer.offer is None or stay is None:
        return with_photos(page({"notice": Notice("warning", translate("book.gone", locale))}))
    booked = services.booked_offer(request, offer_id)
    if booked is not None:
        # Back from the confirmation (or a second tab): this visitor booked this offer already.
        # Say so, and lead to that booking, rather than hold the room for a second one.
        link = _outcome_url(booked, "success")
        return with_photos(
            page(
                {
                    "notice": Notice(
                        "info",
                        translate(
                            "book.already_booked", locale, reference=booked.booking_reference
                        ),
                    ),
                    "booked_link": link,
                }
            )
        )
    rooms = len(stay.occupancies)
    values, errors = _details_defaults(request, visitor, rooms, offer_id), {}
    # The guest country the price is held for: the hold's own, else the visitor's; once the
    # details name the holder's country, that one, when it changes the Israeli VAT (never the
    # results page's word).
    held_country = services.held_country(request, offer_id)
    vat_turn = None
    if request.method == "POST":
        values, errors = services.check_details(request.POST, rooms=rooms)
        errors = {name: translate(key, locale) for name, key in errors.items()}
        holder = values["country"].lower()
        before = held_country if held_country is not None else visitor.country
        if holder and vat_due(hotel, holder) != vat_due(hotel, before):
            held_country = holder
            vat_turn = "book.vat_added" if vat_due(hotel, holder) else "book.vat_removed"
    try:
        held = services.hold(
            request,
            offer_id=offer_id,
            occupancies=stay.occupancies,
            visitor=visitor,
            guest_country=held_country,
        )
    except UpstreamError as error:
        if error.status in (404, 409, 410):
            return with_photos(page({"notice": Notice("warning", translate("book.gone", locale))}))
        return provider_down(page({"provider_down": True}))
    prebook = held.prebook
    offer = replace(
        answer.offer,
        price=prebook.price,
        cancellation=prebook.cancellation,
        refundable=prebook.refundable,
    )
    room = next((r for r in hotel.rooms if r.id == offer.room_id), None)
    chosen = (
        # What is charged: gross, whatever the visitor's display elsewhere.
        room_card(RoomOffers(room=room, offers=(offer,)), visitor=replace(visitor, display="gross"))
        if room
        else None
    )
    price = prebook.price
    notice = price_notice(price, parse_seen(request.GET.get("seen"), offer_id), locale)
    if held.was is not None:  # the hold ran out and the price held now is another
        notice = Notice(
            "warning",
            translate(
                "book.hold_renewed",
                locale,
                was=format_money(held.was, price.currency, locale),
                now=format_money(prebook.pay_now, price.currency, locale),
            ),
        )
    if request.method == "POST":
        if request.POST.get("held") != str(prebook.pay_now):
            # The price held now is not the one the form was shown with (the hold ran out while
            # the visitor typed, or the holder's country changed the VAT): show it, and let them
            # decide again.
            was = _decimal(request.POST.get("held"))
            notice = Notice(
                "warning",
                translate(
                    vat_turn or "book.hold_renewed",
                    locale,
                    was=format_money(was, price.currency, locale) if was is not None else "—",
                    now=format_money(prebook.pay_now, price.currency, locale),
                ),
            )
        elif not errors:
            summary = _summary(offer_id, hotel, chosen, stay_query, prebook, locale)
            summary["book_path"] = request.get_full_path()  # where a hold that ran out re-prices
            try:
                sale = services.start(
                    request, prebook=prebook, values=values, summary=summary, visitor=visitor
                )
            except UpstreamValidationError as error:
                # The provider's own words, the first per field (spec section 8).
                errors = {_field(name): texts[0] for name, texts in error.errors.items() if texts}
                errors = errors or {"form": error.message}
            except UpstreamError as error:
                if error.code in ("price_changed", "hold_expired", "guest_country_changed"):
                    request.session.get(services.HOLDS_KEY, {}).pop(offer_id, None)
                    request.session.modified = True
                    return HttpResponseRedirect(request.get_full_path())
                return provider_down(page({"provider_down": True}))
            else:
                return HttpResponseRedirect(
                    page_url("pay", locale, fid=visitor.fid, query={"transaction": sale.uuid})
                )
    return with_photos(
        page(
            {
                "notice": notice,
                "book": {
                    "offer": offer,
                    "room": chosen,
                    "terms": chosen["offers"][0] if chosen else None,
                    "stay": stay_query,
                    "check_in": format_day(stay_query.check_in, locale),
                    "check_out": format_day(stay_query.check_out, locale),
                    "guests": guests_of(stay_query),
                    "nights": price.nights,
                    "breakdown": breakdown(price, locale),
                    "held_until": prebook.expires_at,
                    "held_until_text": format_moment(prebook.expires_at.isoformat(), locale),
                    "rooms": range(1, rooms + 1),
                    "held": str(prebook.pay_now),
                },
                "details": values,
                "details_errors": errors,
                "dial_options": dial_options(locale),
            }
        )
    )


def _decimal(text) -> Decimal | None:
    try:
        return Decimal(text) if text else None
    except (InvalidOperation, ValueError):
        return None


def _field(provider_name: str) -> str:
    """Our form's field for the provider's (``holder.first_name``, ``guests.1.last_name``)."""
    parts = provider_name.split(".")
    if parts[0] == "holder" and len(parts) > 1:
        return parts[1]
    if parts[0] == "guests" and len(parts) > 2 and parts[1].isdigit():
        return f"room{int(parts[1]) + 1}_{parts[2]}"
    return parts[0] if parts[0] in ("special_requests",) else "form"


def _details_defaults(request, visitor, rooms: int, offer_id: str) -> dict:
    """The form before it is posted: a logged-in user's name and email, and the country the
    price is held for (the visitor's, until the details named another)."""
    user = visitor.user
    first, _, last = (getattr(user, "name", "") or "").partition(" ")
    return {
        "first_name": first,
        "last_name": last,
        "email": user.email if user else "",
        # Spec: the dial code defaults to US.
        "country": (services.held_country(request, offer_id) or visitor.country or "US").upper(),
        "phone": "",
        "guests": [{"first_name": "", "last_name": ""} for _ in range(rooms)],
        "special_requests": "",
    }


def _summary(offer_id, hotel, chosen, stay_query, prebook, locale) -> dict:
    """What the transaction keeps for its pages and email, in the provider's facts."""
    return {
        "offer_id": offer_id,
        "hotel": hotel.name,
        "hotel_address": hotel.address,
        "hotel_country": hotel.country_code,
        "room_type": chosen["room"].type if chosen else "",
        "room_name": chosen["room"].name if chosen else "",
        "board": prebook.board,
        "check_in": stay_query.check_in.isoformat(),
        "check_out": stay_query.check_out.isoformat(),
        "nights": prebook.price.nights,
        "occupancies": [[a, list(ages)] for a, ages in prebook.stay.occupancies],
        "refundable": prebook.refundable,
        "free_until": next(
            (step.until for step in reversed(prebook.cancellation) if step.penalty == 0), ""
        ),
    }


def pay_page(request, *, page_name, **params):
    """``/pay?transaction={uuid}``: what the visitor is about to pay, and the form that takes
    them to the provider's own page (the only page whose CSP lets a form go there)."""
    if not request.GET.get("transaction"):  # nothing chosen yet: say where to start
        return render_page(request, page_name=page_name, extra_context={"sale": None})
    sale = _owned_or_404(request, request.GET.get("transaction"))
    if sale.state == Transaction.BOOKED:
        return HttpResponseRedirect(_outcome_url(sale, "success"))
    if sale.state == Transaction.FAILED:
        return HttpResponseRedirect(_outcome_url(sale, "error"))
    locale = request.visitor.locale
    context = {
        "sale": sale,
        "stay": _stay_words(sale, locale),
        "amount": format_money(sale.pay_now, sale.currency, locale),
        "held_until_text": format_moment(sale.hold_expires_at.isoformat(), locale),
    }
    response = render_page(request, page_name=page_name, extra_context=context, public=False)
    origin = _origin(sale.payment_url)
    if origin:  # this page's form goes to the provider's page: its origin, on this page only
        add_sources(response, {"form-action": [origin]})
    return response


@require_GET
def payment_return(request, uuid):
    """The provider's page sends the visitor back here. The return is believed only when its
    signature is the provider's and it names this transaction's payment; even then the
    transaction moves only on what the provider answers when asked."""
    sale = Transaction.objects.filter(pk=uuid).first()
    if (
        sale is None
        or not valid_return(request.GET)
        or request.GET.get("payment_id") != sale.payment_id
    ):
        raise SuspiciousOperation("a return the provider did not sign for this transaction")
    try:
        sale = services.settle(sale)
    except UpstreamError:
        pass  # the provider is slow: the page says the payment is being confirmed
    return HttpResponseRedirect(
        _outcome_url(sale, "error" if sale.state == Transaction.FAILED else "success"),
        status=303,
    )


@csrf_exempt
@require_POST
def payment_webhook(request):
    """The provider's signed events: settles the payment's transaction (once, however often an
    event comes). 400 for a body the provider did not sign; 503 (the provider sends it again)
    when the provider cannot be asked now."""
    body = request.body
    if not valid_webhook(request.headers.get("X-Signature", ""), body):
        return JsonResponse({"error": "bad signature"}, status=400)
    try:
        event = json.loads(body)
        payment_id = str(event["data"]["id"])
    except (ValueError, KeyError, TypeError):
        return JsonResponse({"error": "unreadable event"}, status=400)
    sale = Transaction.objects.filter(payment_id=payment_id).first()
    if sale is not None:
        try:
            services.settle(sale)
        except UpstreamError:
            return JsonResponse({"error": "try again"}, status=503)
    return JsonResponse({"received": True})


def transaction_page(request, *, page_name, **params):
    """``/transaction/{uuid}/success|error``: the outcome, for the visitor who made it (its
    session or account); any other uuid is a 404. The bare ``/transaction/success|error`` say
    nothing they cannot know. A retry (POST on the error page) starts a new payment against the
    same hold while it lasts."""
    uuid = params.get("transactionUuid")
    outcome = "error" if page_name.endswith("error") else "success"
    if uuid is None:
        return render_page(request, page_name=page_name, extra_context={"outcome": outcome})
    sale = _owned_or_404(request, uuid)
    locale = request.visitor.locale
    if request.method == "POST" and outcome == "error":
        try:
            sale = services.retry(request, sale)
        except UpstreamError:
            sale.refresh_from_db()
        else:
            if sale.state == Transaction.PAYING:
                return HttpResponseRedirect(
                    page_url("pay", locale, query={"transaction": sale.uuid}), status=303
                )
    if sale.state == Transaction.PAYING:
        try:
            sale = services.settle(sale)
        except UpstreamError:
            pass
    wanted = "error" if sale.state in (Transaction.FAILED, Transaction.EXPIRED) else "success"
    if wanted != outcome and request.method == "GET":
        return HttpResponseRedirect(_outcome_url(sale, wanted))
    context = {
        "outcome": outcome,
        "sale": sale,
        "stay": _stay_words(sale, locale),
        "amount": format_money(sale.pay_now, sale.currency, locale),
        "at_hotel": format_money(sale.pay_at_hotel, sale.currency, locale)
        if sale.pay_at_hotel
        else "",
        "failure_key": _failure_key(sale.failure),
        "can_retry": sale.state == Transaction.FAILED and sale.hold_expires_at > _now(),
    }
    return render_page(request, page_name=page_name, extra_context=context, public=False)


FAILURES = ("card_declined", "insufficient_funds", "authentication_failed", "cancelled")


def _failure_key(code: str) -> str:
    return f"transaction.failures.{code if code in FAILURES else 'other'}"


def _stay_words(sale: Transaction, locale: str) -> dict:
    summary = sale.summary
    rooms = [(a, tuple(ages)) for a, ages in summary.get("occupancies", [])]
    stay = SearchQuery(rooms=tuple(Room(a, ages) for a, ages in rooms)) if rooms else None
    key = f"room_types.{summary.get('room_type', '')}"
    return {
        "hotel": summary.get("hotel", ""),
        "room": translate(key, locale) if key in messages("en") else summary.get("room_name", ""),
        "board_key": f"board.{summary.get('board', 'RO')}",
        "check_in": format_day(date.fromisoformat(summary["check_in"]), locale)
        if summary.get("check_in")
        else "",
        "check_out": format_day(date.fromisoformat(summary["check_out"]), locale)
        if summary.get("check_out")
        else "",
        "nights": summary.get("nights", 0),
        "guests": guests_of(stay) if stay else None,
        "free_until": format_moment(summary["free_until"], locale)
        if summary.get("free_until")
        else "",
        "refundable": summary.get("refundable", False),
    }


def _owned_or_404(request, uuid) -> Transaction:
    try:
        sale = services.owned(request, uuid) if uuid else None
    except (ValueError, ValidationError):  # not a uuid
        sale = None
    if sale is None:
        raise Http404
    return sale


def _outcome_url(sale: Transaction, outcome: str) -> str:
    return page_url(
        f"transaction-transactionUuid-{outcome}",
        sale.locale,
        fid=sale.fid,
        transactionUuid=sale.uuid,
    )


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


def _now():
    return datetime.now(UTC)
