"""{% island %}: fallback markup plus json_script props built by the island's Python builder."""

import re
from html import unescape

import pytest
from django.test import Client

from storefront.i18n.catalog import interpolate, translate
from storefront.i18n.locales import LOCALES
from storefront.islands.registry import BUILDERS
from tests.islands.helpers import island_props
from tests.islands.helpers import islands as _islands
from tests.islands.helpers import props_by_id as _props


def test_home_islands_have_fallbacks_and_props(client):
    client.cookies["color-mode"] = "dark"
    html = client.get("/").content.decode()
    islands = {name: props_id for _tag, name, props_id in _islands(html)}
    assert set(islands) == {"CountryPicker", "Header", "LeadPopup", "SearchBox", "UnitToggle"}
    props = _props(html, islands["Header"])
    assert props["theme"] == {
        "mode": "dark",
        "modes": ["system", "light", "dark"],
        "storageKey": "color-mode",
    }
    assert 'href="/preferences/color-mode?mode=system' in html  # the no-JS fallback link
    assert 'href="/choose/country?next=' in html  # the footer's no-JS country link
    assert '<select name="country"' not in html  # the long lists are not in the page
    assert '<select id="currency-select"' not in html


def _header(client, path):
    html = client.get(path).content.decode()
    islands = {name: props_id for _tag, name, props_id in _islands(html)}
    return _props(html, islands["Header"])


def test_header_props_follow_the_route_and_the_layout(client):
    home = _header(client, "/he/")
    assert home["mobile"] == "menu"
    assert [link["id"] for link in home["nav"]][0] == "hotels"
    currencies = client.get(home["currency"]["list"]).json()  # loaded with the dialog
    assert home["currency"]["list"].startswith("/choices/currencies/he.json?v=")
    assert currencies["popular"][0] == ["EUR", "אירו"]
    assert len(currencies["popular"]) + len(currencies["all"]) == 47
    assert home["account"] == {
        "user": None,
        "links": [
            {
                "id": "login",
                "label": "account.login",
                "href": "/he/login?next=%2Fhe%2F",
                "external": False,
            }
        ],
    }
    assert home["auth"]["modal"] is True and home["auth"]["action"] == "/he/login"
    assert home["auth"]["next"] == "/he/" and "csrfToken" not in home["auth"]
    assert _header(client, "/terms-of-use")["mobile"] == "back"
    login = _header(client, "/login")  # the clean layout: no navigation, no currency
    assert login["mobile"] is None and login["nav"] == [] and login["currency"] is None
    assert login["auth"]["modal"] is False


def test_country_picker_props_are_localised(client):
    html = client.get("/de/?country=MX").content.decode()
    islands = {name: props_id for _tag, name, props_id in _islands(html)}
    props = _props(html, islands["CountryPicker"])
    assert props["current"] == "MX" and props["name"] == "Mexiko"
    countries = client.get(props["list"]).json()
    rows = {row[0]: row for group in countries["groups"] for row in group["countries"]}
    assert len(rows) == 250 and rows["MX"][1] == "Mexiko" and rows["DE"][2] == "🇩🇪"


def test_every_registered_island_has_a_builder_and_a_js_entry(settings):
    registry = (settings.BASE_DIR / "static_src/islands/registry.js").read_text()
    names = re.findall(r"^\s+(\w+): \(\) => import", registry, re.M)
    assert names == sorted(names), "registry.js is alphabetical"
    assert names == sorted(BUILDERS)


def test_server_renders_the_chosen_theme(client):
    client.cookies["color-mode"] = "light"
    assert 'data-theme="light"' in client.get("/").content.decode()
    client.cookies["color-mode"] = "bogus"
    assert 'data-theme="system"' in client.get("/").content.decode()


def test_no_js_theme_control_cycles_and_stays_on_host(client):
    response = client.get("/preferences/color-mode?mode=light&next=/de/hotels")
    assert response.status_code == 302 and response["Location"] == "/de/hotels"
    assert response.cookies["color-mode"].value == "light"
    response = client.get("/preferences/color-mode?mode=dark&next=https://evil.example/")
    assert response["Location"] == "/"
    response = client.get("/preferences/color-mode?mode=dark&next=//evil.example/")
    assert response["Location"] == "/"


def test_widget_colours_from_query_are_validated(client):
    html = client.get(
        "/widgets/search?brand=%23ff6600&bgBrand=red;}body{x:y}&textBrand=%23abc"
    ).content.decode()
    assert "--brand:#ff6600;" in html and "--text-brand:#abc;" in html
    assert "body{x:y}" not in html and "red;" not in html


