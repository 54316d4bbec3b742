"""The sandbox's inventory: places, hotels, photos and rates as docs/provider-inventory-api.md
says, the same on every build."""

import json
from datetime import UTC, datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

import pytest

from storefront.sandbox.inventory import codes, fx, photos, rates
from storefront.sandbox.inventory.locales import BABEL_LOCALES
from storefront.sandbox.inventory.places import RESERVED_SLUGS
from storefront.sandbox.inventory.store import build, inventory


def _place(slug, country_slug):
    return inventory().places[inventory().slugs[(country_slug, slug)]]


def test_two_builds_are_equal():
    assert build() == build()


def test_counts_and_required_places():
    inv = inventory()
    assert len(inv.hotels) >= 2000
    destinations = [p for p in inv.places.values() if p.type in ("city", "region")]
    assert len(destinations) >= 60
    for country_slug, slug in (
        ("united-arab-emirates", "dubai"),
        ("germany", "berlin"),
        ("spain", "barcelona"),
        ("mexico", "cancun"),
        ("netherlands", "amsterdam"),
        ("israel", "eilat"),
        ("israel", "tel-aviv"),
        ("israel", "jerusalem"),
        ("israel", "haifa"),
        ("israel", "tiberias"),
        ("france", "paris"),
        ("united-kingdom", "london"),
        ("italy", "rome"),
        ("united-states", "new-york"),
        ("japan", "tokyo"),
        ("thailand", "bangkok"),
    ):
        assert _place(slug, country_slug).type == "city"
    assert _place("dead-sea", "israel").type == "region"
    assert _place("eiffel-tower", "france").type == "landmark"
    countries = {p.slug for p in inv.places.values() if p.type == "country"}
    assert not countries & RESERVED_SLUGS


def test_every_field_is_in_range():
    inv = inventory()
    for place_id, ids in inv.city_hotels.items():
        city = inv.places[place_id]
        hotels = [inv.hotels[i] for i in ids]
        assert 20 <= len(hotels) <= 80
        assert len({h.slug for h in hotels}) == len({h.name for h in hotels}) == len(hotels)
        assert [h.rank for h in hotels] == list(range(1, len(hotels) + 1))
        for h in hotels:
            assert h.stars in (None, 1, 2, 3, 4, 5)
            assert h.aggregator in codes.AGGREGATORS
            assert (h.review_count == 0) == (h.review_score is None)
            assert h.review_score is None or 0 <= h.review_score <= 10
            assert 0 <= h.trust_score <= 100 and h.verified_reviews <= h.review_count
            assert set(h.amenities) <= set(codes.HOTEL_AMENITIES)
            assert set(h.boards) <= set(codes.BOARDS)
            assert abs(h.lat - city.lat) < 0.3 and h.distance_km < 30
            assert 2 <= len(h.rooms) <= 5
            for room in h.rooms:
                assert room.type in codes.ROOM_TYPES and isinstance(room.area_m2, int)
                assert {kind for kind, _ in room.beds} <= set(codes.BED_TYPES)
                assert set(room.amenities) <= set(codes.ROOM_AMENITIES)
                assert room.max_adults >= 1
    stars = [h.stars for h in inv.hotels.values()]
    assert 0.05 < stars.count(None) / len(stars) < 0.11
    israeli = {
        h.aggregator for h in inv.hotels.values() if h.place_id == _place("eilat", "israel").id
    }
    assert "isrotel_direct" in israeli and len(israeli) > 1


@pytest.mark.parametrize(
    "locale, slug, country_slug, name",
    [
        ("de", "spain", None, "Spanien"),
        ("de", "zurich", "switzerland", "Zürich"),
        ("ru", "barcelona", "spain", "Барселона"),
        ("ru", "paris", "france", "Париж"),
        ("he", "tel-aviv", "israel", "תל אביב"),
        ("he", "dead-sea", "israel", "ים המלח"),
        ("ja", "tokyo", "japan", "東京"),
        ("zh-cn", "new-york", "united-states", "纽约"),
        ("ar", "jerusalem", "israel", "القدس"),
        ("th", "bangkok", "thailand", "กรุงเทพ"),
    ],
)
def test_names_in_locales(sandbox_client, locale, slug, country_slug, name):
    params = {"country_slug": country_slug or slug, "locale": locale}
    if country_slug:
        params["slug"] = slug
    data = sandbox_client.get("/v3/places", params).json()["data"]
    assert data["name"] == name and data["name_locale"] == locale


