"""Choosing an offer and /book (issue 13, items 2 and 5): every offer of a hotel page links to
/book with itself and the price as shown; /book re-prices it with the provider and shows the
stay, guests, policy and the price broken down as the provider makes it (Israel VAT applied);
notifications when the price changed since the visitor saw it (results -> hotel page, hotel
page -> /book), when the offer is gone or the hotel sold out; every locale without keys."""

import re
from datetime import timedelta
from decimal import Decimal
from html import unescape
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.catalog.formatting import format_money
from storefront.checkout.offers import signed_seen
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.search.query import today
from tests.search.test_pages import sandbox
from tests.stays import open_stay, sells

pytestmark = pytest.mark.usefixtures("provider")

HOTEL = "/hotels/spain/barcelona/metropole-sands"
GUESTS = ((2, (7,)),)
CHECK_IN, CHECK_OUT = open_stay(HOTEL, after=40, nights=3, guests=GUESTS)
DATES = {"check_in": CHECK_IN.isoformat(), "check_out": CHECK_OUT.isoformat(), "guests": "2-7"}


def choose_links(html):
    return [
        unescape(u)
        for u in re.findall(r'<a class="button button--primary offer__choose" href="([^"]*)"', html)
    ]


def params(url):
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def provider_offer(offer_id):
    return sandbox("GET", f"/v3/offers/{offer_id}")


def test_every_offer_links_to_book_with_itself_and_the_price_shown(client):
    html = client.get(HOTEL, DATES).content.decode()
    links = choose_links(html)
    assert len(links) == html.count('<li class="offer')
    for url in links:
        assert url.startswith("/book?")
        p = params(url)
        assert p["check_in"] == DATES["check_in"] and p["guests"] == "2-7"
        answer = provider_offer(p["offer"])
        assert answer["available"]
        net = answer["offer"]["price"]["net"]
        assert p["seen"] == f"net:{net:g}" or float(p["seen"].split(":")[1]) == net


def test_book_shows_the_offer_as_the_provider_prices_it(client):
    url = choose_links(client.get(HOTEL, DATES).content.decode())[0]
    answer = provider_offer(params(url)["offer"])
    offer, price = answer["offer"], answer["offer"]["price"]
    response = client.get(url)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<meta name="robots" content="noindex">' in html

    def money(amount):
        return escape(format_money(amount, "USD", "en"))

    lines = re.search(r'<dl class="book__lines">(.*?)</dl>', html, re.S).group(1)
    shown = dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", lines))
    assert shown[escape(translate("book.room_price", "en", count=3))] == money(price["net"])
    for item in price["items"]:
        assert shown[escape(translate(f"price_items.{item['code']}", "en"))] == money(
            item["amount"]
        )
    assert shown[escape(translate("book.total_now", "en"))] == money(price["gross"])
    at_hotel = [i["amount"] for i in price["items"] if not i["included"]]
    if at_hotel:
        assert shown[escape(translate("book.at_hotel_total", "en"))] == money(sum(at_hotel))
    assert "We hold this price for you until" in html  # held by the provider, not a promise
    assert "not open yet" not in html
    assert "Sunday" in html or "day," in html  # the dates in full, weekday included
    assert escape(translate("guests.children", "en", count=1)) in html
    if offer["refundable"]:
        assert "Free cancellation until" in html
    # Nothing changed: no notification.
    assert (
        'class="notice notice--warning"' not in html and 'notice--info" role="status"' not in html
    )


@pytest.mark.parametrize("factor,key", [(0.9, "notify.price_up"), (1.1, "notify.price_down")])
def test_book_says_when_the_price_changed_since_it_was_seen(client, factor, key):
    url = choose_links(client.get(HOTEL, DATES).content.decode())[0]
    p = params(url)
    display, total, _signature = p["seen"].split(":")
    before = round(float(total) * factor, 2)
    seen = signed_seen(p["offer"], display, Decimal(str(before)))  # as a page would sign it
    changed = url.replace(quote(p["seen"], safe=""), quote(seen, safe=""))
    assert changed != url
    html = client.get(changed).content.decode()
    expected = translate(
        key,
        "en",
        before=format_money(before, "USD", "en"),
        after=format_money(float(total), "USD", "en"),
    )
    assert escape(expected) in html


def test_a_seen_price_the_server_did_not_sign_announces_nothing(client):
    """Before: a crafted ``seen`` made /book announce "$99,999.00 is now $1,220.53"."""
    url = choose_links(client.get(HOTEL, DATES).content.decode())[0]
    p = params(url)
    display, _total, signature = p["seen"].split(":")
    for crafted in (
        f"{display}:99999",  # unsigned
        f"{display}:99999:{signature}",  # another price under the page's signature
        signed_seen("another-offer-id", display, Decimal("99999")),  # signed for another offer
    ):
        html = client.get(url.replace(quote(p["seen"], safe=""), quote(crafted, safe=""))).text
        assert "$99,999.00" not in html and 'notice--info" role="status"' not in html, crafted
        assert 'class="notice notice--warning"' not in html, crafted


def test_an_offer_no_longer_sold_says_so_and_leads_back_to_the_hotel(client):
    from storefront.sandbox.inventory import rates

    hotel_id = sandbox("GET", "/v3/hotels", params={"place": 2002})
    hotel_id = next(h["id"] for h in hotel_id if h["slug"] == "metropole-sands")
    past = today() - timedelta(days=3)
    key = rates.OfferKey(
        hotel_id, 1, "RO", True, rates.Stay(past, past + timedelta(days=2), ((2, ()),), "USD")
    )
    html = client.get("/book", {"offer": rates.offer_id(key)}).content.decode()
    assert escape(translate("book.gone", "en")) in html
    assert f'href="{HOTEL}?' in html  # "Choose another room", with the stay


