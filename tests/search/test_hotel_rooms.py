"""A hotel's rooms and rates (issue 13, first slice): for the query's stay, every room the
provider sells with each of its offers, as the provider prices them, in the visitor's currency
and price display; the cancellation deadline in the hotel's own time; taxes and fees itemised;
a prompt without dates; a notice when the provider fails; every locale without keys."""

import re
from datetime import datetime

import pytest
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.catalog.formatting import format_moment, format_money
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today
from tests.search.test_pages import sandbox
from tests.stays import open_stay

pytestmark = pytest.mark.usefixtures("provider")

HOTEL = "/hotels/spain/barcelona/metropole-sands"
CHECK_IN, CHECK_OUT = open_stay(HOTEL, after=45, nights=3, guests=((2, (7,)),))
DATES = {"check_in": CHECK_IN.isoformat(), "check_out": CHECK_OUT.isoformat(), "guests": "2-7"}


def hotel_id():
    found = sandbox("GET", "/v3/hotels", params={"place": 2002, "locale": "en"})
    return next(h["id"] for h in found if h["slug"] == "metropole-sands")


def provider_offers(currency="USD"):
    body = {
        "hotel_ids": [hotel_id()],
        "check_in": DATES["check_in"],
        "check_out": DATES["check_out"],
        "occupancies": [{"adults": 2, "children": [7]}],
        "currency": currency,
        "guest_country": None,
        "locale": "en",
        "mode": "all",
    }
    return sandbox("POST", "/v3/hotels/rates", json=body)[0]["offers"]


def item_text(item, currency, code, included_key):
    """How a tax or fee of the provider's price reads: ``included_key`` for what the booking
    charges (added to net prices, included in gross ones), "paid at the hotel" otherwise."""
    return translate(
        f"hotel.{included_key}" if item["included"] else "hotel.item_at_hotel",
        code,
        name=translate(f"price_items.{item['code']}", code),
        amount=format_money(item["amount"], currency, code),
    )


def rooms_section(html):
    return html.split('<section class="hotel-rooms"', 1)[1].split("</section>", 1)[0]


def nightly(section):
    return re.findall(r'<p class="offer__nightly">([^<]*)</p>', section)


def test_every_offer_of_the_stay_is_shown_at_the_providers_price(client):
    offers = provider_offers()
    html = client.get(HOTEL, DATES).content.decode()
    section = rooms_section(html)
    shown = nightly(section)
    assert len(shown) == len(offers) > 1
    expected = {
        translate(
            "results.per_night",
            "en",
            price=format_money(o["price"]["net_per_night"], "USD", "en"),
        )
        for o in offers
    }
    assert set(shown) == {escape(e) for e in expected}
    # Net prices: what the booking adds is said to be added, what the hotel collects to be paid
    # there.
    for item in offers[0]["price"]["items"]:
        assert escape(item_text(item, "USD", "en", "item_added")) in section
    # Cheapest first within each room.
    for room in section.split('<li class="room-card">')[1:]:
        numbers = [float(re.sub(r"[^\d.]", "", n)) for n in nightly(room)]
        assert numbers == sorted(numbers)


def test_euros_and_gross_prices_with_the_deadline_in_the_hotels_time(client):
    offers = provider_offers("EUR")
    client.cookies["priceDisplay"] = "gross"
    html = client.get(f"/de{HOTEL}", {**DATES, "currency": "EUR"}).content.decode()
    section = rooms_section(html)
    gross = {format_money(o["price"]["gross_per_night"], "EUR", "de") for o in offers}
    assert {n for n in nightly(section)} == {
        escape(translate("results.per_night", "de", price=g)) for g in gross
    }
    refundable = next(o for o in offers if o["refundable"])
    free = [s for s in refundable["cancellation"] if s["penalty"] == 0][-1]["until"]
    assert datetime.fromisoformat(free).utcoffset() is not None
    deadline = translate("hotel.free_until", "de", date=format_moment(free, "de"))
    assert escape(deadline) in section
    for item in refundable["price"]["items"]:
        assert escape(item_text(item, "EUR", "de", "item_included")) in section


