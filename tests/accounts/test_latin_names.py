"""The register form's name rule: Latin script, accents allowed, said so in every catalog."""

import re
import unicodedata
from html import unescape

import pytest

from storefront.accounts.rules import LATIN_NAME_RE, form_errors
from storefront.i18n.catalog import translate
from storefront.sandbox.models import Account

HOST = {"Host": "127.0.0.1"}

ACCEPTED = [
    "Jürgen Müller",
    "José Núñez",
    "Łukasz Żółć",
    "Đorđe Petrović",
    "Þór Ægisson",
    "Ærø Ødegård",
    "O'Neil",
    "O’Neil",  # the apostrophe phones type
    "Jean-Luc Picard",
    "Martin Luther King Jr.",
    "Nguyễn Văn Đức",
    "Şükrü İnce",
    "François Ñandú",
    "Marcel·lí Gal·la",
    "Ada",
]

REFUSED = [
    "Юрий Гагарин",  # Cyrillic
    "Ζωή",  # Greek
    "נינה",  # Hebrew
    "محمد",  # Arabic
    "山田太郎",  # CJK
    "김민준",  # Hangul
    "Jürgen Müller 2",  # digits
    "R2D2",
    "Ana 😀",  # emoji
    "Ana © Bo",  # symbols
    "Ana_Bo",
    "Ana@Bo",
    "Ana × Bo",
    "Ana\nBo",  # a full match: no newline inside
    "-Ana",  # starts with a letter
    "'Ana",
    "Ana·Bo",  # the middle dot only between two l's
    "Ｊｕｒｇｅｎ",  # fullwidth forms are not the Latin letters of a passport
    "𝐉𝐮𝐫𝐠𝐞𝐧",  # nor mathematical bold
    "Jurgen Мuller",  # a Cyrillic М hidden among Latin letters
]


@pytest.mark.parametrize("name", ACCEPTED)
def test_latin_names_with_diacritics_are_accepted(name):
    assert LATIN_NAME_RE.fullmatch(name), name
    assert "name" not in form_errors("register", {"name": name})


@pytest.mark.parametrize("name", REFUSED)
def test_other_scripts_digits_and_symbols_are_refused(name):
    assert not LATIN_NAME_RE.fullmatch(name), name
    assert form_errors("register", {"name": name})["name"] == "auth.name_english"


def test_the_rule_is_a_full_match():
    assert not LATIN_NAME_RE.fullmatch("Ana\n")  # what the form checks is stripped first
    assert not LATIN_NAME_RE.fullmatch("Ana 1")
    assert not LATIN_NAME_RE.fullmatch("1 Ana")


def test_decomposed_accents_count_as_the_letters_they_make():
    decomposed = unicodedata.normalize("NFD", "Jürgen Müller")
    assert decomposed != "Jürgen Müller"
    assert "name" not in form_errors("register", {"name": decomposed})
    # a letter with no precomposed form keeps its combining mark, and is still Latin
    assert "name" not in form_errors("register", {"name": "Ma\u0304ori\u0331"})
    assert form_errors("register", {"name": "\u0301Ana"})["name"] == "auth.name_english"


def test_every_character_the_rule_accepts_alone_is_a_latin_letter():
    letters = [chr(c) for c in range(0x110000) if LATIN_NAME_RE.fullmatch(chr(c))]
    assert len(letters) > 800
    for ch in letters:
        assert unicodedata.category(ch) in ("Lu", "Ll", "Lt", "Lo"), hex(ord(ch))
        assert unicodedata.name(ch).startswith("LATIN "), (hex(ord(ch)), unicodedata.name(ch))


@pytest.mark.usefixtures("demo_data")
def test_registering_with_an_accented_name_reaches_the_provider(client):
    decomposed = unicodedata.normalize("NFD", "Jürgen Müller")
    data = {
        "action": "register",
        "mode": "register",
        "name": decomposed,
        "email": "juergen@example.com",
        "password": "long-enough-1",
        "password_confirmation": "long-enough-1",
        "next": "/hotels",
    }
    response = client.post("/de/login", data, headers=HOST)
    assert response.status_code == 302 and response["Location"] == "/hotels"
    assert Account.objects.get(email="juergen@example.com").name == "Jürgen Müller"  # NFC


@pytest.mark.parametrize(
    "locale, says",
    [
        ("en", ("Latin letters", "accents allowed")),
        ("de", ("lateinischen Buchstaben", "Umlaute und Akzente sind erlaubt")),
        ("fr", ("caractères latins", "accents acceptés")),
    ],
)
@pytest.mark.usefixtures("demo_data")
def test_the_refusal_says_what_is_accepted(client, locale, says):
    prefix = "" if locale == "en" else f"/{locale}"
    data = {"action": "register", "mode": "register", "name": "Юрий", "email": "", "password": ""}
    html = unescape(client.post(f"{prefix}/login", data, headers=HOST).content.decode())
    message = translate("auth.name_english", locale)
    assert f'id="auth-name-error">{message}</p>' in html
    for words in says:
        assert words in message, (locale, message)
    placeholder = translate("auth.name_placeholder", locale)
    assert says[0] in placeholder and f'placeholder="{placeholder}"' in html


def test_no_catalog_still_asks_for_english_letters_or_no_accents():
    """The old wording: "English letters", "A–Z", "without diacritics" (and their translations)."""
    stale = re.compile(
        r"English|A–Z|engelske|bez diakritiky|bez polskich|sem acentos|fără diacritice"
        r"|без дијакритичких|bez lietuvišk|brez šumnikov|angleškimi|không dấu|tiếng Anh"
        r"|İngilizce|Ingles|الإنجليزية|באנגלית|英文|영문|ภาษาอังกฤษ"
    )
    from storefront.i18n.locales import LOCALE_CODES

    for code in LOCALE_CODES:
        for key in ("auth.name_english", "auth.name_placeholder"):
            assert not stale.search(translate(key, code)), (code, key, translate(key, code))
