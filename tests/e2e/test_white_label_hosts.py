"""Three hosts, three brands, as Chromium shows them (*.localhost resolves to 127.0.0.1)."""

import pytest

pytestmark = pytest.mark.usefixtures("demo_data")

HOSTS = {
    "127.0.0.1": "Travelnest",
    "acme.partners.localhost": "Acme Travel",
    "travel.globex.localhost": "Globex Holidays",
}


def test_each_host_shows_its_own_brand(new_page, server_url):
    port = server_url.rsplit(":", 1)[1]
    seen = {}
    for host, name in HOSTS.items():
        page = new_page()
        page.goto(f"http://{host}:{port}/")
        assert name in page.locator("footer .site-footer__legal").inner_text()
        logo = page.locator(".site-header .logo__img--light")
        seen[host] = (
            logo.get_attribute("src"),
            page.locator('link[rel="icon"]').get_attribute("href"),
            page.evaluate(
                "getComputedStyle(document.documentElement).getPropertyValue('--bg-brand').trim()"
            ),
        )
        assert page.evaluate("document.querySelector('.logo__img--light').naturalWidth") > 0
    for index in range(3):
        assert len({values[index] for values in seen.values()}) == 3, seen


def test_unknown_host_is_refused(new_page, server_url):
    port = server_url.rsplit(":", 1)[1]
    page = new_page()
    response = page.goto(f"http://stranger.localhost:{port}/")
    assert response.status == 400
