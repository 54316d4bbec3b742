"""Connectivity banner, chunk-failure reload, fid in the URL, prefetch, cache clean-up."""

import json
import re

import pytest

from storefront.i18n.catalog import translate

BANNER = "[data-connectivity]"


def test_offline_and_online_banners_with_the_spec_timings(new_page, server_url):
    page = new_page()
    page.clock.install()
    page.goto(f"{server_url}/de/hotels")
    page.locator('[data-island][data-mounted="true"]').first.wait_for()
    # Stop the page's clock: from here only run_for moves it, however busy the machine is.
    # Python's pause_at takes seconds (a number in ms jumped ~50,000 years ahead and fired
    # every timer of the page, the lead popup's among them).
    mounted_at = page.evaluate("Date.now()")
    page.clock.pause_at(mounted_at / 1000 + 1)
    assert abs(page.evaluate("Date.now()") - (mounted_at + 1_000)) <= 1
    banner = page.locator(BANNER)
    page.context.set_offline(True)
    banner.wait_for(state="visible")
    assert banner.inner_text().startswith(translate("living.offline", "de"))
    page.clock.run_for(60_000)
    assert banner.is_visible()  # stays until dismissed
    banner.get_by_role("button", name=translate("living.dismiss", "de")).click()
    assert banner.is_hidden()
    page.context.set_offline(False)
    banner.wait_for(state="visible")
    assert banner.inner_text() == translate("living.online", "de")
    page.clock.run_for(2_990)
    assert banner.is_visible()
    page.clock.run_for(20)
    assert banner.is_hidden()  # shown for 3000 ms


def test_a_blocked_island_chunk_reloads_exactly_once(new_page, server_url):
    page = new_page()
    page.route(re.compile(r".*/islands/chunks/SearchBox-.*\.js"), lambda route: route.abort())
    loads = []
    page.on("load", lambda _page: loads.append(1))
    page.goto(f"{server_url}/")
    field = page.locator("#search-destination")
    with page.expect_event("load"):  # the visitor comes to the search, whose code fails: a reload
        field.focus()
    field.focus()  # and again on the reloaded page
    toast = page.locator(".toast")
    toast.wait_for()  # the second failure within 60 s shows a message instead of reloading
    assert toast.inner_text().startswith(translate("living.load_failed", "en"))
    assert len(loads) == 2
    assert page.locator("[data-progress]").get_attribute("data-state") == "failed"


@pytest.mark.usefixtures("demo_data")
def test_fid_cookie_is_added_to_the_url_without_a_reload(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/hotels?fid=42")  # stores the cookie
    page.goto(f"{server_url}/de/hotels?currency=EUR")
    assert page.url == f"{server_url}/de/hotels?currency=EUR&fid=42"
    assert page.evaluate("history.length") == 3  # about:blank and two visits: no extra entry
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1


@pytest.mark.parametrize(
    "connection,prefetches",
    [
        (None, True),
        ({"saveData": True, "effectiveType": "4g"}, False),
        ({"saveData": False, "effectiveType": "2g"}, False),
    ],
)
def test_prefetch_on_intent_is_skipped_on_slow_or_saving_connections(
    new_page, server_url, connection, prefetches
):
    page = new_page()
    if connection:
        value = json.dumps(connection)
        page.add_init_script(f"Object.defineProperty(navigator, 'connection', {{value: {value}}})")
    page.goto(f"{server_url}/")
    page.locator("a.destination-card").first.hover()
    count = page.locator('link[rel="prefetch"]').count()
    assert (count > 0) is prefetches


def test_caches_from_earlier_versions_are_deleted(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/")
    page.evaluate("caches.open('storefront-v0').then(c => c.put('/old', new Response('x')))")
    page.reload()
    page.wait_for_function("caches.keys().then(k => k.length === 0)")


def test_progress_bar_is_two_pixels_high(new_page, server_url):
    page = new_page()
    page.goto(f"{server_url}/")
    assert page.locator("[data-progress]").evaluate("e => getComputedStyle(e).height") == "2px"


# Records when the page first reads what waits on the browser process.
RECORD_ASKS = """
(() => {
  const asks = (window.__asks = []);
  const watch = (target, name) => {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    Object.defineProperty(target, name, {
      ...descriptor,
      get() {
        asks.push([name, performance.now()]);
        return descriptor.get.call(this);
      },
    });
  };
  watch(Document.prototype, "cookie");
  watch(Navigator.prototype, "serviceWorker");
  const own = Object.getOwnPropertyDescriptor(window, "localStorage");
  watch(own ? window : Window.prototype, "localStorage");
})();
"""


@pytest.mark.usefixtures("demo_data")
@pytest.mark.parametrize("path", ["/ja/hotels/spain/barcelona", "/he/"])
def test_the_first_script_task_waits_on_the_browser_process_for_nothing(new_page, server_url, path):
    """The first read of document.cookie, navigator.serviceWorker or localStorage waits on the
    browser process (12, 7 and 4 ms of a phone's first script task, measured with Lighthouse):
    none comes before DOMContentLoaded is over. The fid still reaches the address, the old
    caches are still cleaned and a stored choice still read, when the browser is idle."""
    page = new_page(width=375)
    page.goto(f"{server_url}/hotels?fid=42")  # the fid cookie, for the page to add to its address
    page.evaluate("() => localStorage.setItem('unit', JSON.stringify('f'))")  # a stored choice
    page.add_init_script(RECORD_ASKS)
    page.goto(f"{server_url}{path}")
    page.wait_for_function("() => window.__asks.some(([name]) => name === 'serviceWorker')")
    page.wait_for_function("() => window.__asks.some(([name]) => name === 'localStorage')")
    assert "fid=42" in page.url
    asks = page.evaluate("() => window.__asks")
    ready = page.evaluate(
        "() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"
    )
    assert ready > 0 and [name for name, at in asks if at <= ready] == []
