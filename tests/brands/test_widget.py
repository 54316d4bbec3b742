"""The partner's search widget (/widgets/search, DESIGN section 16; docs/widget.md): its colours,
its framing, where its search goes, and the snippet the brand admin gives."""

import json
import re
from html import unescape

import pytest
from django.core.cache import cache

from storefront.brands.brand import widget_tokens
from storefront.brands.models import BrandOverride
from storefront.brands.registry import AGENCY, AGENT, WHITE_LABEL
from storefront.brands.widget import HEIGHT_MESSAGE, snippet, widget_src
from storefront.i18n.catalog import PLACEHOLDER_RE, messages, translate
from storefront.i18n.locales import LOCALES

pytestmark = pytest.mark.usefixtures("demo_data")

AGENCY_HOST = "acme.partners.localhost"


def _get(client, path, host="127.0.0.1"):
    return client.get(path, headers={"Host": host})


def _form(html):
    return re.search(r'<form class="search-form"[^>]*>', html).group(0)


def _frame_props(html):
    block = re.search(r'<script id="widget-frame" type="application/json">(.*?)</script>', html)
    return json.loads(block.group(1))


def _allow(kind, key, origins):
    BrandOverride.objects.create(kind=kind, key=key, frame_ancestors="\n".join(origins))
    cache.clear()


# ---- colours ----


@pytest.mark.parametrize("value", ["#abc", "#a1b2c3", "#A1B2C3CC"])
def test_a_hex_colour_is_taken(value):
    assert widget_tokens({"brand": value}) == {"--brand": value}


@pytest.mark.parametrize(
    "value",
    [
        "red",
        "#12",
        "#12345",
        "#1234567",
        "#ggg",
        "url(https://evil.example/x.png)",
        ";}body{display:none",
        "#fff;}body{x:y}",
        '"#fff"',
        "'#fff'",
        "#fff\n",
        " #fff",
        "",
    ],
)
def test_anything_but_hex_falls_back_to_the_brands_colour(value):
    assert widget_tokens({"brand": value, "bgBrand": value}) == {}


@pytest.mark.parametrize(
    "query",
    [
        "brand=red",
        "brand=%2312",
        "brand=url(https://evil.example/)",
        "brand=%3B%7Dbody%7Bdisplay:none",
        "brand=%22%23fff%22",
        "brand=%27%3E%3Cscript%3E",
        "brand=%23fff%22%3E%3Cscript%3E",
    ],
)
def test_invalid_widget_colours_leave_the_brands_own_on_the_page(client, query):
    plain = _get(client, "/widgets/search").content.decode()
    html = _get(client, f"/widgets/search?{query}").content.decode()
    assert ":root,:root[data-theme]" not in html  # no widget colours at all
    assert html.count("<script") == plain.count("<script")
    assert "evil.example" not in html and "display:none" not in html


def test_valid_widget_colours_hold_in_light_and_dark(client):
    html = _get(client, "/widgets/search?brand=%23ff6600&textBrand=%23fff&bgBrand=red").content
    style = re.search(r":root,:root\[data-theme\]\{ ([^}]*)\}", html.decode()).group(1)
    assert style == "--brand:#ff6600;--text-brand:#fff;"


# ---- framing ----


def test_no_origins_no_framing(client):
    response = _get(client, "/widgets/search")
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert _frame_props(response.content.decode())["origins"] == []


def test_the_brands_origins_and_only_they_may_frame_it(client):
    _allow(AGENCY, AGENCY_HOST, ["https://partner.example", "https://shop.example:8443"])
    response = _get(client, "/widgets/search", host=AGENCY_HOST)
    policy = response["Content-Security-Policy"]
    assert "frame-ancestors https://partner.example https://shop.example:8443;" in policy + ";"
    # X-Frame-Options cannot name origins: it is left out rather than contradict the policy.
    assert "X-Frame-Options" not in response
    props = _frame_props(response.content.decode())
    assert props == {
        "origins": ["https://partner.example", "https://shop.example:8443"],
        "type": HEIGHT_MESSAGE,
    }
    # The other pages of the same brand are never framed.
    other = _get(client, "/hotels", host=AGENCY_HOST)
    assert "frame-ancestors 'none'" in other["Content-Security-Policy"]
    assert other["X-Frame-Options"] == "DENY"


def test_an_http_origin_is_refused_in_admin():
    from django.core.exceptions import ValidationError

    override = BrandOverride(kind=AGENT, key="42", frame_ancestors="http://partner.example")
    with pytest.raises(ValidationError):
        override.clean()


