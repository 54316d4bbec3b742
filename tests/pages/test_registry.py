"""Every registered page answers in every locale; bad parameters and unknown paths give the 404."""

import re

import pytest
from django.urls import resolve, reverse
from django.utils import translation
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.i18n.catalog import translate
from storefront.pages.routes import PAGES, PAGES_BY_NAME
from tests.login import login_form

UUID = "123e4567-e89b-12d3-a456-426614174000"
SAMPLE = {
    "uuid": UUID,
    "transactionUuid": UUID,
    # Places and a hotel the sandbox's inventory has (storefront/sandbox/inventory).
    "countrySlug": "spain",
    "destinationSlug": "barcelona",
    "hotelSlug": "metropole-sands",
    "citySlug": "barcelona",
    "placeId": 2002,
    "hotelId": 100231,
}
# Pages titled by what they show (a place, a hotel) rather than by their catalog title: those
# the results template draws (results, browse and hotel pages).
# A booking's own pages: a uuid that no listing linked is nobody's booking (a 404).
BOOKING_PAGES = {"account-reservations-uuid", "dashboard-bookings-uuid"}
NAMED_BY_CONTENT = {page.name for page in PAGES if page.template == "pages/results.html"}
PREFIXES = {
    "en": "",
    "de": "/de",
    "he": "/he",
    "ja": "/ja",
    "zh-tw": "/zh-tw",
    "pt-br": "/pt-br",
    "tl-ph": "/tl-ph",
}


def _sample_paths():
    """One concrete URL path (without prefix) for every pattern of every page."""
    for page in PAGES:
        for pattern in page.paths:
            path = re.sub(r"<\w+:(\w+)>", lambda m: str(SAMPLE[m.group(1)]), pattern)
            yield page.name, "/" + path


SAMPLE_PATHS = list(_sample_paths())


@pytest.mark.parametrize("code,prefix", PREFIXES.items())
def test_every_page_answers_200_with_lang_and_dir(client, demo_data, code, prefix):
    """Logged in as the user who may see every page (access rules: tests/accounts)."""
    client.post("/login", login_form("power@example.com"))
    for name, path in SAMPLE_PATHS:
        response = client.get(prefix + path if path != "/" or not prefix else prefix + "/")
        if "<posint:hotelId>" in PAGES_BY_NAME[name].paths[-1] and path.endswith("/100231"):
            # A hotel by id: sent to its one canonical address, in the same locale.
            assert response.status_code == 302, (code, name, path)
            assert response["Location"].startswith(f"{prefix}/hotels/spain/barcelona/metropole")
            continue
        if name.startswith("transaction-transactionUuid-") or name in BOOKING_PAGES:
            # Nobody made that transaction, no booking has that address: nobody's to see.
            assert response.status_code == 404, (code, name, path)
            continue
        assert response.status_code == 200, (code, name, path)
        html = response.content.decode()
        iso = (
            "pt-BR"
            if code == "pt-br"
            else "zh-TW"
            if code == "zh-tw"
            else "tl-PH"
            if code == "tl-ph"
            else code
        )
        direction = "rtl" if code == "he" else "ltr"
        assert f'<html lang="{iso}" dir="{direction}"' in html, (code, name)
        page_title = html.split("<title>", 1)[1].split("</title>", 1)[0]
        assert not re.search(r"\b[a-z_]+\.[a-z_]+\b", page_title), (code, name, page_title)
        if name in NAMED_BY_CONTENT:
            continue
        title = translate(PAGES_BY_NAME[name].title_key, code)
        if name == "dashboard-bookings":  # the power user's listing is every booking's
            title = translate("account.all_reservations", code)
        if name == "home" and code in ("en", "he"):  # the brand's own home-page title
            title = {"en": "Travelnest: hotel deals worldwide", "he": "טרוולנסט"}[code]
        assert escape(title) in html, (code, name)


def test_registry_has_every_spec_page():
    names = {page.name for page in PAGES}
    statics = {
        "agent-terms-of-use",
        "app",
        "book",
        "cars",
        "contact-support",
        "favorites",
        "flights",
        "hotels",
        "login",
        "packages",
        "pay",
        "privacy-policy",
        "profile",
        "reservation",
        "searches",
        "sso",
        "terms-of-use",
        "tickets",
        "vouchers",
        "account-reservations",
        "dashboard-bookings",
        "hotels-israel",
        "hotels-search",
        "transaction-error",
        "transaction-success",
        "widgets-search",
    }
    cities = {
        f"hotels-places-{c}"
        for c in ("ae-dubai", "de-berlin", "es-barcelona", "mx-cancun", "nl-amsterdam")
    }
    assert statics | cities | {"home"} <= names
    assert len(names) == len(PAGES)