def test_every_locale_answers(sandbox_client):
    for locale in BABEL_LOCALES:
        data = sandbox_client.get("/v3/places/2000", {"locale": locale}).json()["data"]
        assert data["name"] and data["country_name"]


@pytest.mark.parametrize(
    "q, locale, expected",
    [
        ("бар", "ru", "Барселона"),
        ("בר", "he", "ברצלונה"),
        ("zur", "en", "Zurich"),
        ("ZÜR", "de", "Zürich"),
        ("aviv", "en", "Tel Aviv"),
        ("tel av", "de", "Tel Aviv"),
        ("ams", "ja", "アムステルダム"),
        ("sagrada", "en", "Sagrada Família"),
        ("spani", "de", "Spanien"),
    ],
)
def test_autocomplete(sandbox_client, q, locale, expected):
    data = sandbox_client.get("/v3/places", {"q": q, "locale": locale}).json()["data"]
    assert expected in [p["name"] for p in data]


def test_autocomplete_orders_cities_first_and_validates(sandbox_client):
    data = sandbox_client.get("/v3/places", {"q": "bar", "limit": 20}).json()["data"]
    order = {"city": 0, "region": 1, "landmark": 2, "country": 3, "hotel": 4}
    assert [order[p["type"]] for p in data] == sorted(order[p["type"]] for p in data)
    assert data[0]["name"] == "Barcelona"
    assert sandbox_client.get("/v3/places", {"q": "b"}).status_code == 400
    assert sandbox_client.get("/v3/places", {"q": "bar", "limit": 21}).status_code == 400


def test_places_need_the_client_token(client):
    from tests.sandbox.conftest import SandboxClientHandler

    client.handler = SandboxClientHandler(enforce_csrf_checks=False)
    assert client.get("/v3/places/2000").status_code == 401


def test_listing_by_id_and_hotels(sandbox_client):
    cities = sandbox_client.get("/v3/places", {"country": "il", "type": "city"}).json()["data"]
    assert {"Tel Aviv", "Jerusalem", "Eilat", "Haifa", "Tiberias"} <= {c["name"] for c in cities}
    assert sandbox_client.get("/v3/places/99999").status_code == 404
    barcelona = _place("barcelona", "spain")
    body = sandbox_client.get("/v3/hotels", {"place": barcelona.id, "locale": "he"}).json()
    assert body["meta"]["total"] == len(body["data"]) == len(inventory().city_hotels[barcelona.id])
    first = body["data"][0]
    assert first["rank"] == 1 and first["description_locale"] == "he"
    assert first["photos"][0]["sizes"]["640"].startswith("http://testserver/media/hotels/")
    ids = ",".join(str(h["id"]) for h in body["data"][:3])
    assert len(sandbox_client.get("/v3/hotels", {"ids": ids}).json()["data"]) == 3
    one = sandbox_client.get(f"/v3/hotels/{first['id']}").json()["data"]
    assert one["description_locale"] == "en" and one["rooms"][0]["id"].startswith(str(one["id"]))


def test_photos_are_small_webp_and_the_same_every_time(sandbox_client):
    inv = inventory()
    sample = [inv.hotels[ids[0]] for ids in list(inv.city_hotels.values())[::15]]
    for hotel in sample:
        for number in (1, 2, 3):
            for width in photos.WIDTHS:
                response = sandbox_client.get(f"/media/hotels/{hotel.id}/{number}-{width}.webp")
                assert response.status_code == 200 and response["Content-Type"] == "image/webp"
                assert response["Cache-Control"] == "public, max-age=31536000, immutable"
                data = response.content
                assert data[:4] == b"RIFF" and data[8:12] == b"WEBP" and len(data) < 60_000
        room = hotel.rooms[0]
        path = f"/media/rooms/{room.id}/1-1280.webp"
        assert len(sandbox_client.get(path).content) < 60_000
    photos.render.cache_clear()
    photos._scene.cache_clear()
    again = photos.render(sample[0].id, False, 0, 1, 320)
    photos.render.cache_clear()
    photos._scene.cache_clear()
    assert photos.render(sample[0].id, False, 0, 1, 320) == again
    assert sandbox_client.get(f"/media/hotels/{sample[0].id}/1-500.webp").status_code == 404


# --- rates ---------------------------------------------------------------------------------


