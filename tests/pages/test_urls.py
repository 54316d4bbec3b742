"""Addresses as visitors and crawlers use them (issue 11, item 9)."""

import re
from html import unescape

import pytest

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

pytestmark = pytest.mark.usefixtures("demo_data")


@pytest.mark.parametrize(
    "asked, moved_to",
    [
        ("/hotels/", "/hotels"),
        ("/he/hotels/", "/he/hotels"),
        (
            "/de/hotels/search/?check_in=2027-01-10&currency=EUR",
            "/de/hotels/search?check_in=2027-01-10&currency=EUR",
        ),
        ("/hotels/places/de/berlin/", "/hotels/places/de/berlin"),
        ("//evil.example/hotels/", None),
    ],
)
def test_a_trailing_slash_moves_for_good_to_the_page(client, asked, moved_to):
    response = client.get(asked)
    if moved_to is None:  # never an address on another host
        assert response.status_code == 404 or not response["Location"].startswith("//")
        return
    assert response.status_code == 301
    assert response["Location"] == moved_to
    assert client.get(moved_to).status_code == 200


def test_an_unknown_address_with_a_slash_is_still_404(client):
    assert client.get("/no-such-page/").status_code == 404
    assert client.get("/he/").status_code == 200  # a locale's home keeps its slash


def _robots_rules(body):
    return [
        line.split(":", 1)[1].strip() for line in body.splitlines() if line.startswith("Disallow:")
    ]


def _blocked(rules, path):
    """Google's matching: `*` any characters, `$` the end of the address."""
    for rule in rules:
        pattern = re.escape(rule.rstrip("$")).replace(r"\*", ".*")
        if re.match(pattern + ("$" if rule.endswith("$") else ""), path):
            return True
    return False


def test_robots_txt_hides_private_pages_and_only_them(client):
    rules = _robots_rules(client.get("/robots.txt").content.decode())
    for path in (
        "/pay",
        "/de/pay",
        "/book",
        "/he/book",
        "/transaction/success",
        "/login",
        "/searches",
    ):
        assert _blocked(rules, path), path
    assert _blocked(rules, "/account/reservations/123e4567-e89b-12d3-a456-426614174000")
    for path in (
        "/hotels/spain/ibiza/paya-beach-hotel",
        "/de/hotels/spain/ibiza/paya-beach-hotel",
        "/hotels/uk/london/booking-house",
        "/hotels/destination/es/payasos",
        "/hotels",
        "/",
    ):
        assert not _blocked(rules, path), path


@pytest.mark.parametrize(
    "path",
    [
        "/login",
        "/sso",
        "/de/login",
        "/preferences/color-mode?mode=dark&next=/",
        "/preferences/language?locale=he&next=/",
    ],
)
def test_head_is_answered_like_get(client, path):
    head, get = client.head(path), client.get(path)
    assert head.status_code == get.status_code != 405


def test_the_sitemap_writes_hreflang_as_the_pages_do(client):
    sitemap = client.get("/sitemaps/pages.xml").content.decode()
    page = client.get("/pt-br/hotels").content.decode()
    sitemap_tags = set(re.findall(r'hreflang="([^"]+)"', sitemap))
    page_tags = set(re.findall(r'hreflang="([^"]+)"', page))
    assert sitemap_tags == page_tags
    assert {"pt-BR", "zh-TW", "zh-CN", "tl-PH", "x-default"} <= page_tags
    assert "pt-br" not in sitemap_tags


@pytest.mark.parametrize("code", list(LOCALES))
def test_the_payment_success_address_claims_no_booking(client, code):
    prefix = LOCALES[code].prefix
    html = unescape(client.get(f"{prefix}/transaction/success").content.decode())
    assert translate("transaction.success_text", code) not in html
    assert translate("transaction.status_unknown", code) in html
    # A made-up (or another visitor's) transaction: nothing but the 404 page.
    made_up = client.get(f"{prefix}/transaction/123e4567-e89b-12d3-a456-426614174000/success")
    assert made_up.status_code == 404


def test_every_url_name_names_one_address():
    """A page of the registry and an endpoint never share a name ({% url %} would pick one)."""
    from django.urls import URLResolver

    from storefront.pages.routes import PAGES
    from storefront.urls import urlpatterns

    paths_by_name: dict[str, set[str]] = {}
    for pattern in urlpatterns:
        if isinstance(pattern, URLResolver) and pattern.namespace:
            continue  # the admin's names live in its namespace
        for entry in getattr(pattern, "url_patterns", [pattern]):
            if getattr(entry, "name", None):
                paths_by_name.setdefault(entry.name, set()).add(str(entry.pattern))
    pages: dict[str, set[str]] = {}  # by the name reverse() knows (two rows may share a route)
    for page in PAGES:
        pages.setdefault(page.url_name, set()).update(page.paths)
    assert {n: p for n, p in paths_by_name.items() if n in pages and p != pages[n]} == {}
