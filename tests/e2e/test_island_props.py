"""An island whose props fail its check is not mounted: the server's markup keeps working.

The page is served as usual except for the Header's props block, which the test corrupts on the
way to the browser (one field of the wrong shape).
"""

import json
import re

from django.utils.html import json_script
from playwright.sync_api import expect

from tests.e2e.helpers import mounted


def _break_header_props(html, **fields):
    """``html`` with the Header island's props block updated with ``fields``."""
    props_id = re.search(r'data-island="Header" data-props="([^"]+)"', html).group(1)
    block = re.compile(rf'<script id="{props_id}" type="application/json">(.*?)</script>', re.S)
    props = json.loads(block.search(html).group(1))
    props.update(fields)
    return block.sub(lambda _: json_script(props, props_id), html, count=1)


def test_bad_header_props_leave_the_server_header_working(new_page, server_url):
    page = new_page()
    errors = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(str(error)))

    def corrupt(route):
        response = route.fetch()
        route.fulfill(response=response, body=_break_header_props(response.text(), mobile="drawer"))

    page.route(f"{server_url}/", corrupt)
    page.goto(f"{server_url}/")
    with page.expect_console_message(lambda message: message.type == "error", timeout=10_000):
        page.locator("header").hover()  # the header's island loads at the first pointer
    mounted(page, "CountryPicker")  # the other islands mount as usual
    mounted(page, "UnitToggle")

    header = page.locator('[data-island="Header"]')
    expect(header).not_to_have_attribute("data-mounted", "true")
    assert len(errors) == 1, errors
    assert errors[0].startswith("Island Header not mounted"), errors[0]
    assert "mobile" in errors[0] and "\n" not in errors[0], errors[0]

    # The server's header, as without JavaScript: navigation, pickers, login.
    expect(header.locator("a.currency-picker")).to_be_visible()
    expect(header.locator("a.language-picker")).to_be_visible()
    hotels = header.locator('.site-nav a[data-link="hotels"]')
    expect(hotels).to_be_visible()
    hotels.click()
    page.wait_for_url(f"{server_url}/hotels")
    mounted(page, "Header")  # this page's props were not touched
    assert len(errors) == 1, errors
