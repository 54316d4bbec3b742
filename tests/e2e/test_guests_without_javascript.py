"""Without JavaScript, a child's age does not break the search (issue 32, item 5): a dated search
with a child whose age is not given shows the guests' selects in a layout that stays whole, the
error under them and not covered by anything, and never asks for dates it already has."""

from datetime import timedelta

import pytest

from storefront.i18n.catalog import translate
from storefront.search.query import today

pytestmark = pytest.mark.usefixtures("demo_data")
CHECK_IN = today() + timedelta(days=40)
STAY = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=2)}"
# Whether the element drawn at the middle of ``el`` is ``el`` itself (or inside it): not covered.
UNCOVERED = """(el) => {
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return el === top || el.contains(top);
}"""


@pytest.mark.parametrize("code", ["en", "he", "ja", "de"])
@pytest.mark.parametrize("width", [375, 1280])
def test_a_childs_missing_age_is_asked_for_under_its_field(new_page, server_url, code, width):
    prefix = "" if code == "en" else f"/{code}"
    page = new_page(width=width, height=1200, java_script_enabled=False)
    page.goto(f"{server_url}{prefix}/hotels/search?place=2002&{STAY}&rooms=1&adults=2&children=1")
    error = page.locator("#search-guests-error")
    assert error.inner_text() == translate("search.errors.child_ages", code)
    panel = page.locator(".guests-field__panel")
    age = panel.locator("select[name=age]")
    assert panel.is_visible() and age.is_visible()
    assert error.bounding_box()["y"] >= panel.bounding_box()["y"] + panel.bounding_box()["height"]
    assert error.evaluate(UNCOVERED) and age.evaluate(UNCOVERED)
    # The form stays whole: the button is below the error, and inside the form's card.
    button = page.locator(".search-form__submit").bounding_box()
    assert button["y"] >= error.bounding_box()["y"] + error.bounding_box()["height"] - 1
    assert translate("results.choose_dates", code) not in page.content()
