"""Mounting the islands moves nothing: cumulative layout shift on home stays under 0.02."""

import pytest

CLS = """() => new Promise(resolve => {
  let total = 0;
  const moved = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      total += entry.value;
      for (const source of entry.sources) {
        const node = source.node;
        const name = node ? (node.nodeName + '.' + (node.className || '')) : '?';
        moved.push([name, source.previousRect.toJSON(), source.currentRect.toJSON()]);
      }
    }
  }).observe({type: 'layout-shift', buffered: true});
  requestAnimationFrame(() => requestAnimationFrame(() => resolve([total, moved])));
})"""


@pytest.mark.parametrize("locale,width", [("", 1280), ("/he", 375)])
def test_home_has_no_layout_shift_when_islands_mount(new_page, server_url, locale, width):
    page = new_page(width=width)
    page.goto(f"{server_url}{locale}/")
    for island in ("Header", "CountryPicker", "UnitToggle"):
        page.locator(f'[data-island="{island}"][data-mounted="true"]').wait_for(state="attached")
    total, moved = page.evaluate(CLS)
    assert total < 0.02, moved