def test_a_forged_or_missing_offer(client):
    assert (
        client.get("/book", {"offer": "o1.1.1.RO.R.20270101.20270102.2.USD.0000"}).status_code
        == 404
    )
    html = client.get("/book").content.decode()
    assert escape(translate("book.missing", "en")) in html


def test_book_with_the_provider_down_is_a_page_with_a_notice(client, provider_proxy):
    url = choose_links(client.get(HOTEL, DATES).content.decode())[0]
    provider_proxy.mode = "fail"
    response = client.get(url)
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
    assert escape(translate("results.unavailable", "en")) in response.content.decode()


def test_israel_vat_is_on_the_booking_of_a_resident(client):
    hotels = sandbox("GET", "/v3/hotels", params={"place": 2005})  # Tel Aviv
    paths = (
        f"/hotels/{h['country_slug']}/{h['city_slug']}/{h['slug']}"
        for h in hotels
        if h["aggregator"] != "isrotel_direct"
    )
    path = next(p for p in paths if sells(p, CHECK_IN, CHECK_OUT, GUESTS, rooms=1))
    client.cookies["country"] = "il"
    resident = choose_links(client.get(path, {**DATES, "country": "il"}).content.decode())[0]
    html = client.get(resident).content.decode()
    assert escape(translate("price_items.vat", "en")) in html
    offer = provider_offer(params(resident)["offer"])["offer"]
    net = offer["price"]["net"]
    vat = re.search(
        rf"<dt>{escape(translate('price_items.vat', 'en'))}</dt><dd>([^<]*)</dd>", html
    ).group(1)
    currency = offer["price"]["currency"]  # the resident's own currency, shekels
    assert vat == escape(format_money(round(net * 0.18, 2), currency, "en"))


def test_from_results_the_hotel_page_marks_the_offer_and_says_what_changed(client, provider_proxy):
    results = client.get("/hotels/search", {"place": 2002, **DATES}).content.decode()
    link = next(
        unescape(u)
        for u in re.findall(r'class="hotel-card__name"><a href="([^"]*)"', results)
        if "metropole-sands" in u
    )
    p = params(link)
    assert p["offer"] and p["seen"].startswith("net:")
    html = client.get(link).content.decode()
    assert html.count("offer--chosen") == 1
    assert "notice--warning" not in html

    # The provider now asks 20% more for every offer.
    def dearer(method, path, body):
        if path.startswith("/v3/hotels/rates"):
            for hotel in body["data"]:
                for offer in hotel["offers"]:
                    for name in ("net", "gross", "net_per_night", "gross_per_night"):
                        offer["price"][name] = round(offer["price"][name] * 1.2, 2)
        return body

    from django.core.cache import caches

    from storefront.upstream import inventory

    def rates_expired():  # in the shared cache and in this process's memo of them
        caches["default"].clear()
        inventory.memo.live.clear()

    rates_expired()
    provider_proxy.rewrite = dearer
    html = client.get(link).content.decode()
    total = float(p["seen"].split(":")[1])
    expected = translate(
        "notify.price_up",
        "en",
        before=format_money(total, "USD", "en"),
        after=format_money(round(total * 1.2, 2), "USD", "en"),
    )
    assert escape(expected) in html

    # Sold out since.
    def sold_out(method, path, body):
        if path.startswith("/v3/hotels/rates"):
            for hotel in body["data"]:
                hotel["offers"], hotel["available"] = [], False
        return body

    rates_expired()
    provider_proxy.rewrite = sold_out
    html = client.get(link).content.decode()
    assert escape(translate("notify.sold_out", "en")) in html

    # That offer is gone, others are not.
    def other_ids(method, path, body):
        if path.startswith("/v3/hotels/rates"):
            for hotel in body["data"]:
                for offer in hotel["offers"]:
                    offer["offer_id"] += "x"
        return body

    rates_expired()
    provider_proxy.rewrite = other_ids
    html = client.get(link).content.decode()
    assert escape(translate("notify.offer_gone", "en")) in html
    assert "offer--chosen" not in html


@pytest.mark.parametrize("code", list(LOCALES))
def test_book_renders_in_every_locale_without_keys(client, code):
    prefix = LOCALES[code].prefix
    url = choose_links(client.get(f"{prefix}{HOTEL}", DATES).content.decode())[0]
    assert url.startswith(f"{prefix}/book?")
    p = params(url)
    display, total, _signature = p["seen"].split(":")
    seen = signed_seen(p["offer"], display, Decimal(total) * 2)  # the price fell since then
    html = client.get(url.replace(quote(p["seen"], safe=""), quote(seen, safe=""))).text
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    # What a person reads: an island's props name the messages they carry by their keys.
    main = re.sub(r"<script[^>]*application/json[^>]*>.*?</script>", "", main, flags=re.S)
    keys = re.findall(
        r"[>\s:\"]((?:book|notify|hotel|price_items|board|guests|picker|room_types)\.[a-z_]+)", main
    )
    assert not keys, (code, keys[:5])
    assert escape(translate("book.price_title", code)) in main
    assert "notice--info" in main or "notice--warning" in main  # the price changed notice
