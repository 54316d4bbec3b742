"""Demo rows for the sandbox: the brands, users and bookings a fresh checkout shows
(``manage.py demo_data``).

Brands: fid 1 (the default brand), fid 42 (an agent's own brand), an agency on the white-label
suffix (acme.partners.localhost) and a custom host (travel.globex.localhost). Users (password
``demo-pass-2026``): a traveller, an agent (plan_id, fid 42), and a user with options packages,
crm and vouchers and the reservations action.

Bookings (``load_demo_bookings``, dates counted from today): the traveller's own, upcoming, past
and cancelled; the agent's (made under fid 42, two of them by the agent's own account), among
them a Hebrew-speaking guest in Tel Aviv and a Japanese-speaking one in Tokyo; and two under the
other agencies' fids, which only ``all=true`` shows. Each has fixed ids and reference, so loading
again updates them and never adds a second.
"""

from base64 import b64encode
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from xml.sax.saxutils import escape

from django.contrib.auth.hashers import make_password
from django.db import transaction

from .booking import services
from .inventory import rates
from .inventory.store import inventory
from .models import Account, Booking, Charge, Payment, Prebook, ProviderBrand, Refund
from .wordmarks import wordmarks

DEMO_PASSWORD = "demo-pass-2026"


def svg_data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + b64encode(svg.encode()).decode()


def _mark(color: str) -> str:
    return (
        f'<rect width="32" height="32" rx="8" fill="{color}"/><path d="M8 22V12.5L16 7l8 5.5V22"'
        ' fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>'
    )


# The room a letter of the name gets at 19 px bold, Latin and Hebrew: DejaVu Sans Bold, the
# widest of the fonts system-ui finds (Linux), takes 11.2-11.8 px a Latin letter and 10.3-10.6
# a Hebrew one; at 11 px for both, "Acme Travel" and "Globex Holidays" ran past the image's
# edge and were cut ("Acme Trave").
LETTER_WIDTH = {False: 11.5, True: 10.6}


def logo(name: str, color: str, text: str, *, rtl: bool = False) -> str:
    """The mark and the name; a right-to-left name is drawn from the right, beside a mark on
    the right, as Hebrew logos are read. The demo names are outlines (``wordmarks``: artwork
    that looks the same on every device and asks the visitor's system for no font); another
    name is drawn in the visitor's system font, held by ``textLength`` to its room whatever that
    font's widths: never cut at the edge."""
    outline = wordmarks().get(name)
    room = outline["width"] if outline else round(LETTER_WIDTH[rtl] * len(name))
    width = round(40 + room + 4)
    if rtl:
        mark = f'<g transform="translate({width - 32})">{_mark(color)}</g>'
        start = width - 40 - room
    else:
        mark, start = _mark(color), 40
    if outline:
        words = f'<path transform="translate({start:g} 23)" fill="{text}" d="{outline["path"]}"/>'
    else:
        anchor = 'x="40" y="23"'
        if rtl:
            anchor = f'x="{width - 40}" y="23" direction="rtl" text-anchor="start"'
        words = (
            f'<text {anchor} textLength="{room}" lengthAdjust="spacing" '
            f'font-family="system-ui,sans-serif" font-size="19" font-weight="700" '
            f'fill="{text}">{name}</text>'
        )
    return svg_data_uri(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="32" '
        f'viewBox="0 0 {width} 32"><title>{escape(name)}</title>{mark}{words}</svg>'
    )


def icon(color: str) -> str:
    return svg_data_uri(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" '
        f'viewBox="0 0 32 32">{_mark(color)}</svg>'
    )


