"""The traveller's pages after a booking (``docs/reservations.md``):

- ``/account/reservations``: the logged-in user's bookings from the provider, by tab (upcoming,
  past, cancelled), a page at a time; the ones still being confirmed on top of "upcoming";
- ``/account/reservations/{uuid}``: one of them, with what cancelling costs today and the
  cancel itself (quoted first, confirmed, done once);
- ``/reservation``: a guest finds a booking by its reference and email, and manages it (the
  same page and cancel) for as long as the provider's token lasts.

Nothing here is cached (``render_page(public=False)``, ``no-store``); every answer is the
provider's word now, asked with the visitor's own credentials (``services``).
"""

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation

from django.http import Http404, HttpResponseRedirect
from django.utils.cache import patch_cache_control

from storefront.catalog.formatting import format_day, format_money, format_stay
from storefront.checkout.models import Transaction
from storefront.i18n.catalog import translate
from storefront.pages.responses import provider_down
from storefront.pages.views import render_page
from storefront.upstream import reservations as upstream
from storefront.upstream.errors import UpstreamError, UpstreamNotFound, UpstreamUnauthorized
from storefront.web.links import page_url
from storefront.web.session_user import current_user

from . import services
from .presenters import facts, guests_count, quote_words

TABS = ("upcoming", "past", "cancelled")
PER_PAGE = 10
REFERENCE_MAX = 32


def _today():
    return datetime.now(UTC).date()


def _render(request, page_name, context, **params):
    response = render_page(
        request, page_name=page_name, extra_context=context, public=False, **params
    )
    if hasattr(response, "is_page"):
        patch_cache_control(response, private=True, no_store=True)
    return response


def _down(request, page_name, **params):
    return provider_down(_render(request, page_name, {"provider_down": True}, **params))


def _url(request, name: str, **kwargs) -> str:
    """A page in the visitor's locale, carrying their agent's fid."""
    return page_url(name, request.visitor.locale, fid=request.visitor.fid, **kwargs)


def _number(text, default=1) -> int:
    try:
        return max(1, min(int(text), 10_000))
    except (TypeError, ValueError):
        return default


# --- My reservations -------------------------------------------------------------------------


def reservations_page(request, *, page_name, **params):
    """``/account/reservations?status=upcoming|past|cancelled&page=N``."""
    user = current_user(request)
    credentials = services.account_credentials(request)
    if user is None or credentials is None:
        return render_page(request, page_name=page_name, **params)  # to log in, and back
    locale = request.visitor.locale
    tab = request.GET.get("status") if request.GET.get("status") in TABS else "upcoming"
    number = _number(request.GET.get("page"))
    try:
        listing = upstream.bookings(
            cookies=credentials.cookies, locale=locale, status=tab, page=number, per_page=PER_PAGE
        )
    except UpstreamError:
        return _down(request, page_name, **params)
    rows = [_row(request, reservation) for reservation in listing.reservations]
    pending = _pending(request, user) if tab == "upcoming" and number == 1 else []

    def url(status, page=1):
        query = {"status": status} | ({"page": page} if page > 1 else {})
        return _url(request, "account-reservations", query=query)

    context = {
        "tabs": [(key, url(key), key == tab) for key in TABS],
        "tab": tab,
        "rows": pending + rows,
        "pages": {
            "page": listing.page,
            "pages": listing.pages,
            "previous": url(tab, listing.page - 1) if listing.page > 1 else "",
            "next": url(tab, listing.page + 1) if listing.page < listing.pages else "",
        },
        "search_url": _url(request, "home"),
    }
    return _render(request, page_name, context, **params)


def _row(request, reservation: upstream.Reservation) -> dict:
    locale = request.visitor.locale
    words = facts(reservation, locale, today=_today())
    return words | {
        "stay": format_stay(reservation.check_in, reservation.check_out, locale),
        "url": _url(request, "account-reservations-uuid", uuid=services.link(reservation.id)),
    }


def _pending(request, user) -> list[dict]:
    """This account's payments still being confirmed: shown, so that a booking never seems lost
    between the payment and the provider's word."""
    locale, rows = request.visitor.locale, []
    for sale in Transaction.objects.filter(account_id=user.key, state=Transaction.PAYING)[:5]:
        summary = sale.summary
        try:
            check_in = datetime.fromisoformat(summary["check_in"]).date()
            check_out = datetime.fromisoformat(summary["check_out"]).date()
        except (KeyError, ValueError):
            continue
        occupancies = [(a, tuple(ages)) for a, ages in summary.get("occupancies", [])]
        rows.append(
            {
                "status": "pending",
                "reference": "",
                "hotel": summary.get("hotel", ""),
                "stay": format_stay(check_in, check_out, locale),
                "nights": summary.get("nights", 0),
                "guests": guests_count(occupancies),
                "total": format_money(sale.pay_now, sale.currency, locale),
                "url": _url(
                    request, "transaction-transactionUuid-success", transactionUuid=sale.uuid
                ),
            }
        )
    return rows


# --- One reservation, and cancelling it ------------------------------------------------------


