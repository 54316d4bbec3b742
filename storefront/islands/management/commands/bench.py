"""``make bench``: what a page downloads before any interaction, measured in Chromium.

Serves the app (WhiteNoise included, so compressed files are served as in production) on a
loopback port, opens each page in Debian's Chromium through Playwright, waits for the network to
settle and sums JavaScript and CSS: decoded bytes and bytes on the wire (Content-Length of the
compressed response). Measures, never asserts: speed and size are not timed tests.
"""

import threading
from wsgiref.simple_server import WSGIRequestHandler

from django.core.management.base import BaseCommand
from django.core.servers.basehttp import ThreadedWSGIServer
from django.core.wsgi import get_wsgi_application

from storefront.islands.chromium import CHROMIUM, launch

PAGES = {
    "home": "/",
    "hotels": "/hotels",
    "hotel page": "/hotels/destination/spain/ibiza/hotel-one",
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


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
        finally:
            server.shutdown()
        self.stdout.write(
            f"{'page':<11} {'JS files':>8} {'JS wire':>9} {'JS raw':>9} "
            f"{'CSS wire':>9} {'CSS raw':>9}  path"
        )
        for name, path, js_n, js_wire, js_raw, css_wire, css_raw in rows:
            self.stdout.write(
                f"{name:<11} {js_n:>8} {js_wire:>9,} {js_raw:>9,} "
                f"{css_wire:>9,} {css_raw:>9,}  {path}"
            )

    def _measure(self, browser, url):
        page = browser.new_page()
        seen = []
        page.on("response", lambda response: seen.append(response))
        page.goto(url, wait_until="networkidle")
        totals = {"script": [0, 0, 0], "stylesheet": [0, 0, 0]}
        for response in seen:
            kind = response.request.resource_type
            if kind not in totals or response.status != 200:
                continue
            body = len(response.body())
            wire = int(response.headers.get("content-length") or body)
            totals[kind][0] += 1
            totals[kind][1] += wire
            totals[kind][2] += body
        page.close()
        js, css = totals["script"], totals["stylesheet"]
        return js[0], js[1], js[2], css[1], css[2]
