"""axe-core finds no violations on key pages in en and he, light and dark, desktop and phone."""

import pytest

from tests.e2e.helpers import axe_violations

PAGES = ["/", "/hotels", "/login", "/no-such-page"]


@pytest.mark.parametrize("locale", ["", "/he"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
def test_no_axe_violations(new_page, server_url, locale, scheme, width):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    problems = {}
    for path in PAGES:
        page.goto(f"{server_url}{locale}{path}")
        violations = axe_violations(page)
        if violations:
            problems[path] = violations
    assert problems == {}


@pytest.mark.parametrize("locale,scheme,width", [("", "light", 1280), ("/he", "dark", 375)])
def test_no_axe_violations_on_login_errors_and_register(
    new_page, server_url, locale, scheme, width
):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    page.goto(f"{server_url}{locale}/login?mode=register")
    page.locator(".auth-form button[type=submit]").click()  # every field missing
    page.wait_for_selector("#auth-email-error")
    assert axe_violations(page) == []
