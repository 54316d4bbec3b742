"""Right-to-left pages and other scripts (issue 11): the hero's sun is mirrored in Hebrew and
Arabic and kept clear of the headline, Japanese headlines break between phrases, the longest
destination hint fits its field, and every script names its own fonts."""

import pytest

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from tests.e2e.helpers import mounted


def _home(locale):
    return "/" if locale == "en" else f"/{locale}/"


BOXES = """(selectors) => Object.fromEntries(selectors.map((selector) => {
  const r = document.querySelector(selector).getBoundingClientRect();
  return [selector, {left: r.left, right: r.right, top: r.top, bottom: r.bottom}];
}))"""


def _overlap(a, b):
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


@pytest.mark.parametrize("width", [1280, 1024])
def test_the_sun_is_mirrored_in_right_to_left_pages_and_clear_of_the_text(
    new_page, server_url, width
):
    page = new_page(width=width, java_script_enabled=False)
    boxes = {}
    for locale in ("en", "he", "ar"):
        page.goto(f"{server_url}{_home(locale)}")
        boxes[locale] = page.evaluate(BOXES, [".hero__sun", ".hero__title", ".hero__lead"])
        sun = boxes[locale][".hero__sun"]
        assert sun["right"] - sun["left"] > 40, locale  # drawn
        for text in (".hero__title", ".hero__lead"):
            assert not _overlap(sun, boxes[locale][text]), (locale, text, boxes[locale])
    en_sun, en_title = boxes["en"][".hero__sun"], boxes["en"][".hero__title"]
    assert en_sun["left"] >= en_title["right"]  # at the inline end: right in English
    for locale in ("he", "ar"):
        sun, title = boxes[locale][".hero__sun"], boxes[locale][".hero__title"]
        assert sun["right"] <= title["left"], locale  # and left in Hebrew and Arabic
        assert abs(sun["left"] - (width - en_sun["right"])) <= 1, locale  # mirrored
        assert abs(sun["top"] - en_sun["top"]) <= 1, locale


def test_a_partner_background_gets_no_sun(new_page, server_url, demo_data):
    """The sun belongs to the storefront's own artwork, not to a partner's picture."""
    from storefront.sandbox.models import ProviderBrand

    row = ProviderBrand.objects.get(key="acme.partners.localhost")
    picture = "https://images.example.com/beach.jpg"
    row.config = {**row.config, "background": {"light": picture, "dark": picture}}
    row.save()
    page = new_page(java_script_enabled=False)
    page.goto(server_url.replace("127.0.0.1", "acme.partners.localhost") + "/")
    assert page.locator(".hero__title").is_visible()
    assert page.locator(".hero__sun").count() == 0


@pytest.mark.parametrize("width", [375, 1280])
def test_japanese_headlines_break_between_phrases(new_page, server_url, width):
    page = new_page(width=width, java_script_enabled=False)
    page.goto(f"{server_url}/ja/")
    for selector in (".hero__title", ".hero__lead", ".section__title"):
        style = page.locator(selector).first.evaluate("(el) => getComputedStyle(el).wordBreak")
        assert style == "auto-phrase", selector
    page.context.clear_cookies()  # "/" would answer in Japanese again
    page.goto(f"{server_url}/")
    assert page.locator(".hero__title").evaluate("(el) => getComputedStyle(el).wordBreak") == (
        "normal"
    )


# The hint's text set in its field at the placeholder's size, as a value: it must not scroll.
HINT_FITS = """(input) => {
  const hint = getComputedStyle(input, "::placeholder");
  const saved = [input.type, input.value];
  input.type = "text";
  for (const name of ["font-family", "font-size", "font-weight", "letter-spacing"]) {
    input.style.setProperty(name, hint.getPropertyValue(name));
  }
  input.value = input.placeholder;
  const fits = [input.scrollWidth, input.clientWidth];
  [input.type, input.value] = saved;
  input.removeAttribute("style");
  return fits;
}"""


def test_the_destination_hint_fits_its_field_in_every_locale(new_page, server_url):
    """The destination hint fits its field at 375 px and at 1280 px in every locale. One page
    load per locale, measured at both widths: without JavaScript the server sends the same page
    whatever the width, and the layout follows the viewport at once."""
    page = new_page(java_script_enabled=False)
    problems = []
    for code in LOCALES:
        page.context.clear_cookies()  # "/" would answer in the last locale visited
        page.goto(f"{server_url}{_home(code)}")
        for width in (375, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            field = page.locator("#search-destination")
            scroll_width, client_width = field.evaluate(HINT_FITS)
            if scroll_width > client_width:
                problems.append(f"{code} at {width} px: hint {scroll_width} px in {client_width}")
    assert problems == [], "\n".join(problems)


FONTS = {
    "th": ("Leelawadee UI", "Thonburi", "Noto Sans Thai"),
    "ja": ("Hiragino Sans", "Yu Gothic", "Noto Sans CJK JP"),
    "ko": ("Apple SD Gothic Neo", "Malgun Gothic", "Noto Sans CJK KR"),
    "zh-cn": ("PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC"),
    "zh-tw": ("PingFang TC", "Microsoft JhengHei", "Noto Sans CJK TC"),
    "he": ("Arial Hebrew", "Noto Sans Hebrew"),
    "ar": ("Geeza Pro", "Noto Sans Arabic"),
}


def test_every_script_names_its_own_fonts(new_page, server_url):
    page = new_page(java_script_enabled=False)
    stacks = {}
    for code, families in FONTS.items():
        page.goto(f"{server_url}/{code}/")
        stacks[code] = page.locator(".hero__title").evaluate(
            "(el) => getComputedStyle(el).fontFamily"
        )
        for family in families:
            assert f'"{family}"' in stacks[code] or family in stacks[code], (code, family)
        assert stacks[code].startswith("system-ui"), code  # the system's UI font first
    # Chinese, Japanese and Korean each put their own Han fonts before anyone else's.
    for code, other in (("ja", "zh-cn"), ("zh-cn", "ja"), ("zh-tw", "zh-cn"), ("ko", "ja")):
        assert FONTS[other][-1] not in stacks[code], (code, other)
    # A language's own name in the language list gets its script's fonts on any page.
    page.goto(f"{server_url}/choose/language?next=/")
    japanese = page.locator('.language-list [data-locale="ja"] span[lang]')
    assert "Noto Sans CJK JP" in japanese.evaluate("(el) => getComputedStyle(el).fontFamily")


@pytest.mark.parametrize("locale", ["he", "ar", "ru", "th"])
def test_the_unit_toggle_shows_both_symbols_from_the_catalog(new_page, server_url, locale):
    page = new_page(width=375)
    page.goto(f"{server_url}/{locale}/")
    mounted(page, "UnitToggle")
    shown = page.locator(".unit-toggle span[aria-hidden]").all_inner_texts()
    assert shown == [translate("unit.short_m", locale), "/", translate("unit.short_f", locale)]
