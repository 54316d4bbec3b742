"""``make bench``: what a page downloads before any interaction, measured in Chromium, and how
long the server takes to render the search pages.

The sandbox provider is served beside the app on its own loopback port (the pages need its
hotels). Serves the app (WhiteNoise included, so compressed files are served as in production) on a
loopback port, opens each page in Debian's Chromium through Playwright, waits for the network to
settle and sums JavaScript and CSS: decoded bytes and bytes on the wire (Content-Length of the
compressed response). Measures, never asserts: speed and size are not timed tests.
"""

import threading
import time
from datetime import date, timedelta
from statistics import median
from wsgiref.simple_server import WSGIRequestHandler

from django.conf import settings
from django.core.management.base import BaseCommand
from django.core.servers.basehttp import ThreadedWSGIServer
from django.core.wsgi import get_wsgi_application

from storefront.islands.chromium import CHROMIUM, launch
from storefront.sandbox.server import SandboxHandler

PAGES = {
    "home": "/",
    "hotels": "/hotels",
    "results": "/hotels/places/es/barcelona",
    "hotel page": "/hotels/spain/barcelona/metropole-sands",
    "login": "/login",
    "languages": "/choose/language?next=/",
    "not found": "/no-such-page",
}
# The goal for JavaScript before any interaction (wire bytes) of any page none of whose islands
# mounts before the visitor acts: the home page too, since its search box waits for the visitor
# (it had 75 KB while the search box mounted at idle).
WAITING_JS_BUDGET = 40_000
# Server render time (median of RENDERS after a warm-up): a results page of 20 hotels with
# dates, and a country page.
RENDERED = {
    "results, 20 hotels with prices": "/hotels/search?place=2002&check_in={0}&check_out={1}",
    "results, sorted by price, 4+ stars": (
        "/hotels/search?place=2002&check_in={0}&check_out={1}&sort=price_asc&stars=4&stars=5"
    ),
    "country page": "/hotels/spain?check_in={0}&check_out={1}",
    "hotel page": "/hotels/spain/barcelona/metropole-sands",
    "hotel page, rooms and rates": (
        "/hotels/spain/barcelona/metropole-sands?check_in={0}&check_out={1}&guests=2-7"
    ),
}
RENDERS = 30


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


