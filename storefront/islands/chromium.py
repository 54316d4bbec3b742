"""How we start Debian's Chromium under Playwright (the browser suite and ``make bench``).

Never a downloaded browser. The flags keep Chromium off the network it cannot reach here.
"""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def launch(playwright, executable_path: str = CHROMIUM):
    return playwright.chromium.launch(executable_path=executable_path, args=list(CHROMIUM_ARGS))