def _day(offset):
    """A day counted from the sandbox's first bookable night (today at UTC−12)."""
    return ((datetime.now(UTC) - timedelta(hours=12)).date() + timedelta(days=offset)).isoformat()


def _rates(sandbox_client, **overrides):
    body = {
        "place": _place("barcelona", "spain").id,
        "hotel_ids": None,
        "check_in": _day(60),
        "check_out": _day(63),
        "occupancies": [{"adults": 2, "children": [7]}],
        "currency": "USD",
        "locale": "en",
        "mode": "all",
    }
    body.update(overrides)
    return sandbox_client.post(
        "/v3/hotels/rates", json.dumps(body), content_type="application/json"
    )


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"check_in": -1}, "check_in"),
        ({"check_in": 400, "check_out": 401}, "check_in"),
        ({"check_out": 59}, "check_out"),
        ({"check_out": 60 + 31}, "check_out"),
        ({"check_in": "2027-02-30"}, "check_in"),
        ({"occupancies": []}, "occupancies"),
        ({"occupancies": [{"adults": 9}]}, "occupancies.0.adults"),
        ({"occupancies": [{"adults": 2, "children": [18]}]}, "occupancies.0.children"),
        ({"currency": "XYZ"}, "currency"),
        ({"hotel_ids": [100001]}, "place"),
        ({"place": None}, "place"),
        ({"mode": "cheapest"}, "mode"),
    ],
)
def test_rates_validation(sandbox_client, overrides, field):
    # Days are given as offsets and dated here, when the test runs: dated at collection, they
    # could fall on the other side of midnight at UTC−12 from the stay's default check-in.
    dated = {k: _day(v) if isinstance(v, int) else v for k, v in overrides.items()}
    response = _rates(sandbox_client, **dated)
    assert response.status_code == 400
    body = response.json()
    assert field in body["errors"] and body["message"]


def test_rates_validation_speaks_the_locale(sandbox_client):
    body = _rates(sandbox_client, currency="XYZ", locale="de").json()
    assert body["errors"]["currency"] == ["Dieser Wert ist ungültig."]


def test_rates_are_reproducible_and_add_up(sandbox_client):
    first = _rates(sandbox_client).json()
    assert first == _rates(sandbox_client).json()
    assert first["meta"]["nights"] == 3
    offers = [o for h in first["data"] for o in h["offers"]]
    assert offers and any(not h["available"] for h in _all_cities_answers(sandbox_client))
    for offer in offers:
        price = offer["price"]
        included = sum(Decimal(str(i["amount"])) for i in price["items"] if i["included"])
        assert Decimal(str(price["gross"])) == Decimal(str(price["net"])) + included
        assert any(i["code"] == "city_tax" and not i["included"] for i in price["items"])
        assert rates.parse_offer_id(offer["offer_id"]).hotel_id == int(
            offer["room_id"].split("-")[0]
        )
        if offer["refundable"]:
            assert offer["cancellation"][0]["penalty"] == 0
        else:
            assert offer["cancellation"][0]["penalty"] == price["gross"]
        assert offer["cancellation"][-1]["until"].endswith(("+01:00", "+02:00"))
    key = rates.parse_offer_id(offers[0]["offer_id"])
    assert rates.quote(key) == offers[0]
    with pytest.raises(ValueError):
        rates.parse_offer_id(offers[0]["offer_id"][:-1] + "0")


@pytest.mark.parametrize("nights", [0, -2, 31])
def test_a_signed_offer_for_no_night_or_too_many_is_not_found(sandbox_client, nights):
    """Before: a signed zero-night offer made the sandbox answer 500."""
    from dataclasses import replace

    hotel = next(h for h in _rates(sandbox_client).json()["data"] if h["offers"])
    key = rates.parse_offer_id(hotel["offers"][0]["offer_id"])
    stay = replace(key.stay, check_out=key.stay.check_in + timedelta(days=nights))
    forged = rates.offer_id(replace(key, stay=stay))  # signed with the sandbox's own key
    response = sandbox_client.get(f"/v3/offers/{forged}")
    assert response.status_code == 404 and response.json()["message"]


def _all_cities_answers(sandbox_client):
    body = _rates(sandbox_client, place=inventory().country_ids["il"], mode="lowest")
    return body.json()["data"]


