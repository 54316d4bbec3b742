"""The email that says a booking was cancelled: plain text and HTML, in the locale it was
cancelled in (right to left for Hebrew and Arabic) and the brand it was booked under, with the
penalty kept and the refund given back. Sent once a booking by the outbox
(``services.CANCELLATION_MAILS``)."""

from datetime import UTC, datetime

from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from storefront.brands.selectors import link_origin
from storefront.brands.templating import brand_asset
from storefront.checkout.emails import brand_of
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.upstream.reservations import Reservation

from .models import CancellationMail
from .presenters import facts


def cancellation_message(
    item: CancellationMail, reservation: Reservation
) -> EmailMultiAlternatives:
    locale = LOCALES.get(item.locale) or LOCALES["en"]
    code = locale.code
    brand = brand_of(item.host, item.fid or 1)
    origin = link_origin(host=item.host)
    logo = brand_asset(brand.logo_for(code)["light"])
    context = {
        "locale": locale,
        "brand_name": brand.text("name", code),
        "logo": logo if logo.startswith(("http://", "https://", "data:")) else origin + logo,
        "colors": {token: values["light"] for token, values in brand.colors.items()},
        "booking": facts(reservation, code, today=datetime.now(UTC).date()),
        "recipient": item.email,
        "account_url": f"{origin}{locale.prefix}/account/reservations",
        "lookup_url": f"{origin}{locale.prefix}/reservation",
    }
    subject = translate(
        "reservations.email.subject",
        code,
        reference=reservation.reference,
        hotel=reservation.hotel_name,
    )
    text = render_to_string("emails/cancellation.txt", context, using="jinja2")
    html = render_to_string("emails/cancellation.html", context, using="jinja2")
    message = EmailMultiAlternatives(subject=str(subject), body=text, to=[item.email])
    message.attach_alternative(html, "text/html")
    return message
