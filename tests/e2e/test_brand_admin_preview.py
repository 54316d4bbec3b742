"""The brand admin's live preview (issue 32, item 7), as an operator uses it in Chromium: what
they type shows in the preview, each colour mode's pane warns of its own weak pairs only, and
at desktop width the preview stands beside the colour fields (stacked under the fields it draws on
a phone)."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from storefront.brands.models import BrandOverride
from tests.e2e.helpers import log_in_to_admin

pytestmark = pytest.mark.usefixtures("demo_data")
PASSWORD = "op-pass-2026"


def _open_change_form(new_page, server_url, *, width):
    User.objects.create_superuser("operator", "op@example.com", PASSWORD)
    override = BrandOverride.objects.create(kind="agent", key="42", name="Sunny Trips")
    page = new_page(width=width, height=900)
    change = f"/admin/brands/brandoverride/{override.pk}/change/"
    log_in_to_admin(page, server_url, "operator", PASSWORD, next_path=change)
    return page


def _pane(page, mode):
    return page.frame_locator(f'.brand-preview iframe[data-mode="{mode}"]')


def _drawn_with(page, mode, text):
    """Wait until the pane's frame has loaded a form that holds ``text`` (its address carries
    the form's fields): a pane still showing the form as it was cannot pass for the new one."""
    page.wait_for_function(
        """([mode, text]) => {
          const doc = document.querySelector(`.brand-preview iframe[data-mode="${mode}"]`)
            .contentDocument;
          return doc?.readyState === "complete" && doc.location.href.includes(text);
        }""",
        arg=[mode, text],
    )


def test_the_preview_shows_the_name_typed_and_each_modes_own_warnings(new_page, server_url):
    page = _open_change_form(new_page, server_url, width=1280)
    light, dark = _pane(page, "light"), _pane(page, "dark")
    expect(light.locator(".admin-preview__name")).to_have_text("Sunny Trips")
    expect(light.locator(".admin-preview__warnings")).to_have_count(0)
    expect(dark.locator(".admin-preview__warnings")).to_have_count(0)

    name = page.get_by_label("Name:")
    name.fill("")
    name.press_sequentially("Sunny Deals")
    for pane in (light, dark):
        expect(pane.locator(".admin-preview__name")).to_have_text("Sunny Deals")

    # Yellow behind the white header text, in light mode only.
    page.get_by_label("BgBrand (light):").fill("#ffff00")
    expect(light.locator(".admin-preview__warnings")).to_contain_text(
        re.compile(r"textBrand on bgBrand has a contrast of 1\.07:1, below WCAG AA")
    )
    _drawn_with(page, "dark", "ffff00")
    expect(dark.locator(".admin-preview__warnings")).to_have_count(0)

    # Dark grey on dark grey, in dark mode only: the light pane keeps its own warning alone.
    page.get_by_label("TextBrandAlt (dark):").fill("#444444")
    page.get_by_label("BgBrandAlt (dark):").fill("#222222")
    expect(dark.locator(".admin-preview__warnings li")).to_have_count(1)
    expect(dark.locator(".admin-preview__warnings")).to_contain_text(
        "textBrandAlt on bgBrandAlt has a contrast of 1.63:1"
    )
    _drawn_with(page, "light", "222222")
    expect(light.locator(".admin-preview__warnings li")).to_have_count(1)
    expect(light.locator(".admin-preview__warnings")).not_to_contain_text("textBrandAlt")


def _box(locator):
    box = locator.bounding_box()
    return box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"]


@pytest.mark.parametrize("width", [1280, 375])
def test_the_preview_stands_beside_the_colour_fields_at_desktop_width(new_page, server_url, width):
    page = _open_change_form(new_page, server_url, width=width)
    colours = page.locator("fieldset", has=page.locator("#id_color_brand_light"))
    preview = page.locator(".brand-preview")
    page.locator("#id_color_textBrandAlt_dark").scroll_into_view_if_needed()
    expect(_pane(page, "dark").locator(".admin-preview__tab")).to_be_visible()
    left, top, right, bottom = _box(colours)
    p_left, p_top, p_right, p_bottom = _box(preview)
    if width == 1280:
        # Side by side, in view together: the preview starts right of the fields, the two
        # overlap vertically, and the preview (sticky) is all inside the window.
        assert p_left >= right, (_box(colours), _box(preview))
        assert p_top < bottom and p_bottom > top, (_box(colours), _box(preview))
        assert 0 <= p_top and p_bottom <= 900, _box(preview)
    else:
        # Stacked: under the fields it draws, as wide as they are.
        assert p_top >= bottom and (p_left, p_right) == pytest.approx((left, right), abs=2)
        assert p_top >= _box(page.locator("#id_social_youtube"))[3]
