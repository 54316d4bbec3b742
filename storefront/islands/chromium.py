"""How we start Debian's Chromium under Playwright (the browser suite and ``make bench``).

Never a downloaded browser. The flags keep Chromium off the network it cannot reach here, and
keep it from drawing browser chrome nobody sees: Chromium 150+ loads its address bar's
suggestion popups as two WebUI pages in every new window, and Playwright opens a window for
every page. That was 0.3-0.4 CPU-s for each page a test opened, about 45 % of what opening
``/`` costs (``make test``: about 250 pages a run, on two cores).
"""

import os

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")

# Chromium obeys only the last ``--disable-features`` it is given, and Playwright passes its own
# first (playwright-core's chromiumSwitches.ts): ours repeats Playwright's list, then adds the
# address bar's popups. tests/e2e/test_chromium_launch.py fails when Playwright's list changes.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
UNSEEN_CHROME = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")

CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSEEN_CHROME),
)


def launch(playwright, executable_path: str = CHROMIUM, **options):
    """Debian's Chromium with our flags; ``options`` go to Playwright's ``launch`` (the
    back/forward cache test turns one of Playwright's own defaults off)."""
    return playwright.chromium.launch(
        executable_path=executable_path, args=list(CHROMIUM_ARGS), **options
    )
