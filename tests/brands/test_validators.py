"""Every validator is a full match: ``$`` also matches before a trailing newline (issue 10)."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.http import QueryDict

from storefront.brands.brand import valid_color, widget_tokens
from storefront.brands.defaults import default_brand
from storefront.brands.models import BrandOverride, hex_color, https_origin, https_url
from storefront.brands.selectors import is_well_formed_domain
from storefront.i18n.resolution import locale_from_path

ENDINGS = ["\n", "\r\n"]
DATA_IMAGE = "data:image/png;base64,iVBORw0KGgo="


def _layered(config):
    return default_brand().layer(config)


@pytest.mark.parametrize("ending", ENDINGS)
def test_brand_layer_refuses_values_with_a_line_break_at_the_end(ending):
    brand = _layered(
        {
            "colors": {"brand": {"light": "#fff" + ending}},
            "logo": {"light": "https://cdn.example/logo.png" + ending, "dark": DATA_IMAGE + ending},
            "favicon": DATA_IMAGE + ending,
            "socials": {"facebook": "https://www.facebook.com/acme" + ending},
            "ga4": "G-ABCD1234" + ending,
            "gtm": "GTM-ABC123" + ending,
            "frame_ancestors": ["https://partner.example" + ending],
        }
    )
    default = default_brand()
    assert brand.colors == default.colors
    assert brand.logo == default.logo and brand.favicon == default.favicon
    assert brand.socials == {} and brand.ga4 == default.ga4 and brand.gtm == default.gtm
    assert brand.frame_ancestors == ()


def test_brand_layer_still_takes_the_same_values_without_the_line_break():
    brand = _layered(
        {
            "colors": {"brand": {"light": "#fff"}},
            "logo": {"light": "https://cdn.example/logo.png", "dark": DATA_IMAGE},
            "socials": {"facebook": "https://www.facebook.com/acme"},
            "ga4": "G-ABCD1234",
            "gtm": "GTM-ABC123",
            "frame_ancestors": ["https://partner.example"],
        }
    )
    assert brand.colors["brand"]["light"] == "#fff"
    assert brand.logo == {"light": "https://cdn.example/logo.png", "dark": DATA_IMAGE}
    assert brand.socials == {"facebook": "https://www.facebook.com/acme"}
    assert (brand.ga4, brand.gtm) == ("G-ABCD1234", "GTM-ABC123")
    assert brand.frame_ancestors == ("https://partner.example",)


@pytest.mark.parametrize("ending", ENDINGS)
def test_colour_and_widget_query_refuse_a_line_break(ending):
    assert valid_color("#fff" + ending, "#000") == "#000"
    query = QueryDict(mutable=True)
    query["bgBrand"] = "#fff" + ending
    assert widget_tokens(query) == {}


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize(
    "validator,value",
    [
        (hex_color, "#fff"),
        (https_url, "https://cdn.example/logo.png"),
        (https_origin, "https://partner.example"),
    ],
)
def test_operator_field_validators_refuse_a_line_break(validator, value, ending):
    validator(value)  # the value itself is fine
    with pytest.raises(ValidationError):
        validator(value + ending)


@pytest.mark.parametrize("ending", ENDINGS)
@pytest.mark.parametrize("name,value", [("ga4", "G-ABCD1234"), ("gtm", "GTM-ABC123")])
def test_operator_analytics_ids_refuse_a_line_break(name, value, ending):
    field = BrandOverride._meta.get_field(name)
    field.run_validators(value)
    with pytest.raises(ValidationError):
        field.run_validators(value + ending)


@pytest.mark.parametrize("ending", ENDINGS)
def test_host_labels_refuse_a_line_break(ending):
    assert is_well_formed_domain("acme.example")
    assert not is_well_formed_domain("acme.example" + ending)
    assert not is_well_formed_domain("acme" + ending + ".example")


@pytest.mark.parametrize("ending", ENDINGS)
def test_locale_prefix_is_a_whole_path_segment(ending):
    assert locale_from_path("/he") == ("he", "/")
    assert locale_from_path("/he" + ending) == ("en", "/he" + ending)


def test_widget_colour_with_a_line_break_keeps_the_default_colour(client):
    response = client.get("/widgets/search?bgBrand=%23fff%0A&brand=%23ff6600%0D%0A")
    assert response.status_code == 200
    html = response.content.decode()
    styles = re.findall(r"<style\b[^>]*>(.*?)</style>", html, re.S)
    assert styles and not any("#fff\n" in s or "#ff6600" in s for s in styles)
    bg_brand = re.findall(r"--bg-brand:([^;]*);", "".join(styles))
    plain = client.get("/widgets/search").content.decode()  # the brand's own colours
    assert set(bg_brand) == set(re.findall(r"--bg-brand:([^;]*);", plain))
    # The same colour without the line break is taken.
    html = client.get("/widgets/search?bgBrand=%23fff").content.decode()
    assert "--bg-brand:#fff;" in html