def brand_config(*, fid, name, color, dark_color, white_label, he_name, socials=None, ga4=""):
    return {
        "id": fid,
        "fid": fid,
        "white_label": white_label,
        "name": name,
        "title": f"{name} — hotels at the best price",
        "home_page_title": f"{name}: hotel deals worldwide",
        "ga4": ga4,
        "favicon": icon(color),
        "icon": icon(color),
        "logo": {"light": logo(name, color, "#101828"), "dark": logo(name, dark_color, "#F2F4F7")},
        "translations": {
            "en": {
                "name": name,
                "title": f"{name} — hotels at the best price",
                "home_page_title": f"{name}: hotel deals worldwide",
            },
            "he": {
                "name": he_name,
                "title": f"{he_name} — מלונות במחיר הטוב ביותר",
                "home_page_title": f"{he_name}: מבצעי מלונות בכל העולם",
                "logo": {
                    "light": logo(he_name, color, "#101828", rtl=True),
                    "dark": logo(he_name, dark_color, "#F2F4F7", rtl=True),
                },
            },
        },
        "colors": {
            "brand": {"light": color, "dark": dark_color},
            "bgBrand": {"light": color, "dark": color},
            "bgBrandAlt": {"light": "#F4F4F5", "dark": "#1F2937"},
            "textBrand": {"light": "#FFFFFF", "dark": "#FFFFFF"},
            "textBrandAlt": {"light": color, "dark": dark_color},
        },
        "background": {},
        "socials": socials or {},
    }


BRANDS = [
    (
        ProviderBrand.AGENT,
        "1",
        brand_config(
            fid=1,
            name="Travelnest",
            color="#044AFF",
            dark_color="#7FA4FF",
            white_label=False,
            he_name="טרוולנסט",
            socials={
                "facebook": "https://www.facebook.com/",
                "instagram": "https://www.instagram.com/",
                "youtube": "https://www.youtube.com/",
            },
        ),
    ),
    (
        ProviderBrand.AGENT,
        "42",
        brand_config(
            fid=42,
            name="Sunny Trips",
            color="#B54708",
            dark_color="#FDB022",
            white_label=False,
            he_name="סאני טריפס",
            socials={"whatsapp": "https://wa.me/15550100"},
        ),
    ),
    (
        ProviderBrand.AGENCY,
        "acme.partners.localhost",
        brand_config(
            fid=77,
            name="Acme Travel",
            color="#067647",
            dark_color="#47CD89",
            white_label=True,
            he_name="אקמי טראוול",
            socials={"linkedin": "https://www.linkedin.com/"},
        ),
    ),
    (
        ProviderBrand.WHITE_LABEL,
        "travel.globex.localhost",
        brand_config(
            fid=88,
            name="Globex Holidays",
            color="#6941C6",
            dark_color="#B692F6",
            white_label=True,
            he_name="גלובקס חופשות",
            socials={"twitter": "https://x.com/"},
        ),
    ),
]

USERS = [
    {"email": "traveller@example.com", "name": "Tess Traveller"},
    {"email": "agent@example.com", "name": "Ada Agent", "plan_id": 3, "fid": "42"},
    {
        "email": "power@example.com",
        "name": "Pat Power",
        "options": {"packages": True, "crm": True, "vouchers": True},
        "actions": ["reservations"],
    },
]


def load_demo_data() -> None:
    """Create or update the demo rows (idempotent)."""
    for kind, key, config in BRANDS:
        ProviderBrand.objects.update_or_create(kind=kind, key=key, defaults={"config": config})
    password = make_password(DEMO_PASSWORD)
    for user in USERS:
        defaults = {
            "name": user["name"],
            "password": password,
            "plan_id": user.get("plan_id"),
            "options": user.get("options", {}),
            "actions": user.get("actions", []),
            "fid": user.get("fid", ""),
        }
        Account.objects.update_or_create(email=user["email"], defaults=defaults)


# --- bookings -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class DemoBooking:
    """A booking to show: ``starts`` days from today for ``nights``, in the ``rank``-th hotel of
    ``place`` that sells the stay (or the next one that does), ``booked`` days ago; cancelled
    ``cancelled`` days ago when set."""

    slug: str
    reference: str
    place: int
    starts: int
    nights: int
    currency: str
    holder: dict
    guests: list = field(default_factory=list)
    account: str | None = None
    fid: str = "1"
    locale: str = "en"
    guest_country: str = ""
    refundable: bool = True
    booked: int = 10
    cancelled: int | None = None
    special_requests: str = ""


def _holder(first, last, email, phone, country):
    return {"first_name": first, "last_name": last, "email": email, "phone": phone,
            "country": country}  # fmt: skip


