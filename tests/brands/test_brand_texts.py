"""Brand texts by locale: one name per page, titles in the page's language (issue 11)."""

from dataclasses import replace

from storefront.brands.defaults import default_brand


def _brand(**translations):
    return replace(
        default_brand(),
        name="Acme Travel",
        title="Acme Travel — hotels at the best price",
        home_page_title="Acme Travel: hotel deals",
        translations=translations,
    )


def test_hebrew_pages_use_the_hebrew_name_and_titles_the_brand_wrote():
    brand = _brand(he={"name": "אקמי", "title": "אקמי — מלונות", "home_page_title": "אקמי: מבצעים"})
    assert brand.text("name", "he") == "אקמי"
    assert brand.text("title", "he") == "אקמי — מלונות"
    assert brand.text("home_page_title", "he") == "אקמי: מבצעים"
    assert brand.text("name", "en") == "Acme Travel"
    assert brand.text("title", "en") == "Acme Travel — hotels at the best price"


def test_a_title_without_a_hebrew_form_is_left_to_the_catalog_on_hebrew_pages():
    """Never the English title (around the Latin name) on a Hebrew page: "" lets the page use
    the catalog's Hebrew sentence around the brand's name."""
    brand = _brand(he={"name": "אקמי"})
    assert brand.text("name", "he") == "אקמי"
    assert brand.text("title", "he") == ""
    assert brand.text("home_page_title", "he") == ""
    assert _brand().text("name", "he") == "Acme Travel"  # no Hebrew name: the Latin one
    assert _brand().text("title", "he") == ""


def test_other_locales_get_the_name_and_the_catalogs_titles():
    brand = _brand(he={"name": "אקמי", "title": "אקמי — מלונות"})
    assert brand.text("name", "de") == "Acme Travel"
    assert brand.text("title", "de") == ""


LATIN = {"light": "https://cdn.example/acme-light.svg", "dark": "https://cdn.example/acme-dark.svg"}
HEBREW = {
    "light": "https://cdn.example/acme-he-light.svg",
    "dark": "https://cdn.example/acme-he.svg",
}


def test_hebrew_pages_show_the_logo_the_brand_drew_in_hebrew():
    brand = default_brand().layer({"logo": LATIN, "translations": {"he": {"logo": HEBREW}}})
    assert brand.logo_for("he") == HEBREW
    assert brand.logo_for("en") == LATIN
    assert brand.logo_for("ar") == LATIN


def test_a_new_logo_drops_the_hebrew_logo_of_the_artwork_it_replaces():
    """An operator override with a new logo: the lower layer's Hebrew drawing of the old logo
    is not shown under it; a brand without a Hebrew logo keeps one artwork everywhere."""
    provider = default_brand().layer({"logo": LATIN, "translations": {"he": {"logo": HEBREW}}})
    new = {"light": "https://cdn.example/new.svg", "dark": "https://cdn.example/new-dark.svg"}
    override = provider.layer({"logo": new})
    assert override.logo_for("he") == new
    assert provider.layer({"name": "Acme"}).logo_for("he") == HEBREW


def test_a_hebrew_logo_must_be_an_image_url_like_any_logo():
    bad = {"light": "javascript:alert(1)", "dark": "http://plain.example/x.svg"}
    brand = default_brand().layer({"translations": {"he": {"logo": bad}}})
    assert brand.logo_for("he") == brand.logo