def test_language_picker_props_link_the_current_page_in_every_locale(client):
    """The page carries the current locale and its path; the 39 locales load with the dialog
    (once per release, not inside every page), which links that path under each one's prefix."""
    html = client.get("/de/hotels?currency=EUR").content.decode()
    islands = {name: props_id for _tag, name, props_id in _islands(html)}
    props = _props(html, islands["Header"])["language"]
    assert props["current"] == "de" and props["name"] == "Deutsch"
    assert props["next"] == "/hotels?currency=EUR"
    assert props["list"].startswith("/choices/languages/de.json?v=")
    assert "עברית" not in html.split('id="' + islands["Header"] + '"')[1].split("</script>")[0]
    answer = client.get(props["list"])
    assert "immutable" in answer["Cache-Control"]
    locales = answer.json()
    assert len(locales) == 39
    assert ["he", "עברית", "he", "rtl", "/he"] in locales
    assert ["en", "English", "en", "ltr", ""] in locales


def test_dialogs_receive_the_lists_in_the_server_collation_order(client):
    """The dialogs only filter: the order they show is the one built here (Swedish å ä ö last)."""
    html = client.get("/sv/").content.decode()
    islands = {name: props_id for _tag, name, props_id in _islands(html)}
    groups = client.get(_props(html, islands["CountryPicker"])["list"]).json()["groups"]
    europe = next(group for group in groups if group["name"] == "Europa")
    assert [row[1] for row in europe["countries"]][-2:] == ["Åland", "Österrike"]
    listed = client.get(_props(html, islands["Header"])["currency"]["list"]).json()["all"]
    currencies = [name for _code, name in listed]
    assert currencies.index("svensk krona") < currencies.index("sydafrikansk rand")


def _island_tags(html):
    return {name: tag for tag, name in re.findall(r'(<\w+ data-island="(\w+)"[^>]*>)', html)}


def test_islands_nothing_asks_for_before_the_visitor_load_at_interaction(traveller_client):
    """The header (anonymous), the footer's country and unit controls and the search box of the
    home, city, results and hotel pages wait for the visitor; /hotels' search box mounts at
    idle. Their server controls carry what a held click asks for."""
    html = Client().get("/de/").content.decode()  # anonymous
    tags = _island_tags(html)
    assert 'data-load="interaction"' in tags["Header"]
    assert 'data-load="interaction"' in tags["CountryPicker"]
    assert 'data-load="interaction"' in tags["UnitToggle"]
    assert 'data-stored="unit"' in tags["UnitToggle"]  # a stored unit: mounted at idle
    assert 'data-load="interaction"' in tags["SearchBox"]  # the home page's: no React at load
    for key in ("destination", "check_in", "check_out", "guests"):  # handed to the island
        assert f'data-focus-key="{key}"' in html, key
    assert "data-load" not in _island_tags(Client().get("/de/hotels").content.decode())["SearchBox"]
    for path in ("/de/hotels/spain/barcelona", "/de/hotels/spain/barcelona/metropole-sands"):
        tag = _island_tags(Client().get(path).content.decode())["SearchBox"]
        assert 'data-load="interaction"' in tag, path
    for action in ("menu", "currency", "language", "theme", "login"):
        assert f'data-action="{action}" data-focus-key="{action}"' in html, action
    assert 'data-action="open" data-focus-key="country"' in html
    # The unit toggle is drawn by the server as the island first draws it, in the catalog's words.
    assert re.search(
        r'<button type="button" class="chip unit-toggle" title="[^"]+" data-unit="m"', html
    )
    assert '<span aria-hidden="true" class="unit-toggle__on">m²</span>' in html

    tags = _island_tags(traveller_client.get("/de/").content.decode())
    assert "data-load" not in tags["Header"]  # logged in: at idle, to move saved things over


