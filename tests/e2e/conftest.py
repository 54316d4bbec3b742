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
def playwright():
    from playwright.sync_api import sync_playwright

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = launch(playwright)
    yield browser
    browser.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keeps each phase's report on the test (``item.report_call``) for fixtures to read."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def new_page(browser, request):
    """Open pages in fresh contexts: ``new_page(width=375, color_scheme="dark", ...)``. When the
    test fails, what each page showed at the end is printed with the failure: its address, the
    dialogs open, which islands mounted, and the console errors it logged (a failure seen once
    under load can then be read, not guessed)."""
    contexts, notes = [], []

    def open_page(*, width=1280, height=900, **options):
        context = browser.new_context(viewport={"width": width, "height": height}, **options)
        contexts.append(context)
        page = context.new_page()
        errors = []
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        page.on("pageerror", lambda error: errors.append(str(error)))
        notes.append((page, errors))
        return page

    yield open_page
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for page, errors in notes:
            print(f"page {page.url}: console errors {errors}")
            if not page.is_closed():
                print("  " + page.evaluate(PAGE_STATE))
    for context in contexts:
        context.close()


PAGE_STATE = """() => `dialogs open: ${[...document.querySelectorAll("dialog[open]")]
  .map((d) => d.getAttribute("aria-labelledby") || d.className)}; islands: ${
  [...document.querySelectorAll("[data-island]")].map((i) =>
    `${i.dataset.island}${i.dataset.mounted ? "" : " (not mounted)"}`)}`"""
