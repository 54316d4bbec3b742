"""Small helpers for browser journeys."""

import re
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

# The journeys' looks (issue rule: en, he, ja and de at 1280 and 375 px, light and dark), each
# language seen at both widths and in both themes over eight runs.
LOOKS = [
    ("en", 1280, "light"),
    ("he", 375, "dark"),
    ("ja", 375, "light"),
    ("de", 1280, "dark"),
    ("en", 375, "dark"),
    ("he", 1280, "light"),
    ("ja", 1280, "dark"),
    ("de", 375, "light"),
]

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def open_picker(page, name):
    """Without JavaScript: open a header picker. Its link leads to a page with the choices:
    the currency form (``/choose/currency``) or the language list (``/choose/language``)."""
    page.locator(f"header a.{name}-picker").click()
    page.wait_for_url(f"**/choose/{name}?next=*")
    return page.locator("main form.picker-form" if name == "currency" else "main .language-list")


def mounted(page, island):
    """Wait until the island has mounted; returns its root element. One that loads at the
    visitor's first interaction (``data-load="interaction"``: the anonymous header, the footer's
    controls, the gallery) is first brought in as a visitor would: the pointer moves over it, or
    over the element its ``data-zone`` names."""
    first = page.locator(f'[data-island="{island}"]').first
    first.wait_for(state="attached")
    waits = first.get_attribute("data-load") == "interaction"
    if waits and not first.get_attribute("data-mounted"):
        zone = first.get_attribute("data-zone")
        (page.locator(f"#{zone}") if zone else first).hover()
    root = page.locator(f'[data-island="{island}"][data-mounted="true"]')
    root.first.wait_for(state="attached")
    return root


def _has_focus(locator):
    """One call in the page: an island's swap cannot fall between finding the element and asking
    whether it has the focus (it did, under load, and Tab went on past it). A navigation that
    replaced the document meanwhile (a login's reload) is waited for and asked again."""
    for _ in range(3):
        try:
            return locator.evaluate_all("(els) => els.includes(document.activeElement)")
        except PlaywrightError as error:
            if "context was destroyed" not in error.message:
                raise
            locator.page.wait_for_load_state()
    return False


def tab_to(page, locator, *, limit=80):
    """Press Tab (keyboard only) until ``locator`` has the focus. The locator is read again at
    every step: a field an island swaps for a richer one on focus (the destination combobox)
    counts as reached when its successor has the focus, and so does a control an island draws
    once the focus has come into it (the anonymous header loads on focus)."""
    for _ in range(limit):
        if _has_focus(locator):
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


def card_texts(page, selector):
    """The text of each of a list's ``selector``, on screen or not: cards below the first screen
    are laid out only when they come near it (``content-visibility: auto``), and until then the
    browser's ``innerText`` of them is empty, though a visitor who scrolls reads them."""
    return [" ".join(text.split()) for text in page.locator(selector).all_text_contents()]


def live_combobox(field):
    """Wait until the search box's destination field is the combobox itself: its code loads on
    the first focus or pointer (SearchBox.jsx), and until then the field is a plain one."""
    expect(field).to_have_attribute("aria-controls", re.compile(r"\S"))
    return field


def active_option(page, field):
    """The combobox's active option, once it has one."""
    expect(field).to_have_attribute("aria-activedescendant", re.compile(r"\S"))
    return page.locator(f"#{field.get_attribute('aria-activedescendant')}")


def touch(page, fingers, steps=8):
    """Fingers through Chromium's own input pipeline (CDP ``Input.dispatchTouchEvent``, so the
    page gets touch and pointer events as from a screen): each finger ``((x, y), (dx, dy))``
    goes down at (x, y), moves by (dx, dy) in ``steps`` moves with the others, and lifts."""
    cdp = page.context.new_cdp_session(page)

    def send(kind, progress):
        points = [
            {"x": x + dx * progress, "y": y + dy * progress, "id": n}
            for n, ((x, y), (dx, dy)) in enumerate(fingers)
        ]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    send("touchStart", 0)
    for step in range(1, steps + 1):
        send("touchMove", step / steps)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    # The page has handled the touches; let it paint what followed before looking.
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def swipe(page, x, y, dx, dy, steps=8):
    """One finger down at (x, y), moved by (dx, dy), lifted."""
    touch(page, [((x, y), (dx, dy))], steps)


def log_in(page, server_url, email, next_path="/hotels"):
    """Log a demo user in through the storefront's login page (as without JavaScript) and land
    on ``next_path``."""
    from storefront.sandbox.demo import DEMO_PASSWORD

    page.goto(f"{server_url}/login?next={next_path}")
    page.locator("#auth-email").fill(email)
    page.locator("#auth-password").fill(DEMO_PASSWORD)
    with page.expect_navigation(url=f"{server_url}{next_path}"):
        page.locator(".auth-form button[type=submit]").click()
    assert page.locator("header .account-menu").count() == 1, "not logged in"


def log_in_to_admin(page, server_url, username, password, *, next_path="/admin/"):
    """Log in through the admin's own login form and land on ``next_path``."""
    page.goto(f"{server_url}/admin/login/?next={next_path}")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(f"{server_url}{next_path}")