def test_an_island_load_mode_from_a_variable_is_checked(rf):
    from django.template import engines

    template = engines["jinja2"].from_string(
        '{% call island("UnitToggle", load=mode) %}{% endcall %}'
    )
    request = rf.get("/")
    assert 'data-load="visible"' in template.render({"request": request, "mode": "visible"})
    assert "data-load" not in template.render({"request": request, "mode": ""})
    with pytest.raises(ValueError, match="'soon'"):
        template.render({"request": request, "mode": "soon"})


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_the_server_drawn_unit_toggle_speaks_every_locale_with_the_provider_down(client, code):
    """No provider answers here (tests/conftest.py). The toggle the island takes over is the
    server's, in the locale's words on both sides, before any script runs."""
    html = client.get(f"{LOCALES[code].prefix}/").content.decode()
    button = re.search(r'<button type="button" class="chip unit-toggle"[^>]*>.*?</button>', html)
    assert button, code
    title = unescape(re.search(r'title="([^"]+)"', button.group(0)).group(1))
    current, following = translate("unit.m", code), translate("unit.f", code)
    assert title == translate("unit.switch_to", code, current=current, next=following)
    shown = [
        unescape(text) for text in re.findall(r'aria-hidden="true"[^>]*>([^<]*)<', button.group(0))
    ]
    assert shown == [translate("unit.short_m", code), "/", translate("unit.short_f", code)]
    assert "unit." not in title and "unit." not in "".join(shown)


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_the_search_box_gets_its_first_words_in_every_locale(client, code):
    """What the search box shows before i18next loads (static_src/words.js) comes from the
    locale's catalog: its labels, the guests it starts with, every message its checks give."""
    html = client.get(f"{LOCALES[code].prefix}/").content.decode()
    words = island_props(html, "SearchBox")["words"]
    assert words["search.submit"] == translate("search.submit", code)
    assert words["search.destination_placeholder"] == translate(
        "search.destination_placeholder", code
    )
    assert words["guests.adults#2"] == translate("guests.adults", code, count=2)  # the default
    assert words["search.errors.child_ages"] == translate("search.errors.child_ages", code)
    assert not [text for text in words.values() if re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", text)]


def test_the_search_box_words_count_the_guests_it_starts_with(client, provider):
    html = client.get("/de/hotels/spain?guests=2-5,1").content.decode()
    words = island_props(html, "SearchBox")["words"]
    assert words["guests.adults#3"] == translate("guests.adults", "de", count=3)
    assert words["guests.children#1"] == translate("guests.children", "de", count=1)
    assert words["guests.rooms#2"] == translate("guests.rooms", "de", count=2)
    # The hearts share their words, with the hotel's name left for each to fill (words.js).
    hearts = island_props(html, "FavoriteToggle", every=True)
    assert len(hearts) == html.count('data-island="FavoriteToggle"') > 1
    assert all(
        interpolate(heart["words"]["favorites.toggle"], {"hotel": heart["name"]})
        == translate("favorites.toggle", "de", hotel=heart["name"])
        for heart in hearts
    )
    assert len({heart["hotel"] for heart in hearts}) == len(hearts)
    assert html.count('id="island-props-FavoriteToggle"') == 1


def test_the_stay_dates_get_their_first_words(client, provider):
    html = client.get("/ja/hotels/spain/barcelona/metropole-sands").content.decode()
    words = island_props(html, "StayDates")["words"]
    for key in ("hotel.choose_dates", "search.check_in", "results.see_rooms", "search.errors.past"):
        assert words[key] == translate(key, "ja")


@pytest.mark.parametrize(
    "props",
    [
        {"a": "</script><b>&amp;", "when": "2026-01-02", "he": "שלום\u2028", "n": [1, None, 1.5]},
        ["<!--", "-->", "&"],
    ],
)
def test_props_are_escaped_as_djangos_json_script_escapes(props):
    from django.utils.html import json_script

    from storefront.islands.templating import props_script

    assert props_script(props, "island-props-1") == json_script(props, "island-props-1")
    assert "</script>" not in props_script(props, "p").removesuffix("</script>")


@pytest.mark.parametrize("code", list(LOCALES))
def test_every_heart_says_its_own_hotel_in_every_locale(client, provider, code):
    """The page's hearts share their words, ``{{hotel}}`` left for each to fill (words.js fills
    it as i18next would): filled with a heart's own hotel, each says the catalog's message."""
    html = client.get(f"{LOCALES[code].prefix}/hotels/spain").content.decode()
    hearts = island_props(html, "FavoriteToggle", every=True)
    assert len(hearts) > 1 and html.count('id="island-props-FavoriteToggle"') == 1
    for heart in hearts:
        for key in ("favorites.toggle", "favorites.saved", "favorites.removed"):
            filled = interpolate(heart["words"][key], {"hotel": heart["name"]})
            assert filled == translate(key, code, hotel=heart["name"]) != key
            assert heart["name"] in filled
