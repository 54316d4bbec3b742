"""The islands' props builders (storefront/islands/registry.py): each registered by the app the
island belongs to, from its islands.py, and called with the visitor and what the template
passes, never with the template's context."""

import inspect

import pytest
from django.core.exceptions import ImproperlyConfigured

from storefront.islands.registry import BUILDERS, build, register
from storefront.web.visitor import Visitor

OWNERS = {
    "CountryPicker": "chrome",
    "FavoriteToggle": "hotels",
    "Favorites": "hotels",
    "Gallery": "hotels",
    "Header": "chrome",
    "HoldCountdown": "checkout",
    "LeadPopup": "leads",
    "Map": "search",
    "SavedSearches": "search",
    "SearchBox": "search",
    "StayDates": "search",
    "UnitToggle": "chrome",
}


def test_every_island_is_built_by_its_own_app():
    assert {name: b.__module__ for name, b in BUILDERS.items()} == {
        name: f"storefront.{app}.islands" for name, app in OWNERS.items()
    }


def test_a_builder_takes_the_visitor_first_and_never_the_context():
    for name, builder in BUILDERS.items():
        params = list(inspect.signature(builder).parameters)
        assert params[0] == "visitor", name
        assert not {"context", "request"} & set(params), name


def test_what_the_template_passes_reaches_the_builder():
    assert build("SavedSearches", Visitor(), "2030-01-01") == {"today": "2030-01-01"}
    assert build("LeadPopup", Visitor(country="il"))["country"] == "IL"


def test_an_island_has_one_builder():
    with pytest.raises(ImproperlyConfigured, match="storefront.search.islands.map_props"):
        register("Map")(lambda visitor: {})
    assert BUILDERS["Map"].__name__ == "map_props"


def test_an_island_without_a_builder_says_where_one_goes():
    with pytest.raises(LookupError, match=r'@register\("Nowhere"\)'):
        build("Nowhere", Visitor())