def test_the_widget_loads_its_height_script_from_our_origin(client):
    html = _get(client, "/widgets/search").content.decode()
    assert re.search(r'<script type="module" src="/static/islands/widget-[A-Z0-9]{8}\.js">', html)
    assert "<script>" not in html  # no inline script


# ---- where a search goes ----


@pytest.mark.parametrize("prefix", ["", "/he", "/ja"])
def test_the_search_opens_on_the_brands_host_in_the_top_window(client, settings, prefix):
    settings.SITE_ORIGIN = "https://example.com"
    html = _get(client, f"{prefix}/widgets/search", host=AGENCY_HOST).content.decode()
    form = _form(html)
    assert f'action="https://{AGENCY_HOST}{prefix}/hotels/search"' in form
    assert 'target="_top"' in form
    props = json.loads(
        re.search(r'<script id="[^"]*" type="application/json">(\{"action".*?)</script>', html)
        .group(1)
        .replace("\\u0026", "&")
    )
    assert props["action"] == f"https://{AGENCY_HOST}{prefix}/hotels/search"
    assert props["target"] == "_top"
    home = re.search(r'<p class="widget__by"><a href="([^"]+)" target="_top">', html).group(1)
    assert home.split("?")[0] == f"https://{AGENCY_HOST}{prefix}/"


def test_an_agent_brands_search_keeps_its_fid_on_the_canonical_host(client, settings):
    settings.SITE_ORIGIN = "https://example.com"
    html = _get(client, "/he/widgets/search?fid=42").content.decode()
    assert 'action="https://example.com/he/hotels/search" target="_top"' in _form(html)
    assert '<input type="hidden" name="fid" value="42">' in html
    html = _get(client, "/widgets/search?fid=42").content.decode()
    assert 'action="https://example.com/hotels/search" target="_top"' in _form(html)
    assert '<input type="hidden" name="fid" value="42">' in html
    assert "Hotel search by Sunny Trips" in html


def test_other_pages_search_form_stays_relative_and_in_place(client):
    html = _get(client, "/hotels").content.decode()
    form = _form(html)
    assert 'action="/hotels/search"' in form and "target=" not in form


def test_the_widget_has_the_locales_direction(client):
    for prefix, direction in (("", "ltr"), ("/he", "rtl"), ("/ar", "rtl"), ("/ja", "ltr")):
        html = _get(client, f"{prefix}/widgets/search").content.decode()
        assert f'dir="{direction}"' in html.split(">", 2)[1]


# ---- the snippet ----


def test_widget_src_by_kind(settings):
    settings.SITE_ORIGIN = "https://example.com"
    assert widget_src(kind=AGENT, key="42") == "https://example.com/widgets/search?fid=42"
    assert widget_src(kind=AGENT, key="1") == "https://example.com/widgets/search"
    assert (
        widget_src(kind=AGENCY, key=AGENCY_HOST, locale="he", colors={"brand": "#f60"})
        == f"https://{AGENCY_HOST}/he/widgets/search?brand=%23f60"
    )
    settings.HTTPS = True
    assert (
        widget_src(kind=WHITE_LABEL, key="travel.globex.example", colors={"brand": "red"})
        == "https://travel.globex.example/widgets/search"
    )


def test_the_snippet_listens_to_our_origin_only():
    text = snippet(
        src="https://example.com/widgets/search?fid=42&brand=%23f60",
        origin="https://example.com",
        title='Hotel search by "Sunny" <Trips>',
    )
    frame = re.search(r"<iframe [^>]*></iframe>", text).group(0)
    assert 'src="https://example.com/widgets/search?fid=42&amp;brand=%23f60"' in frame
    assert 'title="Hotel search by &quot;Sunny&quot; &lt;Trips&gt;"' in frame
    assert "width:100%" in frame and "border:0" in frame
    assert 'event.origin !== "https://example.com"' in text
    assert f'event.data.type !== "{HEIGHT_MESSAGE}"' in text
    assert "frame.contentWindow === event.source" in text


# ---- the brand admin: the snippet and the live preview ----

SNIPPET = "/admin/brands/brandoverride/widget/snippet/"
WIDGET = "/admin/brands/brandoverride/widget/"
ADMIN = {"Host": "127.0.0.1"}


@pytest.fixture
def operator(client):
    from django.contrib.auth.models import User

    user = User.objects.create_superuser("operator", "op@example.com", "op-pass-2026")
    client.force_login(user)
    return user


