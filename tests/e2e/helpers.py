"""Small helpers for browser journeys."""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def open_picker(page, name):
    """Without JavaScript: open a header picker (``currency``, ``language``) by its summary."""
    page.locator(f"details.{name}-picker > summary").click()
    return page.locator(f"details.{name}-picker .dropdown__panel")


def mounted(page, island):
    """Wait until the island has mounted; returns its root element."""
    root = page.locator(f'[data-island="{island}"][data-mounted="true"]')
    root.wait_for(state="attached")
    return root


def tab_to(page, locator, *, limit=80):
    """Press Tab (keyboard only) until ``locator`` has the focus."""
    handle = locator.element_handle()
    for _ in range(limit):
        if page.evaluate("(el) => document.activeElement === el", handle):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


def open_dialog_with_keyboard(page, control):
    """Tab to ``control``, press Enter, and return the dialog that opened."""
    tab_to(page, control)
    page.keyboard.press("Enter")
    dialog = page.locator("dialog[open]")
    dialog.wait_for()
    return dialog


def axe_violations(page):
    """Run axe-core (the npm package) on the page; the context must bypass CSP to inject it.
    Injected once per document (650 kB of script): a page checked several times reuses it."""
    if not page.evaluate("typeof window.axe?.run === 'function'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]
    ]
