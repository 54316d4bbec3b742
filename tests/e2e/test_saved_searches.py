"""/searches in the browser: a visitor who is not logged in sees the searches this browser
saved (newest first, check-ins from today on), removes one, clears them; at login they move into
the account, where another browser finds them and the search box offers them first."""

from datetime import timedelta

import pytest

from storefront.i18n.catalog import translate
from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.search.query import today
from tests.e2e.helpers import active_option, axe_violations, mounted, open_dialog_with_keyboard

pytestmark = pytest.mark.usefixtures("demo_data")


def entry(path, days, label, guests="2-7"):
    check_in = today() + timedelta(days=days)
    check_out = check_in + timedelta(days=3)
    router = f"{path}?place=2002&check_in={check_in}&check_out={check_out}&guests={guests}"
    params = {"check_in": str(check_in), "check_out": str(check_out), "guests": guests}
    return {"router": router, "label": label, "params": params}


def store(page, searches):
    page.evaluate("(s) => localStorage.setItem('searches', JSON.stringify(s))", searches)


def listed(page):
    return page.locator(".saved-search__link strong").all_inner_texts()


@pytest.mark.parametrize("code,prefix", [("en", ""), ("he", "/he"), ("ja", "/ja")])
def test_the_browsers_searches_are_listed_and_removed(new_page, server_url, code, prefix):
    page = new_page(width=375, color_scheme="dark", bypass_csp=True)
    page.goto(f"{server_url}{prefix}/searches")
    mounted(page, "SavedSearches")
    assert page.locator(".saved-searches__empty").inner_text() == translate("searches.empty", code)
    store(
        page,
        [
            entry(f"{prefix}/hotels/search", 10, "Lisbon"),
            entry(f"{prefix}/hotels/search", -2, "Gone"),  # its check-in has passed
            entry(f"{prefix}/hotels/search", 20, "Barcelona", guests="2"),
        ],
    )
    page.reload()
    mounted(page, "SavedSearches")
    assert listed(page) == ["Barcelona", "Lisbon"]  # newest first, the past one not shown
    first = page.locator(".saved-search").first
    day = today() + timedelta(days=20)
    dates = translate(
        "search.summary_dates",
        code,
        check_in=day.strftime("%d-%m-%Y"),
        check_out=(day + timedelta(days=3)).strftime("%d-%m-%Y"),
    )
    assert dates in first.inner_text()
    assert "{{" not in page.locator("main").inner_text() and "searches." not in first.inner_text()
    assert axe_violations(page) == []

    page.locator(".saved-search").filter(has_text="Lisbon").get_by_role("button").click()
    assert listed(page) == ["Barcelona"]
    assert [s["label"] for s in page.evaluate("JSON.parse(localStorage.searches)")] == [
        "Gone",
        "Barcelona",
    ]
    page.get_by_role("button", name=translate("searches.clear", code)).click()
    assert listed(page) == []
    assert page.locator(".saved-searches__empty").is_visible()
    assert page.evaluate("JSON.parse(localStorage.searches)") == []

    store(page, [entry(f"{prefix}/hotels/search", 12, "Lisbon")])
    page.reload()
    with page.expect_navigation():
        page.locator(".saved-search__link").click()
    assert page.locator(".hotel-card").count() > 0


def test_at_login_the_browsers_searches_move_into_the_account(new_page, server_url):
    page = new_page(width=1280)
    page.goto(f"{server_url}/he/searches")
    store(page, [entry("/he/hotels/search", 15, "ברצלונה"), entry("/hotels/search", 16, "Lisbon")])
    page.reload()
    mounted(page, "SavedSearches")
    mounted(page, "Header")
    dialog = open_dialog_with_keyboard(page, page.locator('header [data-link="login"]'))
    dialog.get_by_label(translate("auth.email", "he")).fill("traveller@example.com")
    dialog.get_by_label(translate("auth.password", "he"), exact=True).fill(DEMO_PASSWORD)
    page.keyboard.press("Enter")
    # Logged in on the same page: the account's list now holds both, and the browser's is empty.
    page.locator(".saved-searches form").first.wait_for()
    page.wait_for_function("() => JSON.parse(localStorage.searches || '[]').length === 0")
    page.locator(".saved-search").nth(1).wait_for()
    assert sorted(listed(page)) == sorted(["ברצלונה", "Lisbon"])
    assert not page.locator('[data-island="SavedSearches"]').count()

    # Another browser of the same account finds them, and its search box offers them first.
    other = new_page(width=1280)
    other.goto(f"{server_url}/login")
    other.locator("#auth-email").fill("traveller@example.com")
    other.locator("#auth-password").fill(DEMO_PASSWORD)
    with other.expect_navigation():
        other.locator("#auth-password").press("Enter")
    other.goto(f"{server_url}/searches")
    assert sorted(listed(other)) == sorted(["ברצלונה", "Lisbon"])
    other.goto(f"{server_url}/")
    root = mounted(other, "SearchBox")
    field = root.get_by_role("combobox")
    field.focus()
    other.keyboard.press("ArrowDown")
    active = active_option(other, field)
    assert "Lisbon" in active.inner_text()  # the newest first
