"""The operator's pages as a reader sees them: in en, he, ja and de, at 1280 and 375, light and
dark, axe finds nothing, the text is laid out in the reader's direction or its own, and the
pages read the same without JavaScript."""

import pytest

from storefront.content.services import load_defaults
from storefront.i18n.catalog import translate
from tests.e2e.helpers import axe_violations

PATHS = ["/terms-of-use", "/privacy-policy", "/flights"]


@pytest.fixture(autouse=True)
def _shipped_texts():
    load_defaults()


@pytest.mark.parametrize("code", ["en", "he", "ja", "de"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
def test_content_pages_read_well_everywhere(new_page, server_url, code, scheme, width):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    prefix = "" if code == "en" else f"/{code}"
    problems = {}
    for path in PATHS:
        page.goto(f"{server_url}{prefix}{path}")
        text = page.locator(".content__text")
        assert text.is_visible()
        fallback = page.locator(".content__fallback")
        if code in ("en", "he"):  # shipped in these two
            assert fallback.count() == 0
            assert text.evaluate("e => getComputedStyle(e).direction") == (
                "rtl" if code == "he" else "ltr"
            )
        else:
            language = "英語" if code == "ja" else "Englisch"
            assert fallback.inner_text() == translate("content.fallback", code, language=language)
            assert text.get_attribute("lang") == "en"
            assert text.evaluate("e => getComputedStyle(e).direction") == "ltr"
        # Nothing wider than the screen (a long word, a table, a link).
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        violations = axe_violations(page)
        if violations:
            problems[path] = violations
    assert problems == {}


def test_content_pages_without_javascript(new_page, server_url):
    page = new_page(width=375, java_script_enabled=False)
    page.goto(f"{server_url}/he/terms-of-use")
    assert page.locator("h1").inner_text() == "תנאים והגבלות"
    assert page.locator(".content__text h2").count() >= 5
    page.locator(".content__text a[href='/he/privacy-policy']").first.click()
    assert page.url.endswith("/he/privacy-policy")
    assert page.locator(".content__text").is_visible()
