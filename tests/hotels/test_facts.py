"""The facts a card says about a hotel and its offer (storefront/hotels/facts.py) are computed
once: a results card and the hotel page's room card of the same offer say the same thing."""

from dataclasses import replace

import pytest

from storefront.hotels.facts import review, rooms_left, stay_price
from storefront.hotels.presenters import room_card
from storefront.search.presenters import card
from storefront.search.query import SearchQuery
from storefront.search.results import Result, RoomOffers
from storefront.upstream.inventory import Room
from storefront.web.visitor import Visitor
from tests.search.test_results import PLACE, _hotel, _offer

ROOM = Room(id="r", type="suite", name="Suite", beds=(), area_m2=40, max_adults=2, max_children=1)


@pytest.mark.parametrize(
    "left,shown", [(None, None), (0, None), (1, 1), (3, 3), (4, None), (-1, None)]
)
def test_rooms_left_is_said_from_three_down(left, shown):
    assert rooms_left(replace(_offer(1, "RO", True, 100, 115), rooms_left=left)) == shown


def test_a_review_is_a_word_and_a_score_with_one_decimal():
    assert review(8.25, "en") == {"review_word": "review.very_good", "review_score": "8.3"}
    assert review(9.44, "de") == {"review_word": "review.superb", "review_score": "9,4"}
    assert review(9.44, "ar")["review_score"] == "9.4" and review(7, "fr")["review_score"] == "7,0"
    assert review(None, "de") == {"review_word": "review.score", "review_score": ""}


@pytest.mark.parametrize("display", ["net", "gross"])
@pytest.mark.parametrize("locale", ["en", "de", "he"])
def test_a_results_card_and_a_room_card_say_the_same_of_one_offer(display, locale):
    offer = replace(_offer(1, "BB", True, 500, 575), rooms_left=2)
    hotel = _hotel(1, stars=5, score=9.1, rank=1)
    row = Result(hotel=hotel, offer=offer, distance_km=0.4)
    visitor = Visitor(locale=locale, display=display)
    results = card(row, visitor=visitor, query=SearchQuery(), place=PLACE)
    room = room_card(RoomOffers(room=ROOM, offers=(offer,)), visitor=visitor)
    said = stay_price(offer.price, display, locale) | {"rooms_left": 2}
    for key, value in said.items():
        assert results[key] == room["offers"][0][key] == value, key
