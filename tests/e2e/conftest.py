"""Browser suite: Debian's Chromium driven by Playwright against a live server of the real app.

The server runs the whole middleware stack, WhiteNoise included, so static files are served
exactly as in production (hashed, compressed). Never a downloaded browser.
"""

import os

import pytest

from storefront.islands.chromium import CHROMIUM, launch

# Playwright's sync API runs an event loop in this thread; Django's ORM guard would refuse it.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(autouse=True)
def _sandbox_upstream(provider):
    """Browser journeys run against the sandbox."""


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def new_page(browser):
    """Open pages in fresh contexts: ``new_page(width=375, color_scheme="dark", ...)``."""
    contexts = []

    def open_page(*, width=1280, height=900, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()