TESS = _holder("Tess", "Traveller", "traveller@example.com", "+44 20 7946 0958", "gb")
BOOKINGS = [
    # The traveller's own (account traveller@example.com, the platform's brand: no commission).
    DemoBooking("tess-barcelona", "TN-TESS2A", 2002, 35, 3, "EUR", TESS,
                account="traveller@example.com", booked=6,
                special_requests="A quiet room, please."),
    DemoBooking("tess-paris", "TN-TESS3B", 2012, 4, 2, "EUR", TESS,
                account="traveller@example.com", booked=20),
    DemoBooking("tess-rome", "TN-TESS4C", 2014, -45, 4, "EUR", TESS,
                account="traveller@example.com", booked=80),
    DemoBooking("tess-london", "TN-TESS5D", 2013, 20, 2, "GBP", TESS,
                account="traveller@example.com", booked=25, cancelled=5),
    # The agent's: booked under fid 42 (Sunny Trips), for the agent's clients.
    DemoBooking("sunny-tel-aviv", "TN-SUNY2A", 2005, 21, 3, "ILS",
                _holder("Noa", "Levi", "noa.levi@example.co.il", "+972 52 123 4567", "il"),
                [{"first_name": "Noa", "last_name": "Levi"}], account="agent@example.com",
                fid="42", locale="he", guest_country="il", booked=3,
                special_requests="Late arrival, around 23:00."),
    DemoBooking("sunny-tokyo", "TN-SUNY3B", 2016, 50, 5, "JPY",
                _holder("Haruto", "Sato", "haruto.sato@example.jp", "+81 90 1234 5678", "jp"),
                [{"first_name": "Haruto", "last_name": "Sato"}], account="agent@example.com",
                fid="42", locale="ja", guest_country="jp", booked=2),
    DemoBooking("sunny-kyoto", "TN-SUNY4C", 2040, 70, 2, "JPY",
                _holder("Yui", "Tanaka", "yui.tanaka@example.jp", "+81 80 2345 6789", "jp"),
                fid="42", locale="ja", guest_country="jp", refundable=False, booked=1),
    DemoBooking("sunny-new-york", "TN-SUNY5D", 2015, -30, 3, "USD",
                _holder("Emily", "Carter", "emily.carter@example.com", "+1 212 555 0147", "us"),
                fid="42", booked=60),
    DemoBooking("sunny-berlin", "TN-SUNY6E", 2001, -90, 2, "EUR",
                _holder("Lukas", "Schmidt", "lukas.schmidt@example.de", "+49 30 901820", "de"),
                fid="42", locale="de", guest_country="de", booked=120),
    DemoBooking("sunny-eilat", "TN-SUNY7F", 2007, 12, 4, "ILS",
                _holder("Yossi", "Cohen", "yossi.cohen@example.co.il", "+972 54 765 4321", "il"),
                [{"first_name": "Yossi", "last_name": "Cohen"}], fid="42", locale="he",
                guest_country="il", booked=30, cancelled=2),
    # Under the other agencies' fids: only a user with the reservations action sees them all.
    DemoBooking("acme-amsterdam", "TN-ACME2A", 2004, 15, 2, "EUR",
                _holder("Pat", "Power", "power@example.com", "+31 20 555 0100", "nl"),
                account="power@example.com", fid="77", booked=4),
    DemoBooking("globex-jerusalem", "TN-GLBX2A", 2006, -10, 3, "ILS",
                _holder("Tamar", "Mizrahi", "tamar.mizrahi@example.co.il", "+972 2 624 1234",
                        "il"),
                fid="88", locale="he", guest_country="il", booked=40),
]  # fmt: skip


def _offer(demo: DemoBooking, check_in):
    """The first hotel of the place, from its rank down, that sells the stay: (key, offer,
    held price)."""
    stay = rates.Stay(check_in, check_in + timedelta(days=demo.nights), ((2, ()),), demo.currency)
    for hotel_id in inventory().city_hotels[demo.place]:
        hotel = inventory().hotels[hotel_id]
        for room in hotel.rooms:
            key = rates.OfferKey(hotel.id, room.index, hotel.boards[-1], demo.refundable, stay)
            held = services.held_offer(key, guest_country=demo.guest_country)
            if held is not None:
                return key, *held
    raise LookupError(f"no hotel of place {demo.place} sells {demo.slug}'s stay")


