"""The template engine (storefront/jinja.py): Jinja2 that reads like Django's engine did."""

from django.template import engines


def test_a_missing_name_or_any_attribute_of_it_prints_nothing():
    """Django's engine printed "" for both; Jinja2's default raises on ``missing.attr`` (a 500)
    and, with DEBUG, prints ``{{ missing }}`` into the page."""
    template = engines["jinja2"].from_string("[{{ missing }}|{{ missing.attr.deeper }}]")
    assert template.render({}) == "[|]"


def test_a_dict_key_wins_over_a_method_of_the_same_name():
    """As in Django's engine: an offer's ``items`` are its items, not ``dict.items``."""
    template = engines["jinja2"].from_string("{{ offer.items|length }} {{ offer.get }}")
    assert template.render({"offer": {"items": [1, 2, 3], "get": "x"}}) == "3 x"
