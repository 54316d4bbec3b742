"""Country flags are SVG images, not emoji (which Windows and this Chromium show as two letters
or a box), and they load with the country dialog, never before it opens (issue 11)."""

import re

import pytest

from tests.e2e.helpers import mounted

REGIONAL_INDICATORS = re.compile("[\U0001f1e6-\U0001f1ff]")
FLAG_FILE = re.compile(r"/islands/assets/[a-z]{2}-[A-Z0-9]{8}\.svg$")


@pytest.mark.parametrize("locale", ["en", "he"])
def test_the_country_dialog_shows_svg_flags_loaded_only_when_it_opens(new_page, server_url, locale):
    page = new_page(width=375)
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{server_url}{'' if locale == 'en' else '/' + locale}/")
    mounted(page, "CountryPicker")
    page.wait_for_load_state("networkidle")
    assert [url for url in requested if FLAG_FILE.search(url)] == []
    assert not any("CountryDialog" in url for url in requested)

    page.locator("footer button.country-button").click()
    dialog = page.locator("dialog[open]")
    dialog.locator(".currency-list__item").first.wait_for()
    rows = dialog.locator(".currency-list__item")
    assert rows.count() >= 240
    assert not REGIONAL_INDICATORS.search(dialog.inner_text())
    assert dialog.locator("img.country-flag").count() >= 240
    first = rows.first.locator("img.country-flag")
    assert first.get_attribute("alt") == ""  # the name beside it says it all
    page.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=first.element_handle()
    )
    assert FLAG_FILE.search(first.evaluate("(img) => img.currentSrc"))
    flags = [url for url in requested if FLAG_FILE.search(url)]
    assert 0 < len(flags) < 100  # the rows in view, not all of them at once
    assert dialog.locator(".country-flag--none").count() <= 2  # a code flag-icons lacks
