"""Small helpers for browser journeys."""

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def open_picker(page, name):
    """Open a header picker (``currency``, ``language``) by its summary control."""
    page.locator(f"details.{name}-picker > summary").click()
    return page.locator(f"details.{name}-picker .dropdown__panel")


def axe_violations(page):
    """Run axe-core (the npm package) on the page; the context must bypass CSP to inject it."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]
    ]
