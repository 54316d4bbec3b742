"""Error pages: localised, branded, no stack trace outside DEBUG, a bare fallback if they fail."""

from django.core.exceptions import PermissionDenied
from django.test import override_settings
from django.urls import path

from storefront import urls as site_urls
from storefront.i18n.catalog import translate
from storefront.pages import errors


def test_404_shows_the_text_the_image_and_a_home_link(client):
    response = client.get("/no-such-page")
    html = response.content.decode()
    assert response.status_code == 404
    assert "This page could not be found" in html
    assert "page-not-found" in html and "<img" in html
    assert "Go To Home Page" in html and 'href="/"' in html


def test_404_is_localised_by_prefix(client):
    html = client.get("/he/no-such-page").content.decode()
    assert translate("error.not_found", "he") in html
    assert 'dir="rtl"' in html and 'href="/he/"' in html


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
