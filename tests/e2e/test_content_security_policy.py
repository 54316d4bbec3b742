"""Pages run under the real policy: no CSP violation, and the islands still mount."""

import pytest

from tests.e2e.helpers import mounted

# (path, whether the page carries the theme island: minimal and widget layouts have no controls)
PAGES = [
    ("/", True),
    ("/he/hotels", True),
    ("/login", True),
    ("/no-such-page", True),
    ("/pay", False),
    ("/widgets/search?brand=%23ff6600", False),
]


@pytest.mark.parametrize("path,has_island", PAGES)
def test_no_csp_violations(new_page, server_url, path, has_island):
    page = new_page()
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.goto(f"{server_url}{path}", wait_until="networkidle")
    assert violations == []
    if has_island:  # mounted at the first pointer, with the page's scripts allowed by the policy
        mounted(page, "Header")
        assert violations == []
    else:
        assert page.locator('[data-island="Header"]').count() == 0
