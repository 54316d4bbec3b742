"""Catalogs: every key in every locale, same placeholders, real translations; a smoke test each."""

import json
import re
from collections import Counter

import pytest
from django.conf import settings
from markupsafe import escape  # as the templates escape (Jinja2)

from storefront.i18n.catalog import (
    PLACEHOLDER_RE,
    PLURAL_CATEGORIES,
    flatten,
    messages,
    plural_categories,
    translate,
)
from storefront.i18n.locales import LOCALE_CODES, LOCALES
from storefront.pages.routes import PAGES


def _catalog(code):
    with open(settings.LOCALES_DIR / f"{code}.json", encoding="utf-8") as fh:
        return flatten(json.load(fh))


EN = _catalog("en")
PLURAL_RE = re.compile(r"\A(.+)_(" + "|".join(PLURAL_CATEGORIES) + r")\Z")


PLURALS = {k for k in EN if PLURAL_RE.fullmatch(k)}


def _plural_base(key: str) -> str | None:
    """The family of a plural form (``results.count`` of ``results.count_few``), else None:
    ``guests.age_baby`` is a key of its own, not a form of ``guests.age``."""
    match = PLURAL_RE.fullmatch(key)
    return match.group(1) if match else None


PLURAL_BASES = {PLURAL_RE.fullmatch(k).group(1) for k in PLURALS}


def test_there_is_one_catalog_per_locale_and_no_other():
    files = sorted(p.stem for p in settings.LOCALES_DIR.glob("*.json"))
    assert files == sorted(LOCALE_CODES)
    assert len(files) == 39


@pytest.mark.parametrize("code", LOCALE_CODES)
def test_catalog_has_every_key_and_the_same_placeholders(code):
    catalog = _catalog(code)
    singular = {k for k in catalog if not _plural_base(k)}
    assert singular == set(EN) - PLURALS, singular ^ (set(EN) - PLURALS)
    for base in PLURAL_BASES:
        forms = {k.rsplit("_", 1)[1] for k in catalog if _plural_base(k) == base}
        # The locale's own CLDR forms, and English's too (every catalog has every English
        # key; a form the language never selects, such as Japanese _one, repeats _other).
        english = {k.rsplit("_", 1)[1] for k in EN if _plural_base(k) == base}
        assert forms == set(plural_categories(code)) | english, (code, base, forms)
        for category in forms:
            assert Counter(PLACEHOLDER_RE.findall(catalog[f"{base}_{category}"])) <= Counter(
                PLACEHOLDER_RE.findall(EN[f"{base}_other"])
            ), (code, base, category)
            assert catalog[f"{base}_{category}"].strip(), (code, base, category)
    for key, english in EN.items():
        if key in PLURALS:
            continue
        assert Counter(PLACEHOLDER_RE.findall(catalog[key])) == Counter(
            PLACEHOLDER_RE.findall(english)
        ), (code, key)
        assert catalog[key].strip(), (code, key)


@pytest.mark.parametrize("code", [c for c in LOCALE_CODES if c != "en"])
def test_catalog_is_translated(code):
    """Most sentences differ from English (names and loanwords may legitimately match)."""
    catalog = _catalog(code)
    sentences = [k for k, v in EN.items() if len(v.split()) >= 4 and k not in PLURALS]
    same = [k for k in sentences if catalog[k] == EN[k]]
    assert len(same) <= 1, same


def test_every_page_has_a_title_key():
    for page in PAGES:
        assert page.title_key in EN, page.name


@pytest.mark.parametrize("code", LOCALE_CODES)
def test_home_page_smoke(client, code):
    """Each locale renders its home page with its own translated headline and direction."""
    locale = LOCALES[code]
    response = client.get(f"{locale.prefix}/", headers={"User-Agent": "Googlebot"})
    assert response.status_code == 200
    html = response.content.decode()
    headline = translate("home.headline", code)
    assert re.search(re.escape(headline.replace("'", "&#39;")), html), code
    if code != "en":
        assert headline != EN["home.headline"] or code in ("nl",), code
    direction = "rtl" if code in ("he", "ar") else "ltr"
    assert f'dir="{direction}"' in html.split(">", 2)[1]


def test_template_tag_escapes_catalog_and_parameters(rf):
    from django.template import engines
    from django.utils import translation

    template = engines["jinja2"].from_string('{{ "footer.copyright"|t(year=2026, brand=name) }}')
    with translation.override("en"):
        html = template.render({"name": "<b>Evil</b>"})
    assert "&lt;b&gt;Evil&lt;/b&gt;" in html and "<b>" not in html


def test_a_template_fills_a_message_as_translate_does_in_every_locale():
    """The t filter splits each message once at its placeholders: what it writes is
    translate()'s text, escaped, whichever parameters come (one missing stays as written)."""
    from django.template import engines
    from django.utils import translation

    template = engines["jinja2"].from_string(
        '{{ "footer.copyright"|t(year=year, brand=brand) }}|{{ "footer.copyright"|t(year=1) }}'
    )
    for code in LOCALES:
        with translation.override(code):
            html = template.render({"year": 2026, "brand": "<A & B>"})
        full, partial = html.split("|")
        assert full == escape(translate("footer.copyright", code, year=2026, brand="<A & B>"))
        assert partial == escape(translate("footer.copyright", code, year=1)), code


def test_one_template_speaks_each_locale_it_is_rendered_in():
    """A literal key without parameters is looked up once per locale and kept on the template
    (the catalogs are read once per process): the same compiled template, rendered in turn in
    every locale, says each locale's words, escaped, and ``set`` keeps them."""
    from django.template import engines
    from django.utils import translation

    template = engines["jinja2"].from_string(
        '{{ "nav.hotels"|t }}|{% set note = "results.gross_note"|t %}{{ note }}'
    )
    for _round in range(2):
        for code in LOCALES:
            with translation.override(code):
                html = template.render({})
            keys = ("nav.hotels", "results.gross_note")
            expected = [escape(translate(key, code)) for key in keys]
            assert html.split("|") == expected, code


def test_missing_key_falls_back_to_english_then_key():
    assert translate("nav.hotels", "de") != "nav.hotels"
    assert translate("no.such.key", "de") == "no.such.key"


# Messages that read the same in Filipino as in English: names, formats and units, and two
# loanwords Filipino uses as they are (its own messages say "hotel" and "menu").
FILIPINO_AS_ENGLISH = {
    "meta.page_title",
    "search.summary_dates",
    "search.summary",
    "leads.dial_option",
    "header.menu",
    "place.hotel",
    "transaction.hotel",  # the label of the booked hotel's name on the outcome page
    "unit.short_m",
    "unit.short_f",
    *(f"social.{name}" for name in ("facebook", "messenger", "instagram", "linkedin")),
    *(f"social.{name}" for name in ("twitter", "whatsapp", "youtube")),
    *(f"cities.{name}" for name in ("dubai", "berlin", "barcelona", "cancun", "amsterdam")),
}


def test_nothing_is_left_in_english_in_filipino():
    """tl-ph had 29 messages still in English ("Swimming pool", "{{count}} review"...)."""
    english, filipino = messages("en"), messages("tl-ph")
    same = {key for key, text in english.items() if filipino.get(key) == text}
    assert same <= FILIPINO_AS_ENGLISH, sorted(same - FILIPINO_AS_ENGLISH)
