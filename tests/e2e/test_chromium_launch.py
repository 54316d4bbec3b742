"""How the suite starts Chromium (storefront/islands/chromium.py).

Chromium obeys only the last ``--disable-features`` switch, so ours must carry Playwright's own
list: when a Playwright upgrade changes that list, the first test says so (copy the new list
from the message). The second checks the browser we launch draws none of the address bar's
popups, which were nearly half of what opening a page cost.
"""

import re
from pathlib import Path

import playwright

from storefront.islands.chromium import PLAYWRIGHT_DISABLED_FEATURES, launch

BUNDLE = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"


def _playwrights_disabled_features() -> tuple[str, ...]:
    source = BUNDLE.read_text()
    found = re.search(r"disabledFeatures = \[(.*?)\]\.filter", source, re.S)
    assert found, f"Playwright's list of disabled features is no longer in {BUNDLE}"
    code = re.sub(r"//[^\n]*", "", found.group(1))
    return tuple(re.findall(r'"([^"]+)"', code))


def test_our_disabled_features_repeat_playwrights_own():
    assert PLAYWRIGHT_DISABLED_FEATURES == _playwrights_disabled_features()


def test_the_browser_opens_pages_and_nothing_else(playwright):
    browser = launch(playwright)
    try:
        for _ in range(2):
            browser.new_context().new_page().set_content("<p>Hello</p>")
        cdp = browser.new_browser_cdp_session()
        targets = cdp.send("Target.getTargets")["targetInfos"]
    finally:
        browser.close()
    assert sorted(t["type"] for t in targets) == ["page", "page"], targets