def test_without_dates_the_page_asks_for_them_in_a_form_of_its_own(client):
    html = client.get(f"/he{HOTEL}", {"guests": "2-7", "currency": "EUR"}).content.decode()
    section = rooms_section(html)
    assert escape(translate("hotel.choose_dates", "he")) in section
    assert 'class="room-card"' not in html
    form = section.split('<form class="hotel-rooms__dates"', 1)[1].split("</form>", 1)[0]
    assert f'action="/he{HOTEL}"' in form  # this hotel again, not the results
    assert f'min="{today().isoformat()}"' in form
    assert 'name="guests" value="2-7"' in form and 'name="currency" value="EUR"' in form


def test_dates_the_picker_would_refuse_are_explained_next_to_the_fields(client):
    reversed_stay = {"check_in": DATES["check_out"], "check_out": DATES["check_in"]}
    section = rooms_section(client.get(f"/ja{HOTEL}", reversed_stay).content.decode())
    assert 'class="field__error" id="hotel-check-out-error"' in section
    assert 'class="room-card"' not in section


def test_a_provider_that_fails_on_rates_leaves_the_page_with_a_notice(client, provider_proxy):
    client.get(HOTEL)  # the hotel's content is cached; only the rates call fails
    provider_proxy.mode = "fail"
    response = client.get(HOTEL, DATES)
    assert response.status_code == 200
    section = rooms_section(response.content.decode())
    assert escape(translate("results.unavailable", "en")) in section


@pytest.mark.parametrize("code", list(LOCALES))
def test_rooms_render_in_every_locale_without_keys(client, code):
    html = client.get(f"{LOCALES[code].prefix}{HOTEL}", DATES).content.decode()
    section = rooms_section(html)
    assert 'class="room-card"' in section
    keys = re.findall(
        r"[>\s:]((?:hotel|price_items|board|beds|bed_types|room_types|filters|sort)\.[a-z_]+)",
        section,
    )
    assert not keys, (code, keys[:5])
    assert escape(translate("hotel.rooms_title", code)) in section
    assert escape(translate("hotel.taxes_title", code)) in section
    assert escape(translate("hotel.filters_title", code)) in section
    assert escape(translate("hotel.bed_type", code)) in section


def room_names_and_boards(section):
    rooms = []
    for room in section.split('<li class="room-card">')[1:]:
        name = re.search(r'<h3 class="room-card__name"[^>]*>([^<]*)</h3>', room).group(1)
        boards = re.findall(r'<p class="offer__board"><strong>([^<]*)</strong>', room)
        rooms.append((name, boards, nightly(room)))
    return rooms


def test_room_filters_and_sorts_follow_the_providers_offers(client):
    offers = provider_offers()
    hotel = next(
        h for h in sandbox("GET", "/v3/hotels", params={"place": 2002}) if h["id"] == hotel_id()
    )
    beds = {room["id"]: {b["type"] for b in room["beds"]} for room in hotel["rooms"]}
    breakfast = escape(translate("board.BB", "en"))

    section = rooms_section(client.get(HOTEL, {**DATES, "board": "BB"}).content.decode())
    shown = room_names_and_boards(section)
    assert shown and all(boards == [breakfast] for _, boards, _ in shown)
    assert sum(len(n) for _, _, n in shown) == sum(o["board"] == "BB" for o in offers)

    section = rooms_section(client.get(HOTEL, {**DATES, "free_cancellation": "1"}).content.decode())
    assert len(nightly(section)) == sum(o["refundable"] for o in offers)

    bed = sorted({t for types in beds.values() for t in types})[0]
    wanted = {rid for rid, types in beds.items() if bed in types}
    section = rooms_section(client.get(HOTEL, {**DATES, "bed": bed}).content.decode())
    assert section.count('<li class="room-card">') == len(
        {o["room_id"] for o in offers if o["room_id"] in wanted}
    )

    section = rooms_section(client.get(HOTEL, {**DATES, "sort": "price_desc"}).content.decode())
    cheapest = [float(re.sub(r"[^\d.]", "", n[0])) for _, _, n in room_names_and_boards(section)]
    assert len(cheapest) > 1 and cheapest == sorted(cheapest, reverse=True)

    section = rooms_section(client.get(HOTEL, {**DATES, "bed": "no_such_bed"}).content.decode())
    assert escape(translate("hotel.no_matching", "en")) in section
    assert 'name="check_in" value="' in section  # the filter form keeps the stay
