"""The header at laptop widths (issue 11): for every role and in long languages, the logo, the
navigation and the controls never overlap and the page never scrolls sideways, with the
server's header (no JavaScript) and with the mounted island, which are the same size."""

import pytest

from tests.e2e.helpers import log_in, mounted

pytestmark = pytest.mark.usefixtures("demo_data")

ROLES = [None, "traveller@example.com", "agent@example.com", "power@example.com"]
LOCALES = ["en", "de", "ru", "he"]
WIDTHS = [1024, 1100, 1280]

BOXES = """() => {
  const box = (selector) => {
    const element = document.querySelector(selector);
    if (!element) return null;
    const r = element.getBoundingClientRect();
    if (!r.width || !r.height) return null;
    const [left, right, top, bottom] = [r.left, r.right, r.top, r.bottom].map(Math.round);
    return {left, right, top, bottom};
  };
  return {
    logo: box("header .logo"),
    nav: box("header .site-nav"),
    controls: box("header .site-header__end"),
    header: box("header.site-header"),
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  };
}"""


def _overlap(a, b):
    return bool(
        a
        and b
        and a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


def _problems(boxes, where):
    problems = []
    for first, second in (("logo", "nav"), ("nav", "controls"), ("logo", "controls")):
        if _overlap(boxes[first], boxes[second]):
            problems.append(f"{where}: {first} {boxes[first]} overlaps {second} {boxes[second]}")
    if boxes["scrollWidth"] > boxes["innerWidth"]:
        problems.append(f"{where}: scrolls sideways ({boxes['scrollWidth']} px)")
    return problems


@pytest.mark.parametrize("email", ROLES, ids=["anonymous", "traveller", "agent", "power"])
def test_logo_navigation_and_controls_never_overlap(new_page, server_url, email):
    server = new_page(java_script_enabled=False)
    if email:
        log_in(server, server_url, email)
    island = new_page()
    island.context.add_cookies(server.context.cookies())
    problems = []
    for locale in LOCALES:
        # One load per locale, measured at each width: the layout follows the viewport at once.
        path = f"{server_url}{'' if locale == 'en' else '/' + locale}/hotels"
        server.goto(path)
        island.goto(path)
        mounted(island, "Header")
        for width in WIDTHS:
            heights = []
            for page, kind in ((server, "server"), (island, "island")):
                page.set_viewport_size({"width": width, "height": 800})
                boxes = page.evaluate(BOXES)
                problems += _problems(boxes, f"{locale} {width} px {kind}")
                heights.append(round(boxes["header"]["bottom"] - boxes["header"]["top"]))
            if heights[0] != heights[1]:
                problems.append(f"{locale} {width} px: header {heights[0]} px, island {heights[1]}")
    assert problems == [], "\n".join(problems)
