"""Vouchers (``/vouchers``): what a traveller shows at the hotel's reception, one per confirmed
booking of their own account, upcoming or stayed (a cancelled booking has none).

Whose bookings is the provider's ``account=me`` listing with the visitor's own credentials: a
user whose actions include ``reservations`` may read every booking of the agency, but a voucher
is only ever for the account's own, so one voucher is looked up in that listing too, never read
by its id alone. The reference is written out and drawn as a QR code (segno, an SVG made here:
no script), so the reception can type it or scan it.
"""

from dataclasses import dataclass
from datetime import UTC, datetime

import segno
from markupsafe import Markup

from storefront.upstream import reservations as upstream
from storefront.web.links import page_url

from .presenters import facts
from .services import Credentials, link, room_type_of

PER_PAGE = 100  # the provider's largest page: an account's bookings in one or two calls
CONFIRMED = ("upcoming", "past")  # the listing's statuses that are confirmed bookings


@dataclass(frozen=True)
class Voucher:
    uuid: str  # the booking's address (``services.link``): ``/vouchers?booking=<uuid>``
    booking_id: str
    words: dict  # ``presenters.facts``: the booking in the visitor's locale
    qr_svg: Markup  # the reference as a QR code, an inline ``<svg>`` (segno's: paths only)
    url: str  # the voucher alone
    pdf_url: str  # its PDF

    @property
    def reference(self) -> str:
        return self.words["reference"]


def confirmed(credentials: Credentials, locale: str) -> dict[str, list[upstream.Reservation]]:
    """The account's confirmed bookings by listing status (``upcoming``, then ``past``), every
    page of each. Raises ``UpstreamError`` when the provider does not answer."""
    found = {}
    for status in CONFIRMED:
        rows, page, pages = [], 1, 1
        while page <= pages:
            listing = upstream.bookings(
                cookies=credentials.cookies,
                locale=locale,
                status=status,
                page=page,
                per_page=PER_PAGE,
            )
            rows.extend(r for r in listing.reservations if not r.cancelled)
            page, pages = page + 1, listing.pages
        found[status] = rows
    return found


def qr_svg(reference: str) -> Markup:
    """The reference as a QR code: an ``<svg>`` without an XML declaration or a fixed size (the
    page and the PDF size it), black modules on white with the quiet zone the standard asks
    for, so a phone's camera reads it on paper and on a dark screen alike."""
    code = segno.make_qr(reference, error="m")
    return Markup(code.svg_inline(scale=1, dark="#000", light="#fff", omitsize=True, border=4))


def voucher(reservation: upstream.Reservation, locale: str, fid: int) -> Voucher:
    today = datetime.now(UTC).date()  # the provider's "today" for upcoming and past
    uuid = str(link(reservation.id))
    return Voucher(
        uuid=uuid,
        booking_id=reservation.id,
        words=facts(reservation, locale, today=today, room_type=room_type_of(reservation, locale)),
        qr_svg=qr_svg(reservation.reference),
        url=page_url("vouchers", locale, fid=fid, query={"booking": uuid}),
        pdf_url=page_url("vouchers", locale, fid=fid, query={"booking": uuid, "format": "pdf"}),
    )
