"""Mounting the islands moves nothing, nor do the results' photos as they load: cumulative
layout shift stays under 0.02."""

from datetime import timedelta

import pytest

from storefront.search.query import today
from tests.e2e.helpers import mounted

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


def settled_layout_shift(page, url):
    """Open url, wait until every island on it has mounted (but the lead popup, which mounts when
    its timer says), return (CLS, what moved)."""
    page.goto(url)
    for name in sorted(
        set(
            page.eval_on_selector_all(
                "[data-island]:not([data-load=lead])",
                # An island folded into a closed disclosure (the search on a phone: the fields
                # follow their <details>) is opened by the visitor first: not this check's concern.
                "(islands) => islands.filter((i) => !(i.closest('details:not([open]) + *')"
                " && !i.checkVisibility())).map((i) => i.dataset.island)",
            )
        )
    ):
        mounted(page, name)  # those that wait for the visitor: the pointer goes over them
    return page.evaluate(CLS)


@pytest.mark.parametrize(
    "path,width",
    [("/", 1280), ("/he/", 375), ("/hotels", 1280)],  # /hotels: footer in view
)
def test_no_layout_shift_when_islands_mount(new_page, server_url, path, width):
    page = new_page(width=width, height=900)
    total, moved = settled_layout_shift(page, f"{server_url}{path}")
    assert total < 0.02, moved


@pytest.mark.parametrize("locale", ["en", "he"])
def test_a_hotel_page_keeps_still_while_its_heart_and_map_arrive_on_a_phone(
    new_page, server_url, locale
):
    """The heart beside the name and the map, which mounts as it nears the viewport, had no room
    kept: the map pushed the stay form down while a visitor tapped its check-in date (the tap
    missed)."""
    page = new_page(width=375, height=800)
    prefix = "" if locale == "en" else f"/{locale}"
    page.goto(f"{server_url}{prefix}/hotels/spain/barcelona/metropole-sands?guests=2-7")
    mounted(page, "FavoriteToggle")
    mounted(page, "StayDates").locator("#hotel-check-in").scroll_into_view_if_needed()
    mounted(page, "Map")  # near the viewport now
    total, moved = page.evaluate(CLS)
    assert total < 0.02, moved


@pytest.mark.parametrize(
    "path,width",
    [("/hotels", 1280), ("/he/hotels", 1280), ("/he/", 375)],
)
def test_no_layout_shift_when_the_page_arrives_in_pieces(new_page, server_url, path, width):
    """On a slow phone connection the browser paints the page before all of it has
    arrived; what is already on screen must not move when the rest comes in
    (a footer anchored to the window's bottom used to climb up as it grew)."""
    page = new_page(width=width, height=900)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": 100,
            "downloadThroughput": 125_000,
            "uploadThroughput": 60_000,
        },
    )
    total, moved = settled_layout_shift(page, f"{server_url}{path}")
    assert total < 0.02, moved


def _results(prefix=""):
    check_in = today() + timedelta(days=40)
    return (
        f"{prefix}/hotels/search?place=2002&check_in={check_in}"
        f"&check_out={check_in + timedelta(days=2)}&guests=2"
    )


@pytest.mark.parametrize(
    "path,width",
    [(_results(), 1280), (_results("/he"), 375), (_results("/ja"), 375)],
)
def test_results_do_not_move_while_their_photos_load(new_page, server_url, demo_data, path, width):
    """Twenty hotel cards with photos, the first two eager and the rest lazy: scrolled to the
    end, every photo loaded, nothing on the page has moved (the photos' boxes are reserved by
    their width and height)."""
    page = new_page(width=width, height=800)
    settled_layout_shift(page, f"{server_url}{path}")
    photos = page.locator(".hotel-card__photo")
    assert photos.count() == 20
    for index in range(photos.count()):
        photos.nth(index).scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.hotel-card__photo')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    total, moved = page.evaluate(CLS)
    assert total < 0.02, moved
