"""What the readers keep of the provider's hotel content."""

from storefront.upstream.inventory import read_hotel


def test_stars_are_shown_only_between_0_and_6():
    """Spec section 5: a star rating is displayed only when greater than 0 and less than 6."""

    def rated(stars):
        return read_hotel({"id": 1, "slug": "h", "name": "H", "stars": stars}).rated

    assert [rated(s) for s in (1, 3, 5)] == [True, True, True]
    assert [rated(s) for s in (0, 6, -1, None, "4", True)] == [False] * 6


def test_a_district_keeps_the_language_the_provider_marked_it_in():
    hotel = {"id": 1, "slug": "h", "name": "H", "district": "Altstadt", "district_locale": "de"}
    assert (read_hotel(hotel).district, read_hotel(hotel).district_locale) == ("Altstadt", "de")
    del hotel["district_locale"]  # a provider that does not say: English, as before the mark
    assert read_hotel(hotel).district_locale == "en"
