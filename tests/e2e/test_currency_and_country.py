"""Currency and country choices without JavaScript (tests/e2e/test_dialogs.py has the islands)."""

from tests.e2e.helpers import open_picker


def test_choose_gbp_keeps_the_query(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/de/hotels/spain?guests=2-7")
    panel = open_picker(page, "currency")
    panel.get_by_label("Währung").select_option("GBP")
    panel.get_by_role("button").click()
    page.wait_for_url(f"{server_url}/de/hotels/spain?guests=2-7&currency=GBP")
    assert page.locator("a.currency-picker .chip__text").inner_text() == "GBP"
    # The next page keeps using it.
    page.goto(f"{server_url}/de/")
    assert page.locator("a.currency-picker .chip__text").inner_text() == "GBP"


def test_price_display_is_remembered(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/hotels")
    panel = open_picker(page, "currency")
    assert panel.get_by_label("Before taxes and fees").is_checked()
    panel.get_by_label("Including taxes and fees").check()
    panel.get_by_role("button").click()
    page.wait_for_url(f"{server_url}/hotels?currency=USD")
    panel = open_picker(page, "currency")
    assert panel.get_by_label("Including taxes and fees").is_checked()


def test_choose_israel_in_the_footer(new_page, server_url):
    page = new_page(java_script_enabled=False)
    page.goto(f"{server_url}/fr/hotels/spain?guests=2")
    footer = page.locator("footer")
    assert footer.get_by_text("Travelnest Payments").count() == 1
    footer.locator("a.country-button").click()  # a page with the whole list
    page.wait_for_url(f"{server_url}/fr/choose/country?next=*")
    form = page.locator("main form.picker-form")
    form.get_by_role("combobox").select_option("IL")
    form.get_by_role("button").click()
    page.wait_for_url(f"{server_url}/fr/hotels/spain?guests=2&country=IL")
    assert footer.get_by_text("Travelnest Payments").count() == 0
    assert footer.locator('[data-link="hotels-israel"]').count() == 1
    assert page.locator("a.currency-picker .chip__text").inner_text() == "ILS"
