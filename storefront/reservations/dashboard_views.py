"""The agents' dashboard pages (``docs/dashboard.md``):

- ``/dashboard/bookings``: the agent's bookings (``?all=true``: every booking of the agency, for
  a user whose actions include ``reservations``), filtered, paged, with the totals of what is
  filtered; ``&format=csv`` downloads every row of it;
- ``/dashboard/bookings/{uuid}``: one of them, as the provider lets this user read it.

The page's access rule (the registry's ``bookings``) is answered first, by ``render_page``,
before the provider is asked anything: an anonymous visitor is sent to log in, a traveller gets
403. What it returns is a ``TemplateResponse``, rendered late: the view fills its context in
then, or answers otherwise (the CSV, a 404). The provider's answer is the word on the rest: 403
for a listing this user may not see, 404 for a booking they may not read.
"""

from dataclasses import replace
from datetime import UTC, datetime

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse

from storefront.catalog.formatting import format_money
from storefront.pages.responses import provider_down
from storefront.pages.views import render_page
from storefront.upstream import reservations as upstream
from storefront.upstream.errors import UpstreamError, UpstreamNotFound, UpstreamUnauthorized
from storefront.web.links import page_url
from storefront.web.session_user import current_user

from . import dashboard
from .presenters import facts
from .services import account_credentials, booking_id_of, room_type_of


def _today():
    return datetime.now(UTC).date()  # the provider's "today" (upcoming and past) is UTC's


def _log_in_again(request):
    """The provider no longer knows the visitor's session: log in, and come back."""
    query = {"next": request.get_full_path(), "expired": "1"}
    return HttpResponseRedirect(page_url("login", request.locale.code, query=query))


def bookings_page(request, *, page_name, **params):
    """``/dashboard/bookings?from=…&to=…&status=…&q=…&page=…&all=true&format=csv``."""
    page = render_page(request, page_name=page_name, public=False, **params)
    if not isinstance(page, TemplateResponse):  # anonymous: sent to log in
        return page
    visitor, user = request.visitor, current_user(request)
    locale, fid = visitor.locale, visitor.fid
    filters = dashboard.Filters.from_query(request.GET)
    if filters.everyone and "reservations" not in user.actions:
        raise PermissionDenied  # every booking of the agency: the reservations action only
    if not user.is_agent:
        # A user with the reservations action but no agency of their own: their listing is the
        # agency's (the provider lists an agent's own only for agents), and its links say so.
        filters = replace(filters, everyone=True)
    page.context_data.update(
        {
            "filters": filters,
            "field_errors": filters.errors,
            "everyone": filters.everyone,
            "listing": None,
            "clear_url": dashboard.listing_url(
                locale, fid, dashboard.Filters(everyone=filters.everyone)
            ),
        }
    )
    if filters.errors:
        return page
    cookies = account_credentials(request).cookies
    try:
        if request.GET.get("format") == "csv":
            rows = dashboard.all_rows(cookies=cookies, locale=locale, filters=filters)
            return _csv_response(dashboard.csv_text(rows, locale, today=_today()))
        listing = upstream.agent_bookings(
            cookies=cookies,
            locale=locale,
            page=filters.page,
            per_page=dashboard.PER_PAGE,
            **filters.provider_kwargs(),
        )
    except UpstreamUnauthorized:
        return _log_in_again(request)
    except UpstreamError as error:
        if error.status == 403:
            raise PermissionDenied from error
        page.context_data["provider_down"] = True
        return provider_down(page)
    today = _today()
    page.context_data.update(
        {
            "listing": listing,
            "rows": [dashboard.row(item, locale, today=today, fid=fid) for item in listing.rows],
            "totals": dashboard.totals(listing, locale),
            "pages": dashboard.page_links(listing, locale, fid, filters),
            "csv_url": dashboard.listing_url(locale, fid, filters, page="", format="csv"),
        }
    )
    return page


def _csv_response(text: str) -> HttpResponse:
    response = HttpResponse(text.encode("utf-8"), content_type="text/csv; charset=utf-8")
    name = f"bookings-{_today().isoformat()}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "no-store"  # an agency's bookings: kept by no cache
    response["X-Content-Type-Options"] = "nosniff"
    return response


def booking_page(request, *, page_name, uuid, **params):
    """``/dashboard/bookings/{uuid}``: the booking as the provider lets this user read it; an
    unknown address or a booking they may not read is 404."""
    page = render_page(request, page_name=page_name, public=False, uuid=uuid, **params)
    if not isinstance(page, TemplateResponse):
        return page
    booking_id = booking_id_of(uuid)
    if booking_id is None:
        raise Http404
    visitor = request.visitor
    locale = visitor.locale
    everyone = {} if current_user(request).is_agent else {"all": "true"}
    page.context_data["back_url"] = page_url(
        "dashboard-bookings", locale, fid=visitor.fid, query=everyone
    )
    try:
        booking = upstream.reservation(
            booking_id, locale=locale, cookies=account_credentials(request).cookies
        )
    except UpstreamNotFound as error:
        raise Http404 from error
    except UpstreamUnauthorized:
        return _log_in_again(request)
    except UpstreamError:
        page.context_data["provider_down"] = True
        return provider_down(page)

    def money(amount):
        return format_money(amount, booking.currency, locale) if amount is not None else ""

    page.context_data.update(
        {
            "booking": facts(
                booking, locale, today=_today(), room_type=room_type_of(booking, locale)
            ),
            "net": money(booking.price.net) if booking.price else "",
            "commission": money(booking.commission),
        }
    )
    return page
