"""Locale resolution (DESIGN section 4): prefix; on / only cookie, then Accept-Language, then en."""

import pytest

from storefront.i18n.resolution import locale_from_accept_language, locale_from_path

GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"


def test_cookie_redirects_root_to_its_locale(client):
    client.cookies["i18n_redirected"] = "fr"
    response = client.get("/")
    assert response.status_code == 302
    assert response["Location"] == "/fr/"


def test_accept_language_redirects_root(client):
    response = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert response.status_code == 302
    assert response["Location"] == "/de/"


def test_cookie_wins_over_accept_language(client):
    client.cookies["i18n_redirected"] = "ja"
    response = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert response["Location"] == "/ja/"


def test_english_or_no_match_stays(client):
    assert client.get("/", headers={"Accept-Language": "en-GB,en;q=0.9"}).status_code == 200
    assert client.get("/", headers={"Accept-Language": "xx-YY"}).status_code == 200
    assert client.get("/").status_code == 200


def test_crawlers_are_never_redirected(client):
    client.cookies["i18n_redirected"] = "fr"
    response = client.get("/", headers={"Accept-Language": "de", "User-Agent": GOOGLEBOT})
    assert response.status_code == 200


def test_only_the_bare_root_redirects(client):
    response = client.get("/hotels", headers={"Accept-Language": "de"})
    assert response.status_code == 200
    assert '<html lang="en"' in response.content.decode()


def test_redirect_keeps_the_query(client):
    response = client.get("/?fid=7", headers={"Accept-Language": "he"})
    assert response["Location"] == "/he/?fid=7"


def test_rendering_a_page_sets_the_locale_cookie(client):
    response = client.get("/pt-br/hotels")
    cookie = response.cookies["i18n_redirected"]
    assert cookie.value == "pt-br"
    assert cookie["max-age"] == 365 * 24 * 60 * 60
    assert cookie["path"] == "/"


def test_error_pages_do_not_set_the_locale_cookie(client):
    assert "i18n_redirected" not in client.get("/de/no-such-page").cookies


def test_unsupported_cookie_is_ignored(client):
    client.cookies["i18n_redirected"] = "xx"
    assert client.get("/").status_code == 200


@pytest.mark.parametrize(
    "header,expected",
    [
        ("pt-BR,pt;q=0.8", "pt-br"),
        ("pt-PT", "pt"),
        ("zh-Hant-TW", "zh-tw"),
        ("zh-HK", "zh-tw"),
        ("zh-Hans", "zh-cn"),
        ("zh", "zh-cn"),
        ("fil-PH", "tl-ph"),
        ("iw", "he"),
        ("nb-NO,de;q=0.5", "de"),
        ("fr;q=0.2,ar;q=0.9", "ar"),
        ("*", None),
        ("", None),
    ],
)
def test_accept_language_matching(header, expected):
    assert locale_from_accept_language(header) == expected


def test_locale_from_path():
    assert locale_from_path("/de/hotels") == ("de", "/hotels")
    assert locale_from_path("/zh-tw/") == ("zh-tw", "/")
    assert locale_from_path("/zh-tw") == ("zh-tw", "/")
    assert locale_from_path("/hotels") == ("en", "/hotels")
    assert locale_from_path("/define") == ("en", "/define")