def _save_booking(demo: DemoBooking, now: datetime, accounts: dict) -> Booking:
    check_in = now.date() + timedelta(days=demo.starts)
    booked_at = now - timedelta(days=demo.booked, hours=3)
    key, offer, price = _offer(demo, check_in)
    account = accounts.get(demo.account)
    prebook, _ = Prebook.objects.update_or_create(
        public_id=f"pb_demo_{demo.slug}",
        defaults={
            "key": None,
            "request_hash": "demo",
            "offer_id": rates.offer_id(key),
            "hotel_id": key.hotel_id,
            "room_id": offer["room_id"],
            "board": offer["board"],
            "refundable": offer["refundable"],
            "check_in": key.stay.check_in,
            "check_out": key.stay.check_out,
            "occupancies": [{"adults": 2, "children": []}],
            "currency": price["currency"],
            "guest_country": demo.guest_country,
            "price": price,
            "cancellation": offer["cancellation"],
            "pay_now": Decimal(str(price["pay_now"])),
            "status": Prebook.BOOKED,
            "expires_at": booked_at + timedelta(minutes=15),
            "account": account,
        },
    )
    guests = demo.guests or [
        {"first_name": demo.holder["first_name"], "last_name": demo.holder["last_name"]}
    ]
    payment, _ = Payment.objects.update_or_create(
        public_id=f"pay_demo_{demo.slug}",
        defaults={
            "token": f"demo-{demo.slug}",
            "key": f"demo-{demo.slug}",
            "request_hash": "demo",
            "prebook": prebook,
            "status": Payment.SUCCEEDED,
            "failure_code": "",
            "amount": prebook.pay_now,
            "currency": prebook.currency,
            "holder": demo.holder,
            "guests": guests,
            "special_requests": demo.special_requests,
            "return_url": "https://www.example.com/",
            "locale": demo.locale,
            "fid": demo.fid,
            "account": account,
            "card_brand": "visa",
            "card_last4": "4242",
        },
    )
    Charge.objects.update_or_create(
        payment=payment,
        defaults={"amount": payment.amount, "currency": payment.currency, "card_last4": "4242"},
    )
    fields = services.booking_fields(payment)
    cancel = {"status": Booking.CONFIRMED, "cancelled_at": None, "penalty": None, "refund": None,
              "cancel_key": None, "cancel_hash": ""}  # fmt: skip
    if demo.cancelled is not None:
        cancelled_at = now - timedelta(days=demo.cancelled)
        quote = services.cancellation_quote(Booking(**fields), cancelled_at)
        cancel = {"status": Booking.CANCELLED, "cancelled_at": cancelled_at,
                  "penalty": quote.penalty, "refund": quote.refund, "commission": 0,
                  "cancel_key": f"demo-{demo.slug}", "cancel_hash": "demo"}  # fmt: skip
    booking, _ = Booking.objects.update_or_create(
        public_id=f"bk_demo_{demo.slug}",
        defaults={"reference": demo.reference, **fields, **cancel},
    )
    if booking.refund:
        Refund.objects.update_or_create(
            booking=booking,
            defaults={"amount": booking.refund, "currency": booking.currency},
        )
        Refund.objects.filter(booking=booking).update(created=booking.cancelled_at)
    else:
        Refund.objects.filter(booking=booking).delete()
    for model, pk in ((Prebook, prebook.pk), (Payment, payment.pk), (Booking, booking.pk)):
        model.objects.filter(pk=pk).update(created=booked_at)
    return booking


def load_demo_bookings(now: datetime | None = None) -> list[Booking]:
    """Create or update the demo bookings (idempotent; the users first)."""
    now = now or datetime.now(UTC)
    accounts = {a.email: a for a in Account.objects.filter(email__in=[u["email"] for u in USERS])}
    with transaction.atomic():
        return [_save_booking(demo, now, accounts) for demo in BOOKINGS]