def reservation_page(request, *, page_name, uuid, **params):
    """``/account/reservations/{uuid}``: one of the user's bookings (another's, or no booking at
    all, is a 404), and cancelling it."""
    credentials = services.account_credentials(request)
    if current_user(request) is None or credentials is None:
        return render_page(request, page_name=page_name, uuid=uuid, **params)
    booking_id = services.booking_id_of(uuid)
    if booking_id is None:
        raise Http404
    here = _url(request, "account-reservations-uuid", uuid=uuid)
    return _manage(
        request, page_name, booking_id, credentials, here=here, params={"uuid": uuid, **params}
    )


def _manage(request, page_name, booking_id, credentials, *, here: str, params: dict):
    """One booking as its reader may see it, the cost of cancelling it now, and the cancel
    (POST ``cancel`` with the penalty confirmed). Shared by the account's page and the guest's."""
    locale = request.visitor.locale
    notice = None
    if request.method == "POST" and request.POST.get("action") == "cancel":
        expected = _penalty(request.POST.get("expected_penalty"))
        if expected is None:
            return HttpResponseRedirect(here)
        try:
            services.cancel(
                booking_id,
                expected_penalty=expected,
                credentials=credentials,
                locale=locale,
                host=request.get_host(),
                fid=str(request.visitor.fid),
            )
        except UpstreamNotFound as error:
            raise Http404 from error
        except UpstreamUnauthorized:
            services.forget_guest_access(request)
            return HttpResponseRedirect(here)
        except UpstreamError as error:
            if error.code == "penalty_changed":
                notice = ("warning", "reservations.cancel.changed")
            elif error.code == "stay_started":
                notice = ("warning", "reservations.cancel.started")
            elif error.status == 403:
                notice = ("warning", "reservations.cancel.not_yours")
            else:
                notice = ("error", "reservations.cancel.unavailable")
        else:
            return HttpResponseRedirect(f"{here}{'&' if '?' in here else '?'}cancelled=1")
    try:
        reservation = upstream.reservation(booking_id, locale=locale, **credentials.kwargs())
    except UpstreamNotFound as error:
        raise Http404 from error
    except UpstreamUnauthorized:
        services.forget_guest_access(request)
        return HttpResponseRedirect(here)
    except UpstreamError:
        return _down(request, page_name, **params)
    quote, refusal = None, ""
    if not reservation.cancelled:
        try:
            quote = upstream.cancellation_quote(booking_id, locale=locale, **credentials.kwargs())
        except UpstreamError as error:
            refusal = {
                "stay_started": "reservations.cancel.started",
                "forbidden": "reservations.cancel.not_yours",
            }.get(error.code, "reservations.cancel.quote_unavailable")
    if request.GET.get("cancelled") and reservation.cancelled:
        notice = ("success", "reservations.cancel.done")
    words = facts(
        reservation, locale, today=_today(), room_type=services.room_type_of(reservation, locale)
    )
    context = {
        "booking": words,
        "reservation": reservation,
        "quote": quote_words(quote, locale) if quote else None,
        "refusal": refusal,
        "confirming": request.GET.get("cancel") == "1" and quote is not None,
        "here": here,
        "notice_key": notice,
        "notice_email": reservation.holder.get("email", ""),
        "cancelled_on": format_day(reservation.cancelled_at.date(), locale)
        if reservation.cancelled_at
        else "",
    }
    return _render(request, page_name, context, **params)


def _penalty(text) -> Decimal | None:
    try:
        value = Decimal(str(text))
    except (InvalidOperation, ValueError):
        return None
    return value if value.is_finite() and value >= 0 else None


# --- Finding a booking without an account ----------------------------------------------------


def lookup_page(request, *, page_name, **params):
    """``/reservation``: the reference and email form; once they match, the booking itself
    (managed as on the account's page) while the provider's token for it lasts."""
    here = _url(request, "reservation")
    if request.method == "POST" and request.POST.get("action") == "forget":
        services.forget_guest_access(request)
        return HttpResponseRedirect(here)
    if request.method == "POST" and request.POST.get("action") == "lookup":
        return _look_up(request, page_name, here, params)
    access = services.guest_access(request)
    if access is not None:
        booking_id, credentials = access
        return _manage(request, page_name, booking_id, credentials, here=here, params=params)
    return _render(request, page_name, {"lookup": {"values": {}, "errors": {}}}, **params)


def _look_up(request, page_name, here, params):
    locale = request.visitor.locale
    reference = " ".join(str(request.POST.get("reference", "")).split()).upper()
    email = str(request.POST.get("email", "")).strip()
    errors = {}
    if not reference:
        errors["reference"] = translate("book.errors.required", locale)
    elif len(reference) > REFERENCE_MAX:
        errors["reference"] = translate("book.errors.too_long", locale)
    if not email:
        errors["email"] = translate("book.errors.required", locale)
    elif len(email) > 254 or "@" not in email:
        errors["email"] = translate("book.errors.email_invalid", locale)
    form_error, status = "", 200
    if not errors:
        try:
            services.look_up(request, reference=reference, email=email, locale=locale)
        except services.LookupThrottled:
            form_error, status = translate("reservations.lookup.throttled", locale), 429
        except UpstreamNotFound:
            form_error = translate("reservations.lookup.not_found", locale)
        except UpstreamError:
            return _down(request, page_name, **params)
        else:
            return HttpResponseRedirect(here)
    context = {
        "lookup": {
            "values": {"reference": reference, "email": email},
            "errors": errors,
            "form_error": form_error,
        }
    }
    response = _render(request, page_name, context, **params)
    response.status_code = status
    return response
