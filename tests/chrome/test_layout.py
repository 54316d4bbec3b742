"""The chrome (storefront/chrome/layout.py): one object per render whose values are computed when
a template first reads them, on every page and error page of the Jinja2 engine, never for the
admin's own pages."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import RequestFactory

from storefront.chrome import selectors
from storefront.chrome.layout import Chrome
from storefront.pages.errors import render_error


def _refuse(*args, **kwargs):
    raise AssertionError("computed for a page that does not show it")


def test_a_value_no_template_reads_is_never_computed(client, monkeypatch):
    """The widget layout shows no header and no footer: their links are never asked for."""
    for name in ("header_nav", "account_menu", "footer_sections", "legal_links", "social_links"):
        monkeypatch.setattr(selectors, name, _refuse)
    response = client.get("/widgets/search")
    assert response.status_code == 200 and 'class="layout-widget"' in response.text


def test_a_value_is_computed_once_per_render(client, monkeypatch):
    calls = []
    real = selectors.header_nav

    def counted(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(selectors, "header_nav", counted)
    html = client.get("/").content.decode()
    # The header's menu and bar both list the links, and the Header island's props too.
    assert html.count('data-link="hotels"') >= 2 and len(calls) == 1


@pytest.mark.parametrize("path", ["/he/nope", "/ja/hotels?x=1"])
def test_an_error_page_that_no_middleware_saw_falls_back(path):
    """The path's locale, the default brand, every locale's home (not the failed address)."""
    request = RequestFactory().get(path)
    chrome = Chrome(request)
    code = path.split("/")[1]
    assert chrome.locale.code == code and chrome.visitor.locale == code
    assert chrome.page is None and chrome.canonical_url == "" and chrome.alternates == []
    assert chrome.current_path == f"/{code}/" and chrome.language_next == "/"
    html = render_error(request, status=500).content.decode()
    assert f'<html lang="{code}"' in html and f'href="/{code}/"' in html


def test_the_admin_pages_do_not_get_the_chrome(client):
    client.force_login(User.objects.create_superuser("op", "op@example.com", "op-pass-2026"))
    response = client.get("/admin/", headers={"Host": "127.0.0.1"})
    assert response.status_code == 200 and "chrome" not in response.context


class _Main(HTMLParser):
    """Where a page's render-blocking hint points, and what its <main> holds last."""

    def __init__(self):
        super().__init__()
        self.expects, self.markers, self.depth, self.last_in_main = [], 0, 0, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") == "expect":
            self.expects.append((attrs.get("href"), attrs.get("blocking")))
        if attrs.get("id") == "main-end":
            self.markers += 1
        if tag == "main":
            self.depth = 1
        elif self.depth:
            if self.depth == 1:
                self.last_in_main = attrs.get("id")
            if tag not in VOID:
                self.depth += 1

    def handle_endtag(self, tag):
        if self.depth and tag not in VOID:
            self.depth -= 1


VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/he/hotels/spain/barcelona",
        "/ja/login",
        "/choose/language",
        "/widgets/search",
        "/nope",
    ],
)
def test_the_first_frame_waits_for_the_whole_main_content(client, path):
    """Each layout ends <main> with the marker the head's render-blocking hint names, once: a
    browser draws the first screen after parsing all of the main content, not a slice of it."""
    response = client.get(path)
    page = _Main()
    page.feed(response.content.decode())
    assert page.expects == [("#main-end", "render")]
    assert page.markers == 1 and page.last_in_main == "main-end"
