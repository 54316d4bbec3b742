"""``/vouchers`` (``docs/vouchers.md``): the voucher of each confirmed booking of the logged-in
account, for users whose plan has ``options.vouchers`` (anyone else: the registry's rule, a login
or 403, before the provider is asked anything).

- ``/vouchers``: every voucher, upcoming stays first; printed, one a page (the print stylesheet).
- ``/vouchers?booking=<uuid>``: one voucher alone; a uuid that is not one of the account's
  confirmed bookings is a 404.
- ``/vouchers?booking=<uuid>&format=pdf``: that voucher as a PDF (``voucher_pdf.py``).

The provider down or slow: the page says so in the visitor's language, and no cache keeps it.
"""

import uuid

from django.http import Http404, HttpResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

from storefront.pages.responses import provider_down
from storefront.pages.views import render_page
from storefront.upstream.errors import UpstreamError
from storefront.web.links import page_url
from storefront.web.session_user import current_user

from . import voucher_pdf
from .services import account_credentials, booking_id_of
from .vouchers import confirmed, voucher


def vouchers_page(request, *, page_name, **params):
    credentials = account_credentials(request)
    user = current_user(request)
    if user is None or credentials is None or "vouchers" not in user.options:
        return render_page(request, page_name=page_name, public=False, **params)  # its rule
    locale, fid = request.locale, request.visitor.fid
    wanted = request.GET.get("booking")

    def page(context):
        response = render_page(
            request, page_name=page_name, extra_context=context, public=False, **params
        )
        patch_cache_control(response, private=True, no_store=True)  # a traveller's own bookings
        return response

    try:
        found = confirmed(credentials, locale.code)
    except UpstreamError:
        return provider_down(page({"provider_down": True}))
    if wanted:
        booking_id = booking_id_of(_uuid(wanted))
        chosen = next((r for rows in found.values() for r in rows if r.id == booking_id), None)
        if chosen is None:
            raise Http404
        one = voucher(chosen, locale.code, fid)
        if request.GET.get("format") == "pdf":
            return _pdf(one, request)
        return page({"single": one, "all_url": page_url("vouchers", locale.code, fid=fid)})
    groups = [
        (status, [voucher(r, locale.code, fid) for r in rows]) for status, rows in found.items()
    ]
    return page({"groups": [(status, shown) for status, shown in groups if shown]})


def _uuid(text: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(text)
    except ValueError:
        return None


def _pdf(one, request) -> HttpResponse:
    pdf = voucher_pdf.render(one, locale=request.locale, brand=request.brand)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="voucher-{_file_part(one.reference)}.pdf"'
    patch_cache_control(response, private=True, no_store=True)
    response["X-Robots-Tag"] = "noindex"
    patch_vary_headers(response, ("Cookie",))
    return response


def _file_part(reference: str) -> str:
    """The reference as it may stand in a file name (the provider's are ``TN-7K3Q9P``)."""
    return "".join(c for c in reference if c.isascii() and (c.isalnum() or c in "-_")) or "booking"
