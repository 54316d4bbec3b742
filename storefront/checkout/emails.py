"""The confirmation email of a booked transaction: plain text and HTML, in the visitor's locale
(right to left for Hebrew and Arabic) and the brand it was sold under (its name, logo and
colours), sent through Django's mail (``EMAIL_URL``: the console by default, SMTP when
configured). The outbox sends it once (``services.CONFIRMATIONS``)."""

from datetime import date

from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string

from storefront.brands.selectors import brand_for, fallback_brand, link_origin, lookup
from storefront.brands.templating import brand_asset
from storefront.catalog.formatting import format_day, format_moment, format_money
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import LOCALES

from .models import Transaction


def brand_of(host: str, fid):
    """The brand a sale was made under (its host and fid), for the emails about it."""
    try:
        kind, key = lookup(host=host, fid=fid)
        return brand_for(kind=kind, key=key) or fallback_brand()
    except Exception:  # noqa: BLE001 — the provider down: the platform's brand, not no email
        return fallback_brand()


def confirmation_message(sale: Transaction) -> EmailMultiAlternatives:
    locale = LOCALES.get(sale.locale) or LOCALES["en"]
    code = locale.code
    brand = brand_of(sale.host, sale.fid)
    origin = link_origin(host=sale.host)
    logo = brand_asset(brand.logo_for(code)["light"])
    summary = sale.summary
    room_key = f"room_types.{summary.get('room_type', '')}"
    context = {
        "locale": locale,
        "sale": sale,
        "recipient": sale.email,
        "brand_name": brand.text("name", code),
        "logo": logo if logo.startswith(("http://", "https://", "data:")) else origin + logo,
        "colors": {token: values["light"] for token, values in brand.colors.items()},
        "hotel": summary.get("hotel", ""),
        "room": translate(room_key, code) if room_key in messages("en") else "",
        "check_in": format_day(date.fromisoformat(summary["check_in"]), code),
        "check_out": format_day(date.fromisoformat(summary["check_out"]), code),
        "paid": format_money(sale.pay_now, sale.currency, code),
        "at_hotel": format_money(sale.pay_at_hotel, sale.currency, code)
        if sale.pay_at_hotel
        else "",
        "free_until": format_moment(summary["free_until"], code)
        if summary.get("free_until")
        else "",
        "refundable": summary.get("refundable", False),
        "account_url": f"{origin}{locale.prefix}/account/reservations",
    }
    subject = translate(
        "email.subject", code, reference=sale.booking_reference, hotel=context["hotel"]
    )
    text = render_to_string("emails/confirmation.txt", context, using="jinja2")
    html = render_to_string("emails/confirmation.html", context, using="jinja2")
    message = EmailMultiAlternatives(subject=str(subject), body=text, to=[sale.email])
    message.attach_alternative(html, "text/html")
    return message