@pytest.mark.parametrize(
    "path",
    [
        "/account/reservations/not-a-uuid",
        "/account/reservations/123E4567-E89B-12D3-A456-426614174000",  # not canonical
        "/dashboard/bookings/123",
        "/hotels/place/0/results",
        "/hotels/place/-3/results",
        "/hotels/place/france/abc",
        "/hotels/destination/Upper-Case",
        "/hotels/destination/double--hyphen",
        "/hotels/destination/trailing-",
        "/hotels/a/b/c/d",
        "/transaction/not-a-uuid/success",
        "/no-such-page",
        "/xx/hotels",
        "/en/hotels",
        "/de/no-such-page",
    ],
)
def test_bad_parameters_and_unknown_paths_are_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    code = "de" if path.startswith("/de/") else "en"
    assert escape(translate("error.not_found", code)) in response.content.decode()


def _resolved_name(client, path):
    """The registry row a path resolves to (routing only: whether the place exists is the
    provider's answer, tested with the sandbox in tests/search)."""
    with translation.override("en"):
        match = resolve(path)
    return match.kwargs["page_name"]


# One test per ambiguity the registry resolves (DESIGN section 3).
def test_static_hotels_search_wins_over_country(client):
    assert _resolved_name(client, "/hotels/search") == "hotels-search"


def test_static_hotels_israel_wins_over_country(client):
    assert _resolved_name(client, "/hotels/israel") == "hotels-israel"


def test_fixed_city_page_wins_over_country_city_hotel(client):
    assert _resolved_name(client, "/hotels/places/nl/amsterdam") == "hotels-places-nl-amsterdam"


def test_static_words_win_only_at_their_own_depth(client):
    assert _resolved_name(client, "/hotels/israel/eilat") == "hotels-countrySlug-citySlug-hotelSlug"
    assert _resolved_name(client, "/hotels/search/x") == "hotels-countrySlug-citySlug-hotelSlug"


def test_unknown_places_path_is_not_a_country_page(client):
    assert client.get("/hotels/places/fr/paris").status_code == 404
    assert client.get("/hotels/places").status_code == 404


def test_destination_and_place_prefixes_are_not_country_pages(client):
    assert _resolved_name(client, "/hotels/destination/spain") == "hotels-destination-countrySlug"
    assert _resolved_name(client, "/hotels/place/spain") == "hotels-place-countrySlug-hotelId"
    assert client.get("/hotels/destination").status_code == 404


def test_results_wins_over_hotel_slug(client):
    assert (
        _resolved_name(client, "/hotels/destination/spain/ibiza/results")
        == "hotels-destination-countrySlug-destinationSlug-results"
    )
    assert (
        _resolved_name(client, "/hotels/destination/spain/ibiza/hotel-one")
        == "hotels-destination-countrySlug-destinationSlug-hotelSlug"
    )


def test_destination_results_without_country(client):
    assert (
        _resolved_name(client, "/hotels/destination/ibiza/results")
        == "hotels-destination-countrySlug-destinationSlug-results"
    )


def test_single_destination_segment_is_the_country_page(client):
    assert _resolved_name(client, "/hotels/destination/ibiza") == "hotels-destination-countrySlug"


def test_place_results_wins_over_country_slug(client):
    assert _resolved_name(client, "/hotels/place/results") == "hotels-place-placeId-results"
    assert _resolved_name(client, "/hotels/place/12/results") == "hotels-place-placeId-results"


def test_static_transaction_pages_and_uuid_forms(client):
    assert _resolved_name(client, "/transaction/success") == "transaction-success"
    assert (
        _resolved_name(client, f"/transaction/{UUID}/error") == "transaction-transactionUuid-error"
    )


def test_reverse_gives_prefixed_urls():
    with translation.override("pt-br"):
        assert reverse("hotels-places-es-barcelona") == "/pt-br/hotels/places/es/barcelona"
    with translation.override("en"):
        assert reverse("home") == "/"


def test_layouts_follow_the_registry(client):
    assert 'class="layout-minimal"' in client.get("/pay").content.decode()
    assert 'class="layout-clean"' in client.get("/login").content.decode()
    assert 'class="layout-widget"' in client.get("/widgets/search").content.decode()
    assert 'class="layout-default"' in client.get("/hotels").content.decode()


def test_root_redirect_setting_empty_by_default(client, settings):
    assert settings.ROOT_REDIRECT == ""
    assert client.get("/").status_code == 200
    settings.ROOT_REDIRECT = "/hotels"
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/hotels"
