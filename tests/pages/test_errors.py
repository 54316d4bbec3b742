"""Error pages: localised, branded, no stack trace outside DEBUG, a bare fallback if they fail."""

import re

from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.urls import path

from storefront import urls as site_urls
from storefront.i18n.catalog import translate
from storefront.pages import errors


def _home_button(html):
    return re.search(r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', html).groups()


def test_404_shows_the_text_the_image_and_a_home_link(client):
    response = client.get("/no-such-page")
    html = response.content.decode()
    assert response.status_code == 404
    assert "<h1" in html and "This page could not be found</h1>" in html
    assert re.search(r'<img class="status-panel__image" src="[^"]*page-not-found[^"]*\.svg"', html)
    assert _home_button(html) == ("/", "Go To Home Page")


def test_404_is_localised_by_prefix(client):
    html = client.get("/he/no-such-page").content.decode()
    assert translate("error.not_found", "he") in html
    assert 'dir="rtl"' in html
    assert _home_button(html) == ("/he/", translate("error.home", "he"))


def test_404_does_not_echo_a_long_path_into_every_link(client):
    response = client.get("/de/" + "x" * 10_000)
    assert response.status_code == 404
    assert response.content.decode().count("x" * 10_000) <= 1
    assert len(response.content) < 120_000


def test_unreadable_query_gets_the_real_localised_400_page(client):
    query = "&".join(f"a{i}=1" for i in range(1100))  # more than DATA_UPLOAD_MAX_NUMBER_FIELDS
    response = client.get(f"/de/hotels?{query}")
    html = response.content.decode()
    assert response.status_code == 400
    assert translate("error.bad_request", "de") in html
    assert translate(errors.ERROR_PAGE_FAILED, "de") not in html


def test_refused_csrf_is_the_localised_403_page():
    from django.test import Client

    client = Client(enforce_csrf_checks=True, headers={"Host": "127.0.0.1"})
    response = client.post("/fr/hotels", {"x": "1"})
    assert response.status_code == 403
    assert translate("error.forbidden", "fr") in response.content.decode()


def _boom(request):
    raise RuntimeError("secret internal detail")


def _forbidden(request):
    raise PermissionDenied


urlpatterns = [path("boom", _boom), path("de/forbidden", _forbidden), *site_urls.urlpatterns]
handler500 = "storefront.pages.errors.server_error"
handler403 = "storefront.pages.errors.permission_denied"


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_500_shows_code_message_and_no_trace(client):
    client.raise_request_exception = False
    response = client.get("/boom")
    html = response.content.decode()
    assert response.status_code == 500
    assert "Error 500" in html
    assert translate("error.generic", "en") in html
    assert "Go To Home Page" in html
    assert "secret internal detail" not in html and "Traceback" not in html


def test_error_page_that_fails_falls_back(rf, monkeypatch):
    def broken(*args, **kwargs):
        raise ValueError("template broke")

    monkeypatch.setattr(errors, "render_to_string", broken)
    request = rf.get("/de/whatever")
    response = errors.render_error(request, status=500)
    html = response.content.decode()
    assert response.status_code == 500
    assert translate(errors.ERROR_PAGE_FAILED, "de") in html
    assert 'href="/de/"' in html
    assert "template broke" not in html


@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_403_is_a_localised_page(client):
    response = client.get("/de/forbidden")
    assert response.status_code == 403
    html = response.content.decode()
    assert translate("error.forbidden", "de") in html and "Error 403" not in html
    assert translate("error.title", "de", status=403) in html
