"""Hotel descriptions in the reader's language (issue 32, item 3): written from the hotel's facts,
with the city and district in that language, the distance with the locale's decimal sign, no
English left in them, and English marked "en" where the provider has no sentences."""

import re

import pytest

from storefront.sandbox.inventory.descriptions import LANGUAGES, description
from storefront.sandbox.inventory.places import district_name
from storefront.sandbox.inventory.store import inventory

# Barcelona as each language writes it, and each locale's decimal sign (written out here, not
# read from the code or CLDR: an oracle of its own).
BARCELONA = {
    "ar": "برشلونة",
    "de": "Barcelona",
    "es": "Barcelona",
    "fr": "Barcelone",
    "he": "ברצלונה",
    "it": "Barcellona",
    "ja": "バルセロナ",
    "nl": "Barcelona",
    "pt": "Barcelona",
    "pt-br": "Barcelona",
    "ru": "Барселона",
    "zh-cn": "巴塞罗那",
    "zh-tw": "巴塞隆納",
}
COMMA = {"de", "es", "fr", "it", "nl", "pt", "pt-br", "ru"}
NON_LATIN = {"ar", "he", "ja", "ru", "zh-cn", "zh-tw"}
ENGLISH_WORDS = re.compile(
    r"\b(the|is an?|from|offers|until|guests|rooms|walk|away|beach|served|star)\b", re.IGNORECASE
)


def _barcelona_hotels(sandbox_client, locale):
    place = inventory().slugs[("spain", "barcelona")]
    return sandbox_client.get("/v3/hotels", {"place": place, "locale": locale}).json()["data"]


def test_thirteen_languages_besides_english():
    assert set(LANGUAGES) == {"en", *BARCELONA}


@pytest.mark.parametrize("locale", sorted(BARCELONA))
def test_a_description_speaks_the_readers_language(sandbox_client, locale):
    for hotel in _barcelona_hotels(sandbox_client, locale):
        text = hotel["description"]
        assert hotel["description_locale"] == locale, hotel["id"]
        assert BARCELONA[locale] in text, (locale, text)
        assert hotel["district"] in text and hotel["district_locale"] == locale, (locale, text)
        km = f"{hotel['distance_km']:.1f}"
        shown = km.replace(".", ",") if locale in COMMA else km
        assert shown in text, (locale, km, text)
        rest = text.replace(hotel["name"], "")  # the name is the hotel's own, in any language
        if locale in COMMA:
            assert km not in rest or km == shown, (locale, text)
        if locale in NON_LATIN:  # not a Latin letter but the unit Japanese writes so
            assert not re.search(r"[A-Za-z]", rest.replace("km", "")), (locale, text)
        else:
            assert not ENGLISH_WORDS.search(rest), (locale, text)
        assert "{" not in text and "}" not in text


def test_a_locale_without_sentences_gets_english_marked_so(sandbox_client):
    for locale in ("ko", "pl", "tl-ph"):
        for hotel in _barcelona_hotels(sandbox_client, locale)[:5]:
            assert hotel["description_locale"] == "en"
            english = inventory().hotels[hotel["id"]]
            assert hotel["description"].startswith(f"{english.name} is a")
            assert (
                f", Barcelona, {english.distance_km:.1f} km from the centre."
                in (hotel["description"])
            )
            assert f" in {english.district}, " in hotel["description"]


def _hotel(**facts):
    """The first hotel of the inventory with these facts (attributes, or callables of one)."""
    for hotel in inventory().hotels.values():
        if all(
            want(getattr(hotel, key)) if callable(want) else getattr(hotel, key) == want
            for key, want in facts.items()
        ):
            return hotel
    raise LookupError(facts)


def test_words_agree_with_the_hotel():
    hostel = _hotel(style="hostel", stars=lambda s: s is not None)
    assert description(hostel, "fr")[0].startswith(f"{hostel.name} est une auberge de jeunesse ")
    assert description(hostel, "he")[0].startswith(f"{hostel.name} היא אכסניה ")
    hotel = _hotel(style="hotel", stars=None)
    assert description(hotel, "fr")[0].startswith(f"{hotel.name} est un hôtel à ")
    assert description(hotel, "he")[0].startswith(f"{hotel.name} הוא מלון, ")
    apartments = _hotel(style="apartments", stars=None)
    assert description(apartments, "en")[0].startswith(f"{apartments.name} is an apartment ")

    one_star = _hotel(stars=1)
    assert " 1 étoile, " in description(one_star, "fr")[0]
    assert " mit 1 Stern, " in description(one_star, "de")[0]
    assert "однозвёздочный" in description(one_star, "ru")[0]
    four = _hotel(stars=4)
    assert " 4 étoiles, " in description(four, "fr")[0]
    assert " mit 4 Sternen, " in description(four, "de")[0]
    assert "بأربع نجوم" in description(four, "ar")[0]

    two_rooms = _hotel(rooms=lambda rooms: len(rooms) == 2)
    five_rooms = _hotel(rooms=lambda rooms: len(rooms) == 5)
    assert "два типа номеров" in description(two_rooms, "ru")[0]
    assert "пять типов номеров" in description(five_rooms, "ru")[0]
    assert "نوعين من الغرف" in description(two_rooms, "ar")[0]
    assert "خمسة أنواع من الغرف" in description(five_rooms, "ar")[0]


def test_the_hotels_features_and_hours_are_told():
    kosher = _hotel(amenities=lambda a: "kosher_food" in a and "pool" in a)
    text = description(kosher, "de")[0]
    assert "koscheres Essen" in text and "Pool" in text
    assert f"ab {kosher.check_in_from} Uhr" in text
    assert f"bis {kosher.check_out_until} Uhr" in text
    assert "האוכל כשר." in description(kosher, "he")[0]
    beach = _hotel(amenities=lambda a: "beach_access" in a and "pool" not in a)
    text = description(beach, "es")[0]
    assert "La playa está a pocos minutos a pie." in text and "piscina" not in text
    plain = _hotel(amenities=lambda a: not {"pool", "beach_access", "kosher_food"} & set(a))
    assert description(plain, "ja")[0].endswith("までです。")


def test_every_kind_of_hotel_is_described_in_every_language():
    """One hotel for each set of facts a sentence depends on, in every language: all filled."""
    kinds = {}
    for hotel in inventory().hotels.values():
        features = {"pool", "beach_access", "kosher_food"} & set(hotel.amenities)
        key = (hotel.style, hotel.stars, len(hotel.rooms), frozenset(features))
        kinds.setdefault(key, hotel)
    for locale in LANGUAGES:
        for hotel in kinds.values():
            text, text_locale = description(hotel, locale)
            assert text_locale == locale and "{" not in text
            assert district_name(hotel.district, locale)[0] in text