def _price(sandbox_client, hotel_id, check_in, nights, **overrides):
    body = _rates(
        sandbox_client,
        place=None,
        hotel_ids=[hotel_id],
        check_in=check_in.isoformat(),
        check_out=(check_in + timedelta(days=nights)).isoformat(),
        **overrides,
    ).json()
    return {
        (o["room_id"], o["board"], o["refundable"]): o["price"] for o in body["data"][0]["offers"]
    }


def _open_hotel(sandbox_client):
    today = datetime.now(UTC).date()
    monday = today + timedelta(days=14 - today.weekday() + 7)
    for hid in inventory().city_hotels[_place("berlin", "germany").id]:
        weekday = _price(sandbox_client, hid, monday, 1)
        weekend = _price(sandbox_client, hid, monday + timedelta(days=4), 1)
        week = _price(sandbox_client, hid, monday, 7)
        if weekday and weekend and week and set(weekday) == set(weekend) == set(week):
            return hid, monday, weekday, weekend, week
    raise AssertionError("no Berlin hotel open all those weeks")


def test_price_properties(sandbox_client):
    hid, monday, weekday, weekend, week = _open_hotel(sandbox_client)
    for key, price in weekday.items():
        assert weekend[key]["net"] > price["net"]  # a Friday night
        # Seven nights (two of them weekend) cost less a night than the dearest single night.
        assert week[key]["net_per_night"] < weekend[key]["net"]
    for (room, board, refundable), price in weekday.items():
        if not refundable:
            assert price["net"] < weekday[(room, board, True)]["net"]
    # 7+ nights: the per-night price is discounted against the same nights priced one by one.
    hotel = inventory().hotels[hid]
    room = hotel.rooms[0]
    stay = rates.Stay(monday, monday + timedelta(days=7), ((2, (7,)),), "USD")
    week_net = rates.net_usd(hotel, room, hotel.boards[0], True, stay)
    one_by_one = sum(
        rates.net_usd(
            hotel,
            room,
            hotel.boards[0],
            True,
            rates.Stay(monday + timedelta(n), monday + timedelta(n + 1), stay.occupancies, "USD"),
        )
        for n in range(7)
    )
    assert week_net < one_by_one * 0.95


def test_currencies_convert_with_the_published_rates(sandbox_client):
    published = sandbox_client.get("/v3/currencies/rates").json()["data"]
    assert published["base"] == "USD"
    with open("fixtures/currencies.json", encoding="utf-8") as fh:
        assert {c["code"] for c in json.load(fh)} == set(published["rates"])
    hid, monday, *_ = _open_hotel(sandbox_client)
    hotel = inventory().hotels[hid]
    eur = _price(sandbox_client, hid, monday, 2, currency="EUR")
    jpy = _price(sandbox_client, hid, monday, 2, currency="JPY")
    stay = rates.Stay(monday, monday + timedelta(days=2), ((2, (7,)),), "USD")
    for (room_id, board, refundable), price in eur.items():
        room = hotel.rooms[int(room_id.split("-")[1]) - 1]
        usd = rates.net_usd(hotel, room, board, refundable, stay)
        expected = Decimal(str(usd * published["rates"]["EUR"])).quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP
        )
        assert Decimal(str(price["net"])) == expected
        assert isinstance(jpy[(room_id, board, refundable)]["gross"], int)
    assert fx.round_money(1234.5, "JPY") == 1235 and fx.round_money(1.2345, "JOD") == 1.235


def test_lowest_mode_keeps_the_cheapest_of_each_pair(sandbox_client):
    all_offers = _rates(sandbox_client).json()["data"]
    lowest = _rates(sandbox_client, mode="lowest").json()["data"]
    for every, few in zip(all_offers, lowest, strict=True):
        pairs = {(o["board"], o["refundable"]) for o in every["offers"]}
        assert {(o["board"], o["refundable"]) for o in few["offers"]} == pairs
        for offer in few["offers"]:
            same = [
                o["price"]["gross"]
                for o in every["offers"]
                if (o["board"], o["refundable"]) == (offer["board"], offer["refundable"])
            ]
            assert offer["price"]["gross"] == min(same)


def test_every_exterior_is_drawn_even_with_many_floors(sandbox_client):
    """Hotel 100224 (a tall block over a low wing) once failed to draw: a wall too small for
    windows gave Pillow an upside-down rectangle and the photo answered 500."""
    response = sandbox_client.get("/media/hotels/100224/1-320.webp")
    assert response.status_code == 200 and response.content[8:12] == b"WEBP"
