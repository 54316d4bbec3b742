"""Mounting the islands moves nothing: cumulative layout shift stays under 0.02."""

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


@pytest.mark.parametrize(
    "path,width",
    [("/", 1280), ("/he/", 375), ("/hotels", 1280)],  # /hotels: footer in view
)
def test_no_layout_shift_when_islands_mount(new_page, server_url, path, width):
    page = new_page(width=width, height=900)
    page.goto(f"{server_url}{path}")
    for island in ("Header", "CountryPicker", "UnitToggle"):
        page.locator(f'[data-island="{island}"][data-mounted="true"]').wait_for(state="attached")
    total, moved = page.evaluate(CLS)
    assert total < 0.02, moved