class Command(BaseCommand):
    help = "Report JavaScript and CSS bytes each key page loads before any interaction."

    def add_arguments(self, parser):
        parser.add_argument("--chromium", default=CHROMIUM)
        parser.add_argument("--locale-prefix", default="", help='e.g. "/he"')

    def handle(self, *args, chromium, locale_prefix, **options):
        from playwright.sync_api import sync_playwright

        sandbox = ThreadedWSGIServer(("127.0.0.1", 0), _QuietHandler)
        sandbox.set_app(SandboxHandler())
        threading.Thread(target=sandbox.serve_forever, daemon=True).start()
        settings.UPSTREAM_URL = f"http://127.0.0.1:{sandbox.server_address[1]}"
        server = ThreadedWSGIServer(("127.0.0.1", 0), _QuietHandler)
        server.set_app(get_wsgi_application())
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}{locale_prefix}"
        rows = []
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright, chromium)
                for name, path in PAGES.items():
                    rows.append((name, path, *self._measure(browser, base + path)))
                browser.close()
            renders = self._renders(locale_prefix)
        finally:
            server.shutdown()
            sandbox.shutdown()
        self.stdout.write(
            "Before any interaction (the islands that mount at idle have mounted; the others "
            "wait for the visitor); 'JS at DCL': the scripts loaded by DOMContentLoaded; "
            "'goal': the JS wire budget, when the page has one."
        )
        self.stdout.write(
            f"{'page':<11} {'JS files':>8} {'JS wire':>9} {'JS raw':>9} "
            f"{'CSS wire':>9} {'CSS raw':>9} {'JS at DCL':>10} {'goal':>13}  path"
        )
        for name, path, js_n, js_wire, js_raw, css_wire, css_raw, early, idle in rows:
            budget = None if idle else WAITING_JS_BUDGET
            goal = f"{'met' if js_wire <= budget else 'OVER'} {budget:,}" if budget else "-"
            self.stdout.write(
                f"{name:<11} {js_n:>8} {js_wire:>9,} {js_raw:>9,} "
                f"{css_wire:>9,} {css_raw:>9,} {early:>10,} {goal:>13}  {path}"
            )
        self._report_renders(renders)

    def _report_renders(self, renders):
        self.stdout.write("")
        self.stdout.write(
            f"{'server render (ms, median)':<38} {'status':>6} {'rates cached':>12} "
            f"{'rates asked':>11} {'provider':>9} {'ours':>6}"
        )
        for name, status, warm, live, provider, ours in renders:
            self.stdout.write(
                f"{name:<38} {status:>6} {warm:>12.1f} {live:>11.1f} {provider:>9.1f} {ours:>6.1f}"
            )

    def _renders(self, prefix):
        """Median server time per page with the content cache warm: with the rates cached (a
        visitor paging or coming back within a minute), and asking the provider for them (each
        time another stay, so the rates cache misses) — with how long of that was spent waiting
        for the provider's answers (the sandbox computing rates), so what is ours shows."""
        from storefront.upstream.client import UpstreamClient

        waited = [0.0]
        exchange = UpstreamClient._exchange

        def timed_exchange(client, *args, **kwargs):
            start = time.perf_counter()
            try:
                return exchange(client, *args, **kwargs)
            finally:
                waited[-1] += time.perf_counter() - start

        UpstreamClient._exchange = timed_exchange
        kept, settings.PAGE_CACHE_SECONDS = settings.PAGE_CACHE_SECONDS, 0  # render, never serve
        try:
            return self._timed_renders(prefix, waited)
        finally:
            UpstreamClient._exchange = exchange
            settings.PAGE_CACHE_SECONDS = kept

    def _timed_renders(self, prefix, waited):
        """``waited[-1]`` collects the provider's time of the request being measured."""
        from django.test import Client

        first = date.today() + timedelta(days=45)  # well inside the bookable year
        client = Client(HTTP_HOST="127.0.0.1")
        rows = []
        for name, path in RENDERED.items():

            def url(shift, path=path):
                check_in = first + timedelta(days=shift)
                return prefix + path.format(check_in, check_in + timedelta(days=3))

            response = client.get(url(0))  # warm: content, rates, templates
            warm = []
            for _ in range(RENDERS):
                start = time.perf_counter()
                client.get(url(0))
                warm.append(time.perf_counter() - start)
            live, provider = [], []
            for shift in range(1, 8):
                waited.append(0.0)
                start = time.perf_counter()
                client.get(url(shift))
                live.append(time.perf_counter() - start)
                provider.append(waited[-1])
            ours = [t - w for t, w in zip(live, provider, strict=True)]
            rows.append(
                (
                    name,
                    response.status_code,
                    *(median(times) * 1000 for times in (warm, live, provider, ours)),
                )
            )
        return rows

    def _measure(self, browser, url):
        """(JS files, JS wire, JS raw, CSS wire, CSS raw, JS wire by the load event, islands that
        mounted at idle): the bytes are what the page loads before any interaction, islands
        mounted at idle included; 'by the load event' is what loaded by DOMContentLoaded
        (main.js and its imports), the part that competes with the first paint."""
        page = browser.new_page()
        seen = []
        page.on("response", lambda response: seen.append(response))
        page.goto(url, wait_until="domcontentloaded")
        at_load = len(seen)
        page.wait_for_load_state("networkidle")
        totals = {"script": [0, 0, 0], "stylesheet": [0, 0, 0]}
        early = 0
        for number, response in enumerate(seen):
            kind = response.request.resource_type
            if kind not in totals or response.status != 200:
                continue
            body = len(response.body())
            wire = int(response.headers.get("content-length") or body)
            totals[kind][0] += 1
            totals[kind][1] += wire
            totals[kind][2] += body
            if kind == "script" and number < at_load:
                early += wire
        idle = page.locator("[data-island][data-mounted]").count()
        page.close()
        js, css = totals["script"], totals["stylesheet"]
        return js[0], js[1], js[2], css[1], css[2], early, idle
