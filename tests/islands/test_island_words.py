"""What every island will say, checked on the server in all 39 locales.

The browser test (``tests/e2e/test_islands_in_every_locale.py``) mounts the islands and reads
what they render in the locales where script and layout are the point (he and ar right to left,
ja and zh CJK, th); this one covers every locale without a browser:

- every catalog key the islands' code asks for by name exists (so no visitor reads a key);
- no island attribute that a person reads (``aria-label``, ``title``, ``placeholder``, ``alt``)
  is written as English text in the JSX;
- the props each island receives on the pages that have them, in every locale: a string shaped
  like a catalog key is a key every catalog has, and the words the server resolved for an
  island's first render (``words``) are neither keys nor English the locale words differently.
"""

import json
import re
from pathlib import Path

import pytest
from django.conf import settings

from storefront.i18n.catalog import messages
from storefront.i18n.locales import LOCALES
from tests.words import KEY_LIKE, Words

pytestmark = pytest.mark.usefixtures("provider")

STATIC_SRC = Path(settings.BASE_DIR) / "static_src"
CODE = [
    p for p in STATIC_SRC.rglob("*.js*") if ".test." not in p.name and p.suffix in (".js", ".jsx")
]
# t("key") and t('key') as i18next and words.js are called; t(`family.${x}`) families apart.
ASKED = re.compile(r"""\bt\(\s*["']([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+)["']""")
FAMILY = re.compile(r"""\bt\(\s*`([a-z][a-z0-9_.]*\.)\$\{""")
WRITTEN = re.compile(r"""\b(aria-label|title|placeholder|alt)="([^"]*[A-Za-z]{2,}[^"]*)\"""")
PROPS = re.compile(r'<script id="island-props-[^"]+" type="application/json">(.*?)</script>', re.S)
HOTEL = "/hotels/spain/barcelona/barcelona-excelsior-hotel"
PAGES = ("/", "/hotels", "/searches", "/favorites", HOTEL, "/hotels/spain/barcelona")


def _code():
    return {path: path.read_text(encoding="utf-8") for path in CODE}


def test_every_key_the_islands_ask_for_exists():
    english = messages("en")
    plural_bases = {key.rsplit("_", 1)[0] for key in english if key.endswith("_other")}
    asked = {(path.name, key) for path, text in _code().items() for key in ASKED.findall(text)}
    assert len(asked) > 100  # the pattern finds what the code asks for
    missing = sorted(
        (name, key) for name, key in asked if key not in english and key not in plural_bases
    )
    assert missing == []
    families = {prefix for text in _code().values() for prefix in FAMILY.findall(text)}
    assert families and all(any(k.startswith(p) for k in english) for p in families), families


def test_no_island_writes_words_a_person_reads_in_english():
    written = [
        (path.name, attribute, value)
        for path, text in _code().items()
        if path.suffix == ".jsx"
        for attribute, value in WRITTEN.findall(text)
    ]
    assert written == []


def _strings(value, path=()):
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(item, (*path, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, (*path, str(index)))


@pytest.mark.parametrize("code", list(LOCALES))
def test_the_props_of_every_island_speak_the_locale(client, code):
    words, own = Words(code), messages(code)
    problems, islands = [], set()
    for page in PAGES:
        response = client.get(f"{LOCALES[code].prefix}{page}")
        assert response.status_code == 200, (code, page)
        html = response.content.decode()
        islands |= set(re.findall(r'data-island="([A-Za-z]+)"', html))
        for block in PROPS.findall(html):
            for path, text in _strings(json.loads(block)):
                if KEY_LIKE.fullmatch(text) and "." in text and text not in own:
                    if text.split(".")[0] in {k.split(".")[0] for k in own}:
                        problems.append(f"{page} {'.'.join(path)}: key {text!r} is missing")
                if "words" in path and (problem := words.problem(text)):
                    problems.append(f"{page} {'.'.join(path)}: {text!r} is {problem}")
    # The pages above carry the islands a visitor meets first.
    assert {"Header", "SearchBox", "CountryPicker", "UnitToggle", "Gallery"} <= islands
    assert problems == [], "\n".join(problems)
