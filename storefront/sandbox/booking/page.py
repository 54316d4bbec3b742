"""The hosted payment page, on the provider's own origin (``/pay/<token>``): a card form in the
locale the payment was started with (its words in ``words.json``; a locale it lacks reads
English), the 3-D Secure test page, and the way back to the shop with a signed return.

The page is the provider's, not the storefront's: its own templates (Jinja2, autoescaped, an
environment of its own), its own stylesheet and script served from here, and a strict Content
Security Policy that admits nothing but this origin, and as a form's destination only this origin
and the shop's return address (a form posted here is answered with a 303 to it). It works without
JavaScript; the script only groups the card number as it is typed, finds the card's brand and
keeps the Pay button from being pressed twice.
"""

import hashlib
import json
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

import jinja2
from babel.dates import format_date
from babel.numbers import format_currency
from django.conf import settings
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from markupsafe import Markup, escape

from ..inventory import codes
from ..inventory.locales import BABEL_LOCALES
from ..inventory.store import inventory
from ..models import Booking, Payment
from . import cards, services, shapes, signing, webhooks

HERE = Path(__file__).parent
WORDS_FILE = HERE / "words.json"
ASSETS = {"pay.css": "text/css; charset=utf-8", "pay.js": "text/javascript; charset=utf-8"}
RTL = frozenset({"he", "ar"})
FALLBACK = "en"
PROCESSING_REFRESH_SECONDS = 3


class SeeOther(HttpResponseRedirect):
    """303: after a POST the browser GETs the next address (the shop's return, the challenge)."""

    status_code = 303


@cache
def words_table() -> dict[str, dict[str, str]]:
    with WORDS_FILE.open(encoding="utf-8") as fh:
        return json.load(fh)


def words(locale: str) -> dict[str, str]:
    """The page's words in ``locale``, each missing one in English."""
    table = words_table()
    return {**table[FALLBACK], **table.get(locale, {})}


def fill(text: str, **values) -> Markup:
    """A whole sentence of ``words.json`` with its ``{name}`` placeholders filled, each value
    escaped and isolated (``<bdi>``: a Latin name or an amount inside a Hebrew sentence keeps its
    own direction)."""
    filled = escape(text)
    for name, value in values.items():
        filled = filled.replace(escape(f"{{{name}}}"), Markup("<bdi>%s</bdi>") % value)
    return Markup(filled)


@cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(HERE / "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.filters["fill"] = fill
    return environment


@cache
def _asset(name: str) -> bytes:
    return (HERE / "assets" / name).read_bytes()


@cache
def asset_url(name: str) -> str:
    return f"/pay/assets/{name}?v={hashlib.sha256(_asset(name)).hexdigest()[:12]}"


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def policy(payment: Payment | None) -> str:
    forms = "'self'" + (f" {_origin_of(payment.return_url)}" if payment else "")
    return "; ".join(
        (
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self' data:",
            f"form-action {forms}",
            "frame-ancestors 'none'",
            "base-uri 'none'",
        )
    )


def _secured(response: HttpResponse, payment: Payment | None) -> HttpResponse:
    response["Content-Security-Policy"] = policy(payment)
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Content-Type-Options"] = "nosniff"
    response["X-Frame-Options"] = "DENY"
    return response


def render(name: str, payment: Payment | None, status: int = 200, **context) -> HttpResponse:
    html = _environment().get_template(name).render(asset_url=asset_url, **context)
    return _secured(HttpResponse(html, status=status), payment)


# --- what the page shows ---------------------------------------------------------------------


def _babel(locale: str) -> str:
    return BABEL_LOCALES.get(locale, "en")


def money(amount, currency: str, locale: str) -> str:
    return format_currency(amount, currency, locale=_babel(locale))


def summary(payment: Payment) -> dict:
    """The booking the payer is paying for, formatted in the payment's locale."""
    prebook, locale = payment.prebook, page_locale(payment.locale)
    hotel = inventory().hotels.get(prebook.hotel_id)
    room = next((r for r in hotel.rooms if r.id == prebook.room_id), None) if hotel else None
    at_hotel = prebook.price.get("pay_at_hotel") or 0
    return {
        "hotel": hotel.name if hotel else "",
        "stars": hotel.stars if hotel else None,
        "room": codes.ROOM_TYPES.get(room.type, "") if room else "",
        "check_in": format_date(prebook.check_in, "medium", locale=_babel(locale)),
        "check_out": format_date(prebook.check_out, "medium", locale=_babel(locale)),
        "nights": (prebook.check_out - prebook.check_in).days,
        "rooms": len(prebook.occupancies),
        "guests": sum(r["adults"] + len(r.get("children") or ()) for r in prebook.occupancies),
        "amount": money(payment.amount, payment.currency, locale),
        "at_hotel": money(at_hotel, payment.currency, locale) if at_hotel else "",
    }


def page_locale(locale: str) -> str:
    """The locale the page speaks: the payment's, if the page has its words, else English."""
    return locale if locale in words_table() else FALLBACK


def _page(payment: Payment) -> dict:
    locale = page_locale(payment.locale)
    return {
        "lang": locale,
        "dir": "rtl" if locale in RTL else "ltr",
        "w": words(locale),
        "merchant": settings.PAYMENTS_ENTITY,
        "token": payment.token,
        "summary": summary(payment),
        "test_cards": [
            ("4242 4242 4242 4242", "card_approved"),
            ("4000 0000 0000 0002", "card_declined"),
            ("4000 0000 0000 9995", "card_no_funds"),
            ("4000 0000 0000 3220", "card_challenge"),
            ("4000 0000 0000 0077", "card_slow"),
        ],
    }


def back_to_shop(payment: Payment) -> str:
    """The shop's return address, signed now, for the payment's status as it stands."""
    status = payment.status if payment.status != Payment.PENDING else Payment.CANCELLED
    return signing.return_url(
        settings.PAYMENT_SIGNING_SECRET,
        payment.return_url,
        payment.public_id,
        status,
        int(services.now().timestamp()),
    )


def _result(payment: Payment, status: int = 200) -> HttpResponse:
    reason = ""
    booking = Booking.objects.filter(payment=payment).first()
    if payment.status == Payment.FAILED and payment.failure_code:
        reason = shapes.text(page_locale(payment.locale), payment.failure_code)
    return render(
        "result.html",
        payment,
        status=status,
        **_page(payment),
        state=payment.status,
        reason=reason,
        reference=booking.reference if booking else "",
        back=back_to_shop(payment),
        refresh=PROCESSING_REFRESH_SECONDS if payment.status == Payment.PROCESSING else None,
    )


def _form(payment: Payment, values=None, errors=None, status: int = 200) -> HttpResponse:
    return render(
        "pay.html",
        payment,
        status=status,
        **_page(payment),
        state=payment.status,
        values=values or {},
        errors=errors or {},
    )


def _find(token: str) -> Payment:
    found = Payment.objects.filter(token=token).select_related("prebook").first()
    if found is None:
        raise Http404
    return found


def _origin(request) -> str:
    return request.build_absolute_uri("/").rstrip("/")


def _after(response: HttpResponse, outcome: services.Outcome, request) -> HttpResponse:
    webhooks.send_after(response, outcome.events)
    if outcome.settle_in is not None:
        webhooks.settle_later(response, _origin(request), outcome.settle_in)
    return response


def _next(outcome: services.Outcome, request) -> HttpResponse:
    if outcome.next == "challenge":
        response = SeeOther(f"/pay/{outcome.payment.token}/challenge")
    else:
        response = SeeOther(back_to_shop(outcome.payment))
    return _after(_secured(response, outcome.payment), outcome, request)


# --- views -------------------------------------------------------------------------------------


def not_found_page() -> HttpResponse:
    context = {"lang": FALLBACK, "dir": "ltr", "w": words(FALLBACK)}
    return render("missing.html", None, status=404, **context)


@require_http_methods(["GET", "POST"])
def pay(request, token):
    try:
        payment = _find(token)
    except Http404:
        return not_found_page()
    events = services.settle(payment=payment, origin=_origin(request))
    if request.method == "GET":
        if payment.status == Payment.PENDING and payment.challenge:
            response = _secured(SeeOther(f"/pay/{token}/challenge"), payment)
        elif payment.status == Payment.PENDING:
            response = _form(payment)
        else:
            response = _result(payment)
        webhooks.send_after(response, events)
        return response
    if events or payment.status != Payment.PENDING or payment.challenge:
        # Settled just now, or paid (or failed) before: never charged again, shown as it is.
        waiting = payment.status == Payment.PENDING and payment.challenge
        outcome = services.Outcome(payment, "challenge" if waiting else "return", events)
        return _next(outcome, request)
    form = {k: request.POST.get(k, "") for k in ("number", "expiry", "cvc", "name")}
    card, errors = cards.check(form, services.now().date())
    if errors:
        values = {**form, "cvc": ""}  # a security code is never written back into a page
        return _form(payment, values=values, errors=errors, status=422)
    return _next(services.pay(payment=payment, card=card, origin=_origin(request)), request)


@require_http_methods(["GET", "POST"])
def challenge(request, token):
    """The 3-D Secure test page: the bank asks the payer, the payer answers."""
    try:
        payment = _find(token)
    except Http404:
        return not_found_page()
    if payment.status != Payment.PENDING or not payment.challenge:
        return _secured(SeeOther(f"/pay/{token}"), payment)
    if request.method == "GET":
        return render(
            "challenge.html",
            payment,
            **_page(payment),
            state=payment.status,
            last4=payment.card_last4,
        )
    authorized = request.POST.get("answer") == "authorize"
    outcome = services.answer_challenge(
        payment=payment, authorized=authorized, origin=_origin(request)
    )
    return _next(outcome, request)


@require_POST
def cancel(request, token):
    try:
        payment = _find(token)
    except Http404:
        return not_found_page()
    events = services.settle(payment=payment, origin=_origin(request))
    payment = services.cancel(payment=payment)
    response = _secured(SeeOther(back_to_shop(payment)), payment)
    webhooks.send_after(response, events)
    return response


@require_GET
def asset(request, name):
    if name not in ASSETS:
        return not_found_page()
    response = HttpResponse(_asset(name), content_type=ASSETS[name])
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    response["X-Content-Type-Options"] = "nosniff"
    return response
