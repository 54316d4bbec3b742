"""Header, account menu and footer links by role, locale, country and brand (spec sections 2, 6)."""

import re
from dataclasses import replace
from html import unescape

import pytest

from storefront.brands.defaults import default_brand
from storefront.chrome import selectors
from storefront.web.session_user import SessionUser

TRAVELLER = SessionUser(name="Tess Traveller")
AGENT = SessionUser(name="Ada Agent", plan_id=3)
POWER = SessionUser(
    name="Pat Power",
    options=frozenset({"packages", "crm", "vouchers"}),
    actions=frozenset({"reservations"}),
)


def _ids(links):
    return [link.id for link in links]


@pytest.mark.parametrize(
    "user,expected",
    [
        (None, ["hotels", "join-agent", "reservation-management"]),
        (TRAVELLER, ["hotels", "join-agent", "reservation-management"]),
        (AGENT, ["hotels", "flights", "cars", "tickets"]),
        (POWER, ["hotels", "join-agent", "reservation-management", "packages", "carts"]),
    ],
)
def test_header_nav_by_role(user, expected):
    assert _ids(selectors.header_nav(user=user, locale="en", fid=1)) == expected


@pytest.mark.parametrize(
    "user,expected",
    [
        (None, ["login"]),
        (TRAVELLER, ["my-reservations", "hotel-confirmation", "logout"]),
        (AGENT, ["dashboard", "my-reservations", "hotel-confirmation", "logout"]),
        (
            POWER,
            ["my-reservations", "my-vouchers", "hotel-confirmation", "all-reservations", "logout"],
        ),
    ],
)
def test_account_menu_by_role(user, expected):
    assert _ids(selectors.account_menu(user=user, locale="en")) == expected


def test_all_reservations_goes_to_dashboard_bookings_with_all_true():
    link = selectors.account_menu(user=POWER, locale="de")[3]
    assert link.href == "/de/dashboard/bookings?all=true"


def test_join_and_reservation_links_are_per_language_with_ref(settings):
    he = {link.id: link.href for link in selectors.header_nav(user=None, locale="he", fid=42)}
    fr = {link.id: link.href for link in selectors.header_nav(user=None, locale="fr", fid=42)}
    assert he["join-agent"] == settings.EXTERNAL_LINKS["join_agent_he"] + "?ref=42"
    assert fr["join-agent"] == settings.EXTERNAL_LINKS["join_agent_en"] + "?ref=42"
    assert he["reservation-management"] == settings.EXTERNAL_LINKS["reservation_management_he"]


def _footer_ids(**kwargs):
    args = {"brand": default_brand(), "user": None, "locale": "en", "country": None, "fid": 1}
    args.update(kwargs)
    return {heading: _ids(links) for heading, links in selectors.footer_sections(**args)}


def test_footer_default():
    footer = _footer_ids()
    assert footer == {
        "footer.company": ["about", "testimonials", "faq", "contact", "terms", "privacy"],
        "footer.services": ["hotels", "flights", "cars", "tickets", "join-agent"],
    }


def test_footer_hotels_in_israel_for_he_or_country_il():
    assert "hotels-israel" in _footer_ids(locale="he")["footer.services"]
    assert "hotels-israel" in _footer_ids(country="IL")["footer.services"]
    assert "hotels-israel" in _footer_ids(locale="he", country="FR")["footer.services"]
    assert "hotels-israel" not in _footer_ids(locale="fr", country="FR")["footer.services"]


def test_footer_destinations_only_in_hebrew():
    assert _footer_ids(locale="he")["footer.destinations"] == list(selectors.CITY_PAGES)
    assert "footer.destinations" not in _footer_ids(locale="ar")


def test_white_label_footer_has_only_terms_privacy_hotels():
    brand = replace(default_brand(), white_label=True)
    assert _footer_ids(brand=brand) == {"footer.company": ["terms", "privacy", "hotels"]}


def test_social_links_only_where_configured():
    brand = replace(
        default_brand(),
        socials={
            "instagram": "https://instagram.example/x",
            "youtube": "",
            "facebook": "https://fb.example/x",
        },
    )
    assert _ids(selectors.social_links(brand=brand)) == ["facebook", "instagram"]
    assert selectors.social_links(brand=default_brand()) == []


# The same rules, seen in the rendered page.
def _link_ids(html, region):
    block = re.search(rf"<{region}\b.*?</{region}>", html, flags=re.S).group(0)
    return re.findall(r'data-link="([^"]+)"', block)


def test_rendered_header_for_anonymous_visitor(client):
    html = client.get("/favorites").content.decode()
    header = _link_ids(html, "header")
    assert header.count("hotels") == 1  # desktop nav only: /favorites has a back button
    assert {"join-agent", "reservation-management", "login"} <= set(header)
    assert "flights" not in header
    assert 'class="promo-banner"' in html


def test_payments_line_hidden_for_israel(client, settings):
    line = f"charged by {settings.PAYMENTS_ENTITY}"
    assert line in client.get("/hotels").content.decode()
    assert line not in client.get("/hotels?country=IL").content.decode()


def test_chosen_country_is_remembered(client):
    response = client.get("/hotels?country=IL")
    assert response.cookies["country"].value == "IL"
    html = client.get("/fr/hotels").content.decode()
    assert 'data-link="hotels-israel"' in html


def test_hebrew_footer_lists_five_city_pages(client):
    html = client.get("/he/").content.decode()
    footer = _link_ids(html, "footer")
    for route in selectors.CITY_PAGES:
        assert route in footer
    assert "hotels-israel" in footer


def test_mobile_menu_button_or_back_button(traveller_client):
    client = traveller_client
    for path in ("/", "/hotels", "/hotels/israel", "/account/reservations"):
        html = client.get(path).content.decode()
        assert "menu-button" in html and "back-button" not in html, path
    html = client.get("/favorites").content.decode()
    assert "back-button" in html and "menu-button" not in html


def test_language_links_keep_path_and_query(client):
    """The header's control (no JavaScript) leads to the list, which links the page it came
    from in every locale."""
    html = unescape(client.get("/hotels?currency=EUR").content.decode())
    chooser = re.search(r'<a class="chip language-picker" href="([^"]+)"', html)[1]
    assert chooser == "/choose/language?next=%2Fhotels%3Fcurrency%3DEUR"
    assert 'data-locale="he"' not in html  # the 39 locales are not in every page
    html = unescape(client.get(chooser).content.decode())
    links = dict(re.findall(r'<a href="([^"]+)" hreflang="[^"]+" data-locale="([^"]+)"', html))
    by_locale = {code: href for href, code in links.items()}
    assert len(by_locale) == 39
    assert by_locale["he"] == "/preferences/language?locale=he&next=%2Fhe%2Fhotels%3Fcurrency%3DEUR"
    response = client.get(by_locale["he"])
    assert response["Location"] == "/he/hotels?currency=EUR"
    assert response.cookies["i18n_redirected"].value == "he"


def test_choosing_english_on_a_german_home_lands_on_the_english_home(client):
    client.get("/de/")  # the locale cookie now says de
    html = unescape(client.get("/de/choose/language?next=/de/").content.decode())
    english = re.search(r'<a href="([^"]+)" hreflang="en"', html).group(1)
    response = client.get(english, follow=True)
    assert response.redirect_chain == [("/", 302)]
    assert '<html lang="en"' in response.content.decode()