def test_the_snippet_follows_the_form(client, operator, settings):
    settings.SITE_ORIGIN = "https://example.com"
    query = {"kind": AGENT, "key": "42", "widget_locale": "he", "widget_brand": "#c2410c"}
    body = client.get(SNIPPET, query, headers=ADMIN).json()
    assert body["src"] == "https://example.com/he/widgets/search?brand=%23c2410c&fid=42"
    assert 'title="חיפוש מלונות של ' in body["snippet"]
    assert 'event.origin !== "https://example.com"' in body["snippet"]
    query = {"kind": AGENCY, "key": AGENCY_HOST, "widget_brand": "red"}
    body = client.get(SNIPPET, query, headers=ADMIN).json()
    assert body["src"] == f"https://{AGENCY_HOST}/widgets/search"
    assert 'title="Hotel search by Acme Travel"' in body["snippet"]
    assert client.get(SNIPPET, {"kind": AGENT, "key": ""}, headers=ADMIN).json()["snippet"] == ""


def test_the_change_form_shows_the_saved_brands_snippet_after_its_fieldset(client, operator):
    override = BrandOverride.objects.create(
        kind=AGENT, key="42", frame_ancestors="https://partner.example"
    )
    html = client.get(
        f"/admin/brands/brandoverride/{override.pk}/change/", headers=ADMIN
    ).content.decode()
    order = ['id="id_frame_ancestors"', 'class="module widget-snippet"', 'id="id_map_provider"']
    assert [html.index(marker) for marker in order] == sorted(html.index(m) for m in order)
    code = re.search(r'<textarea id="widget-snippet-code"[^>]*>(.*?)</textarea>', html, re.S)
    assert "/widgets/search?fid=42" in unescape(code.group(1))
    assert 'form="widget-options"' in html  # its own inputs are never saved with the brand


def test_the_widget_preview_draws_the_forms_brand_and_colours(client, operator):
    query = {
        "kind": AGENT,
        "key": "42",
        "name": "Preview Co",
        "color_brand_light": "#123456",
        "widget_locale": "ar",
        "widget_bgBrand": "#c2410c",
        "widget_textBrand": "url(x)",
    }
    response = client.get(WIDGET, query, headers=ADMIN)
    html = response.content.decode()
    assert 'lang="ar" dir="rtl"' in html
    assert "Preview Co" in html and "--brand:#123456" in html
    assert ":root,:root[data-theme]{ --bg-brand:#c2410c;}" in html
    form = _form(html)
    assert 'target="_blank"' in form  # a search from the admin's preview never leaves the admin
    assert _frame_props(html)["origins"] == ["http://127.0.0.1"]
    assert "frame-ancestors 'self'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "SAMEORIGIN"


def test_the_widget_admin_views_need_staff(client):
    for path in (SNIPPET, WIDGET):
        response = client.get(path, headers=ADMIN)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


# ---- every locale ----

RAW_KEY = re.compile(r"(?<![\w.@/])(?:widget|search|guests|pages|meta)\.[a-z_]+(?:\.[a-z_-]+)*")


def _words(html: str) -> str:
    """What a visitor reads or hears: the text, the fields' placeholders and labels."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    said = re.findall(r'(?:placeholder|aria-label|title)="([^"]*)"', html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *said]))


def _english_left(text: str, code: str) -> list[str]:
    """English stretches (6 characters or more, between placeholders) of the widget's messages
    found on its page in ``code``, where that locale says them otherwise."""
    english, own = messages("en"), messages(code)
    found = []
    for key, sentence in english.items():
        if not key.startswith(("widget.", "search.", "guests.")) or own.get(key) == sentence:
            continue
        for part in PLACEHOLDER_RE.sub("\0", sentence).split("\0"):
            part = part.strip()
            if len(part) >= 6 and part in text and part not in (own.get(key) or ""):
                found.append((key, part))
    return found


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_the_widget_speaks_every_locale(client, settings, code):
    settings.SITE_ORIGIN = "https://example.com"
    loc = LOCALES[code]
    html = _get(client, f"{loc.prefix}/widgets/search?fid=42").content.decode()
    assert f'<html lang="{loc.iso}" dir="{loc.dir}"' in html
    text = _words(html)
    assert RAW_KEY.search(text) is None, RAW_KEY.search(text)
    assert translate("widget.frame_title", code, brand="").strip() in text
    if code != "en":
        assert _english_left(text, code) == []
        assert _english_left(text + " Hotel search by", code) != []  # it would see English
    assert f'action="https://example.com{loc.prefix}/hotels/search" target="_top"' in html
