"""Favorite hotels (issue 13, item 4; spec section 4): the toggle's endpoint for a logged-in
traveller, the browser's favorites moving into the account at login, /favorites for both
(the account's list, or the browser's ids in its address), with current prices for the dates
in the query, removable one by one or all at once, and in every locale without keys."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.catalog.formatting import format_money
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today
from tests.islands.helpers import island_props
from tests.search.test_pages import sandbox
from tests.search.test_saved import logged_in

pytestmark = pytest.mark.usefixtures("demo_data")

CHECK_IN = today() + timedelta(days=35)
DATES = {"check_in": CHECK_IN.isoformat(), "check_out": (CHECK_IN + timedelta(days=2)).isoformat()}


def barcelona(count=3):
    hotels = sandbox("GET", "/v3/hotels", params={"place": 2002})
    return sorted(hotels, key=lambda h: h["rank"])[:count]


def toggle(client, hotel, on, **extra):
    return client.post(
        "/favorites/toggle", {"hotel": hotel, "on": on}, content_type="application/json", **extra
    )


def listed(html):
    """The hotel names of the cards on /favorites, in order."""
    return re.findall(r'class="hotel-card__name"><a href="[^"]*">([^<]*)</a>', html)


def test_a_travellers_favorites_are_listed_newest_first_and_removable():
    client = logged_in()
    first, second, third = barcelona()
    for hotel in (first, second, third):
        assert toggle(client, hotel["id"], True).json() == {"on": True}
    assert toggle(client, second["id"], False).json() == {"on": False}
    html = client.get("/favorites").content.decode()
    assert listed(html) == [escape(third["name"]), escape(first["name"])]
    # Without dates the page asks for them, and keeps nothing else in the form.
    assert escape(translate("favorites.choose_dates", "en")) in html
    assert 'name="hotels"' not in html
    # Every card's toggle shows the hotel kept; the account's, so it posts to the endpoint.
    toggles = island_props(html, "FavoriteToggle", every=True)
    assert {(p["hotel"], p["on"]) for p in toggles} == {(third["id"], True), (first["id"], True)}
    assert all(p["endpoint"] == "/favorites/toggle" for p in toggles)
    # Another device: the same list.
    again = logged_in()
    assert listed(again.get("/favorites").content.decode()) == listed(html)
    # Remove all (the form; works without JavaScript).
    response = client.post("/favorites/clear", {"next": "/favorites"})
    assert response.status_code == 302 and response["Location"] == "/favorites"
    html = client.get("/favorites").content.decode()
    assert listed(html) == [] and escape(translate("favorites.empty", "en")) in html


def test_with_dates_each_favorite_shows_its_current_price():
    client = logged_in()
    hotels = barcelona(2)
    for hotel in hotels:
        toggle(client, hotel["id"], True)
    html = client.get("/favorites", DATES).content.decode()
    body = {
        "hotel_ids": [h["id"] for h in hotels],
        **DATES,
        "occupancies": [{"adults": 2, "children": []}],
        "currency": "USD",
        "guest_country": None,
        "locale": "en",
    }
    rates = {r["hotel_id"]: r for r in sandbox("POST", "/v3/hotels/rates", json=body)}
    nightly = re.findall(r'<p class="hotel-card__nightly">([^<]*)</p>', html)
    expected = []
    for hotel in reversed(hotels):  # newest first
        offers = rates[hotel["id"]]["offers"]
        if not offers:  # sold out for these dates: no price on its card
            continue
        cheapest = min(o["price"]["net_per_night"] for o in offers)
        expected.append(
            escape(translate("results.per_night", "en", price=format_money(cheapest, "USD", "en")))
        )
    assert nightly == expected and expected
    assert escape(translate("favorites.choose_dates", "en")) not in html


def test_the_no_javascript_form_toggles_and_comes_back():
    client = logged_in()
    hotel = barcelona(1)[0]
    path = f"/hotels/spain/barcelona/{hotel['slug']}"
    html = client.get(path).content.decode()
    assert 'action="/favorites/toggle"' in html and 'aria-pressed="false"' in html
    response = client.post("/favorites/toggle", {"hotel": hotel["id"], "on": "1", "next": path})
    assert response.status_code == 302 and response["Location"] == path
    assert 'aria-pressed="true"' in client.get(path).content.decode()
    # A next that leaves the site is not followed.
    response = client.post(
        "/favorites/toggle", {"hotel": hotel["id"], "on": "0", "next": "https://evil.example/"}
    )
    assert response["Location"] == "/favorites"


def test_toggling_needs_a_login_a_csrf_token_and_a_hotel():
    hotel = barcelona(1)[0]["id"]
    assert toggle(Client(), hotel, True).status_code == 403
    client = logged_in()
    assert toggle(client, "x", True).status_code == 400
    assert toggle(client, -4, True).status_code == 400
    assert toggle(client, 10**12, True).status_code == 400
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    assert toggle(strict, hotel, True).status_code == 403
    assert listed(client.get("/favorites").content.decode()) == []


def test_the_browsers_favorites_move_into_the_account_at_login():
    first, second = barcelona(2)
    client = logged_in()

    def merge(body, **extra):
        return client.post("/favorites/merge", body, content_type="application/json", **extra)

    assert merge({"favorites": [first["id"], "junk", -1, second["id"], first["id"]]}).json() == {
        "saved": 2
    }
    assert merge({"favorites": [first["id"]]}).json() == {"saved": 0}  # already kept
    assert merge({"favorites": "all"}).status_code == 400
    assert merge({"favorites": list(range(1, 3000))}).status_code == 400  # too big a body
    assert (
        Client()
        .post("/favorites/merge", {"favorites": [1]}, content_type="application/json")
        .status_code
        == 403
    )
    assert listed(client.get("/favorites").content.decode()) == [
        escape(second["name"]),
        escape(first["name"]),
    ]
    header = island_props(client.get("/").content.decode(), "Header")
    assert header["favoritesMerge"] == "/favorites/merge"
    assert island_props(Client().get("/").content.decode(), "Header")["favoritesMerge"] is None


def test_an_anonymous_visitors_page_lists_the_ids_in_its_address():
    first, second, third = barcelona()
    anonymous = Client()
    ids = f"{third['id']},junk,{first['id']},{third['id']},99999999"
    html = anonymous.get("/favorites", {"hotels": ids}).content.decode()
    assert listed(html) == [escape(third["name"]), escape(first["name"])]
    props = island_props(html, "Favorites")
    assert props == {"listed": [third["id"], first["id"], 99999999], "signedIn": False}
    # The browser keeps them: toggles without an endpoint, state unknown to the server.
    assert {p["on"] for p in island_props(html, "FavoriteToggle", every=True)} == {None}
    # The date form keeps the list.
    assert f'name="hotels" value="{third["id"]},{first["id"]},99999999"' in html
    assert listed(anonymous.get("/favorites").content.decode()) == []
    # Cards on results pages are the same for every anonymous visitor (cacheable).
    results = anonymous.get("/hotels/search", {"place": 2002}).content.decode()
    assert 'action="/favorites/toggle"' not in results


@pytest.mark.parametrize("code", list(LOCALES))
def test_favorites_render_in_every_locale_without_keys(code):
    hotels = barcelona(2)
    html = (
        Client()
        .get(
            f"{LOCALES[code].prefix}/favorites", {"hotels": ",".join(str(h["id"]) for h in hotels)}
        )
        .content.decode()
    )
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    shown = re.sub(r"<script[^>]*>.*?</script>", "", main, flags=re.S)  # props carry keys
    keys = re.findall(r"[>\s:\"]((?:favorites|results|hotel|search|board)\.[a-z_]+)", shown)
    assert not keys, (code, keys[:5])
    assert escape(translate("favorites.choose_dates", code)) in main
    assert len(listed(main)) == 2
    empty = Client().get(f"{LOCALES[code].prefix}/favorites").content.decode()
    assert escape(translate("favorites.empty", code)) in empty
