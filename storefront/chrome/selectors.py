"""Which links the chrome shows, by role, locale, country and brand (spec sections 2 and 6).

Every function returns plain ``Link`` rows; templates only lay them out. Labels are catalog keys.
External targets come from ``settings.EXTERNAL_LINKS``, the one table of outside addresses.
"""

from dataclasses import dataclass

from storefront.brands.brand import SOCIAL_NETWORKS
from storefront.brands.defaults import DEFAULT_FID
from storefront.pages import routes
from storefront.web.links import external_url, page_url
from storefront.web.session_user import SessionUser

# The fixed city pages: the Hebrew footer links them as whole "Hotels in {city}" sentences.
CITY_PAGES = tuple(f"hotels-places-{country}-{city}" for country, city in routes.CITY_PAGES)


@dataclass(frozen=True)
class Link:
    id: str  # stable identifier, used by tests and as the element's data-link
    label: str  # catalog key
    href: str
    external: bool = False


def header_nav(*, user: SessionUser | None, locale: str, fid: int, brand=None) -> list[Link]:
    """Hotels; agents' platform links or, for others, the platform's Join as an Agent and
    Reservation Management (not on white-label sites, which do not recruit for the platform)."""
    links = [Link("hotels", "nav.hotels", page_url("hotels", locale, fid=fid))]
    if user and user.is_agent:
        links += [
            Link("flights", "nav.flights", external_url("flights"), external=True),
            Link("cars", "nav.cars", external_url("cars"), external=True),
            Link("tickets", "nav.tickets", external_url("tickets"), external=True),
        ]
    elif not (brand and brand.white_label):
        links += [
            Link(
                "join-agent",
                "nav.join_agent",
                external_url("join_agent", locale, query={"ref": fid}),
                external=True,
            ),
            Link(
                "reservation-management",
                "nav.reservation_management",
                external_url("reservation_management", locale),
                external=True,
            ),
        ]
    if user and "packages" in user.options:
        links.append(Link("packages", "nav.packages", page_url("packages", locale, fid=fid)))
    if user and "crm" in user.options:
        links.append(Link("carts", "nav.carts", external_url("sales"), external=True))
    return links


def account_menu(
    *, user: SessionUser | None, locale: str, fid: int = DEFAULT_FID, back_to: str = ""
) -> list[Link]:
    """Login, or the account links; login and logout bring the visitor back to ``back_to``."""
    back = {"next": back_to} if back_to else {}
    if user is None:
        return [Link("login", "account.login", page_url("login", locale, fid=fid, query=back))]
    links = []
    dashboard = page_url("dashboard-bookings", locale, fid=fid)
    everyone = page_url("dashboard-bookings", locale, fid=fid, query={"all": "true"})
    if user.is_agent:
        links.append(Link("dashboard", "account.dashboard", dashboard))
    links.append(
        Link(
            "my-reservations",
            "account.my_reservations",
            page_url("account-reservations", locale, fid=fid),
        )
    )
    if "vouchers" in user.options:
        links.append(
            Link("my-vouchers", "account.my_vouchers", page_url("vouchers", locale, fid=fid))
        )
    # A booking's confirmation number is found by its reference: the dashboard's search box
    # (#find) for those who may see the dashboard, else the visitor's own reservations.
    if user.is_agent:
        find = f"{dashboard}#find"
    elif "reservations" in user.actions:
        find = f"{everyone}#find"
    else:
        find = page_url("account-reservations", locale, fid=fid)
    links.append(Link("hotel-confirmation", "account.hotel_confirmation", find))
    if "reservations" in user.actions:
        links.append(
            Link(
                "all-reservations",
                "account.all_reservations",
                everyone,
            )
        )
    links.append(
        Link(
            "logout",
            "account.logout",
            page_url("login", locale, fid=fid, query={"logout": "1", **back}),
        )
    )
    return links


def footer_sections(
    *, brand, user: SessionUser | None, locale: str, country: str | None, fid: int
) -> list[tuple[str, list[Link]]]:
    """(heading key, links) per footer column; white-label brands get terms, privacy, hotels."""
    terms, privacy = legal_links(locale=locale, fid=fid)
    hotels = Link("hotels", "nav.hotels", page_url("hotels", locale, fid=fid))
    if brand.white_label:
        return [("footer.company", [terms, privacy, hotels])]
    company = [
        Link("about", "footer.about", external_url("about"), external=True),
        Link("testimonials", "footer.testimonials", external_url("testimonials"), external=True),
        Link("faq", "footer.faq", external_url("faq"), external=True),
        Link("contact", "footer.contact", external_url("contact"), external=True),
        terms,
        privacy,
    ]
    services = [hotels]
    if locale == "he" or country == "IL":
        services.append(
            Link(
                "hotels-israel", "footer.hotels_israel", page_url("hotels-israel", locale, fid=fid)
            )
        )
    services += [
        Link("flights", "nav.flights", external_url("flights"), external=True),
        Link("cars", "nav.cars", external_url("cars"), external=True),
        Link("tickets", "nav.tickets", external_url("tickets"), external=True),
        Link(
            "join-agent",
            "nav.join_agent",
            external_url("join_agent", locale, query={"ref": fid}),
            external=True,
        ),
    ]
    sections = [("footer.company", company), ("footer.services", services)]
    if locale == "he":
        sections.append(
            (
                "footer.destinations",
                [
                    Link(route, f"pages.{route}.title", page_url(route, locale, fid=fid))
                    for route in CITY_PAGES
                ],
            )
        )
    return sections


def social_links(*, brand) -> list[Link]:
    """Only the networks the brand configures, in the spec's order."""
    return [
        Link(name, f"social.{name}", brand.socials[name], external=True)
        for name in SOCIAL_NETWORKS
        if brand.socials.get(name)
    ]


def shows_payments_line(*, country: str | None) -> bool:
    return country != "IL"


LEAD_PAGE = "become-an-agent"


def shows_promotion_banner(*, user: SessionUser | None, brand=None) -> bool:
    """Agents never see it; nor do white-label sites (it recruits for the platform)."""
    return not (user and user.is_agent) and not (brand and brand.white_label)


def shows_lead_popup(*, user: SessionUser | None, page) -> bool:
    """The lead popup (spec sections 1 and 4) invites visitors to become agents: never agents,
    only in the default layout (not minimal, clean or widget pages), and not on the lead
    form's own page."""
    if user and user.is_agent:
        return False
    return bool(page) and page.layout == "default" and page.name != LEAD_PAGE


def city_cards(*, locale: str, fid: int = DEFAULT_FID) -> list[dict]:
    """The fixed city pages as cards: slug, URL, and catalog keys of the city and country."""
    return [
        {
            "slug": city,
            "url": page_url(f"hotels-places-{country}-{city}", locale, fid=fid),
            "city_key": f"cities.{city}",
            "country_key": f"countries.{country}",
        }
        for country, city in routes.CITY_PAGES
    ]


def legal_links(*, locale: str, fid: int = DEFAULT_FID) -> list[Link]:
    """Terms and privacy: the small footer of the clean and minimal layouts."""
    return [
        Link("terms", "footer.terms", page_url("terms-of-use", locale, fid=fid)),
        Link("privacy", "footer.privacy", page_url("privacy-policy", locale, fid=fid)),
    ]
