"""A hotel's page beyond its rooms (issue 13, item 1): what the provider says about the hotel —
trust rating, address and district, check-in and check-out times in the visitor's clock, house
rules in words — and the gallery the server renders (every photo, with its sizes), for many
hotels, in every locale without a catalog key left."""

import re
from html import unescape

import pytest
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.catalog.formatting import format_clock
from storefront.i18n.catalog import PLACEHOLDER_RE, messages, translate
from storefront.i18n.locales import LOCALES
from tests.search.test_pages import sandbox
from tests.stays import open_stay

pytestmark = pytest.mark.usefixtures("provider")

BARCELONA, TEL_AVIV = 2002, 2005


def hotels(place, count, locale="en"):
    found = sandbox("GET", "/v3/hotels", params={"place": place, "locale": locale})
    return sorted(found, key=lambda h: h["id"])[:: max(1, len(found) // count)][:count]


def page_of(client, hotel, prefix=""):
    response = client.get(
        f"{prefix}/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    )
    assert response.status_code == 200
    return response.content.decode()


# What an English reader is told of each rule, written out here rather than derived the way the
# page derives it (an oracle of its own: a wrong key, count or clock in the page shows up).
ENGLISH_RULES = {
    "pets_allowed": "Pets are allowed.",
    "pets_on_request": "Pets are allowed on request.",
    "no_pets": "Pets are not allowed.",
    "no_smoking": "Smoking is not allowed.",
    "smoking_areas": "Smoking is allowed only in designated areas.",
    "no_parties": "Parties and events are not allowed.",
    "children_welcome": "Children of all ages are welcome.",
    "id_required": "Guests show a photo ID and a payment card at check-in.",
}


def _english_clock(hhmm: str) -> str:
    hours, minutes = map(int, hhmm.split(":"))
    return f"{(hours - 1) % 12 + 1}:{minutes:02d}\u202f{'AM' if hours < 12 else 'PM'}"


def english_rules(hotel) -> list[str]:
    said = []
    for rule in hotel["house_rules"]:
        if rule["code"] == "min_age":
            years = "year" if rule["age"] == 1 else "years"
            said.append(f"The guest who checks in must be at least {rule['age']} {years} old.")
        elif rule["code"] == "quiet_hours":
            clock = _english_clock(rule["from"]), _english_clock(rule["until"])
            said.append("Quiet hours are from {} to {}.".format(*clock))
        else:
            said.append(ENGLISH_RULES[rule["code"]])
    return said


def rule_patterns(code) -> list[re.Pattern]:
    """The locale's house-rule sentences as patterns, a placeholder matching any text."""
    sentences = [text for key, text in messages(code).items() if key.startswith("house_rules.")]
    return [
        re.compile(".+?".join(re.escape(str(escape(p))) for p in PLACEHOLDER_RE.split(text)[::2]))
        for text in sentences
    ]


@pytest.mark.parametrize("place", [BARCELONA, TEL_AVIV])
def test_the_page_says_what_the_provider_says_about_each_hotel(client, place):
    for hotel in hotels(place, 6):
        html = page_of(client, hotel)
        assert escape(hotel["address"]) in html and escape(hotel["district"]) in html
        trust = hotel["trust"]
        assert escape(translate("hotel.trust_score", "en", score=trust["score"])) in html
        verified = escape(
            translate("hotel.verified_reviews", "en", count=trust["verified_reviews"])
        )
        assert (verified in html) == (trust["verified_reviews"] > 0)
        clock_in = format_clock(hotel["check_in_from"], "en")
        assert escape(translate("hotel.check_in_from", "en", time=clock_in)) in html
        clock_out = format_clock(hotel["check_out_until"], "en")
        assert escape(translate("hotel.check_out_until", "en", time=clock_out)) in html
        rules = re.search(r'<ul class="hotel-summary__rule-list">(.*?)</ul>', html).group(1)
        shown = re.findall(r"<li>([^<]*)</li>", rules)
        assert shown == [escape(s) for s in english_rules(hotel)], hotel["id"]


def _description(html):
    """(the description paragraph's attributes after its class, its text)."""
    found = re.search(r'<p class="hotel-summary__description"([^>]*)>([^<]*)</p>', html)
    return found.group(1), unescape(found.group(2))


def test_a_hotel_page_names_its_place_and_describes_it_in_the_readers_language(client):
    """Issue 32, item 3: the provider's city, district and description in the page's language;
    a text the provider gave in another language carries its own ``lang``, and only then."""
    hotel = hotels(BARCELONA, 1, "fr")[0]
    html = page_of(client, hotel, "/fr")
    assert '<html lang="fr"' in html and "Barcelone" in unescape(re.sub(r"<[^>]+>", " ", html))
    attributes, text = _description(html)
    assert attributes == ""  # French on a French page
    assert text.startswith(f"{hotel['name']} est ") and "(" + hotel["district"] in text
    assert "Barcelone)" in text
    assert f"<span>{escape(hotel['district'])}</span>" in html  # the district is French's too
    for code in ("pt-br", "zh-tw", "he"):  # the provider's code is the page's locale
        attributes, text = _description(page_of(client, hotel, LOCALES[code].prefix))
        assert attributes == "" and text != hotels(BARCELONA, 1)[0]["description"], code
    attributes, text = _description(page_of(client, hotel, "/ko"))
    assert attributes == ' lang="en"' and text.startswith(f"{hotel['name']} is a")


def test_a_district_the_provider_names_in_english_is_marked_english(client):
    found = sandbox("GET", "/v3/hotels", params={"place": TEL_AVIV, "locale": "lt"})
    hotel = next(h for h in found if h["district"] == "Old North")
    assert hotel["district_locale"] == "en"
    html = page_of(client, hotel, "/lt")
    assert '<span lang="en">Old North</span>' in html
    assert '<span lang="en">Old North</span>' not in page_of(client, hotel)


def test_pets_in_the_rules_agree_with_the_amenities(client):
    for hotel in hotels(BARCELONA, 30):
        codes = {rule["code"] for rule in hotel["house_rules"]}
        if "pets_allowed" in hotel["amenities"]:
            assert codes & {"pets_allowed", "pets_on_request"}, hotel["id"]
        else:
            assert "no_pets" in codes, hotel["id"]


def test_times_follow_the_locales_clock(client):
    hotel = hotels(BARCELONA, 1)[0]
    assert hotel["check_in_from"].endswith(":00")
    hour = int(hotel["check_in_from"][:2])
    english = page_of(client, hotel)
    german = page_of(client, hotel, "/de")
    assert f"{hour - 12}:00\u202fPM" in english or f"{hour - 12}:00 PM" in english
    assert f"{hour}:00" in german


def test_gallery_has_every_photo_with_its_sizes_and_the_first_one_first(client):
    hotel = hotels(BARCELONA, 1)[0]
    html = page_of(client, hotel)
    strip = re.search(r'<ul class="gallery__strip"(.*?)</ul>', html, re.S).group(1)
    images = re.findall(r"<img [^>]*>", strip)
    assert len(images) == len(hotel["photos"])
    for n, (img, photo) in enumerate(zip(images, hotel["photos"], strict=True), start=1):
        for width, url in photo["sizes"].items():
            assert f"{url} {width}w" in img
        assert f'width="{photo["width"]}"' in img and f'height="{photo["height"]}"' in img
        alt = translate("gallery.photo", "en", number=n, total=len(images))
        assert f'alt="{escape(alt)}"' in img
        assert ('fetchpriority="high"' in img) == (n == 1)
        assert ('loading="lazy"' in img) == (n > 1)
    # Without JavaScript each photo links to its largest size.
    links = re.findall(r'<a class="gallery__link" href="([^"]*)"', strip)
    assert links == [p["sizes"]["1280"] for p in hotel["photos"]]
    # The gallery's code loads on the first interaction only.
    assert 'data-island="Gallery"' in html and 'data-load="interaction"' in html


def test_an_unknown_rule_code_is_left_out(client, provider_proxy):
    hotel = hotels(BARCELONA, 1)[0]

    def rewrite(method, path, body):
        if isinstance(body, dict):
            if "house_rules" in body:
                body["house_rules"] = [{"code": "no_unicorns"}, {"code": "no_pets"}]
            for value in body.values():
                rewrite(method, path, value)
        elif isinstance(body, list):
            for value in body:
                rewrite(method, path, value)
        return body

    provider_proxy.rewrite = rewrite
    html = page_of(client, hotel)
    rules = re.search(r'<ul class="hotel-summary__rule-list">(.*?)</ul>', html).group(1)
    assert "unicorn" not in html
    assert re.findall(r"<li>([^<]*)</li>", rules) == [
        escape(translate("house_rules.no_pets", "en"))
    ]


@pytest.mark.parametrize("code", list(LOCALES))
def test_the_hotel_page_renders_in_every_locale_without_keys(client, code):
    hotel = hotels(TEL_AVIV, 1, locale=code)[0]
    html = page_of(client, hotel, LOCALES[code].prefix)
    summary = html.split('<article class="hotel-summary">', 1)[1].split("</article>", 1)[0]
    keys = re.findall(r"[>\s:\"]((?:hotel|house_rules|gallery|amenities)\.[a-z_]+)", summary)
    assert not keys, (code, keys[:5])
    rules = re.search(r'<ul class="hotel-summary__rule-list">(.*?)</ul>', summary).group(1)
    shown = re.findall(r"<li>([^<]*)</li>", rules)
    assert len(shown) == len(hotel["house_rules"]), code  # each rule said, none left out
    patterns = rule_patterns(code)
    for text in shown:  # each in the locale's own words (English above, word for word)
        assert any(p.fullmatch(text) for p in patterns), (code, text)
    assert escape(translate("hotel.rules_title", code)) in summary
    assert escape(translate("gallery.title", code, hotel=hotel["name"])) in summary
    # The tab names the hotel and the brand once each (it used to say the brand twice); the
    # brand as the page names it (og:site_name: Hebrew writes it in its own letters).
    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    brand = re.search(r'<meta property="og:site_name" content="([^"]*)">', html)[1]
    expected = translate("meta.page_title", code, page=hotel["name"], brand="@brand@")
    assert title == str(escape(expected)).replace("@brand@", brand), code


def ld_hotel(html):
    import json

    raw = re.search(r'<script type="application/ld\+json"[^>]*>(.*?)</script>', html, re.S)
    return json.loads(raw.group(1))


def test_schema_org_hotel_has_rating_address_geo_and_price_range(client, provider_proxy):
    hotel = hotels(BARCELONA, 1)[0]
    data = ld_hotel(page_of(client, hotel))
    assert data["@type"] == "Hotel" and data["name"] == hotel["name"]
    assert data["aggregateRating"]["ratingValue"] == hotel["review"]["score"]
    assert data["aggregateRating"]["reviewCount"] == hotel["review"]["count"]
    assert data["address"]["streetAddress"] == hotel["address"]
    assert data["geo"]["latitude"] == hotel["coordinates"]["lat"]
    # Without dates: no price range, and no rates asked for (crawlers read these pages).
    assert "priceRange" not in data
    assert not [path for path in provider_proxy.paths if path.startswith("/v3/hotels/rates")]

    # With dates: from the cheapest to the dearest price per night the page shows.
    path = f"/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    check_in, check_out = open_stay(path, after=50, nights=2, rooms=1)
    html = client.get(
        path, {"check_in": check_in.isoformat(), "check_out": check_out.isoformat()}
    ).content.decode()
    nightly = re.findall(r'<p class="offer__nightly">([^<]*) per night</p>', html)
    values = sorted(nightly, key=lambda text: float(text.strip("$").replace(",", "")))
    assert ld_hotel(html)["priceRange"] == f"{values[0]}–{values[-1]}"


def test_open_graph_names_the_locale_as_language_and_territory(client):
    hotel = hotels(BARCELONA, 1)[0]
    for code, expected in (("en", "en_US"), ("he", "he_IL"), ("pt", "pt_PT"), ("pt-br", "pt_BR")):
        html = page_of(client, hotel, LOCALES[code].prefix)
        assert f'<meta property="og:locale" content="{expected}">' in html, code
    for code, locale in LOCALES.items():  # what every locale's hotel pages say
        assert re.fullmatch(r"[a-z]{2,3}_[A-Z]{2}", locale.open_graph), code
        assert locale.open_graph.split("_")[0] == locale.iso.split("-")[0], code


def test_open_graph_and_the_preloaded_photo_are_the_first_photo(client):
    hotel = hotels(BARCELONA, 1)[0]
    html = page_of(client, hotel, "/he")
    first = hotel["photos"][0]["sizes"]
    assert f'<meta property="og:image" content="{first["1280"]}">' in html
    assert f'<meta property="og:title" content="{escape(hotel["name"])}">' in html
    path = f"/he/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    canonical = re.search(r'<link rel="canonical" href="([^"]*)">', html).group(1)
    assert canonical.endswith(path)
    assert f'<meta property="og:url" content="{canonical}">' in html
    preload = re.search(r'<link rel="preload" as="image"[^>]*>', html).group(0)
    strip_first = re.search(r'<ul class="gallery__strip".*?<img ([^>]*)>', html, re.S).group(1)
    for attribute in ("srcset", "sizes"):
        value = re.search(rf'{attribute}="([^"]*)"', strip_first).group(1)
        assert f'image{attribute}="{value}"' in preload
    assert 'fetchpriority="high"' in preload


def test_a_failing_rates_call_leaves_no_price_range_and_the_page_up(client, provider_proxy):
    hotel = hotels(BARCELONA, 1)[0]
    from django.core.cache import caches

    path = f"/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    check_in, check_out = open_stay(path, after=50, nights=2, rooms=1)
    stay = {"check_in": check_in.isoformat(), "check_out": check_out.isoformat()}
    assert "priceRange" in client.get(path, stay).content.decode()
    caches["default"].clear()  # the hotel's content stays in the process's memo, but no rates
    from storefront.upstream import inventory

    inventory.memo.live.clear()
    provider_proxy.mode = "fail"
    response = client.get(path, stay)
    html = response.content.decode()
    assert response.status_code == 200
    assert "priceRange" not in html and escape(hotel["name"]) in html


@pytest.mark.parametrize("code", ["ar", "he"])
def test_the_price_range_holds_no_invisible_direction_marks(client, code):
    hotel = hotels(BARCELONA, 1)[0]
    path = f"/{code}/hotels/{hotel['country_slug']}/{hotel['city_slug']}/{hotel['slug']}"
    check_in, check_out = open_stay(path, after=50, nights=2, rooms=1)
    stay = {"check_in": check_in.isoformat(), "check_out": check_out.isoformat()}
    price_range = ld_hotel(client.get(path, stay).content.decode())["priceRange"]
    assert re.fullmatch(
        r"[^\u200e\u200f\u061c\u2066-\u2069]+–[^\u200e\u200f\u061c\u2066-\u2069]+", price_range
    ), ascii(price_range)
