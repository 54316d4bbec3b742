"""Mounting the islands moves nothing: cumulative layout shift on home stays under 0.02."""

import pytest

CLS = """() => new Promise(resolve => {
  let total = 0;
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({type: 'layout-shift', buffered: true});
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
})"""


@pytest.mark.parametrize("locale,width", [("", 1280), ("/he", 375)])
def test_home_has_no_layout_shift_when_islands_mount(new_page, server_url, locale, width):
    page = new_page(width=width)
    page.goto(f"{server_url}{locale}/")
    page.locator('[data-island][data-mounted="true"]').first.wait_for()
    assert page.evaluate(CLS) < 0.02
