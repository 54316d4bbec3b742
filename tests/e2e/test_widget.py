"""The partner's search widget framed on another origin (docs/widget.md): the partner page is
the brand admin's snippet, served by Playwright at https://partner.example/ (``page.route``),
framing the widget on the live server. Chromium lets an https page frame http://127.0.0.1 and
http://*.localhost (potentially trustworthy origins: never mixed content), but its Local Network
Access checks stop a public page from framing a loopback address unless the visitor allows it:
the partner's pages are opened with that permission (``PARTNER_CONTEXT``). In production both
sides are public sites and no permission is asked."""

import re
from datetime import date, timedelta

import pytest
from django.core.cache import cache

from storefront.brands.models import BrandOverride
from storefront.brands.registry import AGENCY, AGENT
from storefront.brands.widget import frame_title, snippet, widget_origin, widget_src
from tests.e2e.helpers import axe_violations

pytestmark = pytest.mark.usefixtures("demo_data")

PARTNER = "https://partner.example"
STRANGER = "https://stranger.example"
AGENCY_HOST = "acme.partners.localhost"


@pytest.fixture
def site(settings, server_url):
    """Links written for the brands (the form's action, the snippet's src) point at the live
    server: its port is the site's."""
    settings.SITE_ORIGIN = server_url
    return server_url


PARTNER_CONTEXT = {"permissions": ["local-network-access"]}


def _allow(kind, key, *origins):
    BrandOverride.objects.create(kind=kind, key=key, frame_ancestors="\n".join(origins))
    cache.clear()


def _partner_page(*, kind, key, locale="en", colors=None, dark=False):
    src = widget_src(kind=kind, key=key, locale=locale, colors=colors)
    code = snippet(
        src=src,
        origin=widget_origin(kind=kind, key=key),
        title=frame_title(brand_name="Partner", locale=locale),
    )
    scheme = "dark" if dark else "light"
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Partner</title><style>:root{{color-scheme:{scheme}}}"
        "body{margin:0;font:16px system-ui;background:"
        + ("#16181d;color:#eee" if dark else "#f4efe6;color:#222")
        + "}main{max-width:1100px;margin:0 auto;padding:24px}</style></head>"
        f"<body><main><h1>Partner travel magazine</h1><p>Plan your stay with us.</p>"
        f"{code}<p id='after'>The partner's own text after the widget.</p></main></body></html>"
    )


def _serve(page, origin, html):
    page.route(
        f"{origin}/",
        lambda route: route.fulfill(status=200, content_type="text/html", body=html),
    )


def _frame(page):
    page.wait_for_selector("iframe[data-storefront-widget]")
    return page.frame_locator("iframe[data-storefront-widget]")


# The layer ``selector`` names is on screen whole inside the frame, which does not scroll.
WHOLE = """(selector) => {
  const layer = document.querySelector(selector);
  const html = document.documentElement;
  if (!layer || html.scrollHeight !== html.clientHeight) return false;
  const box = layer.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= html.clientHeight;
}"""


def _grown(page):
    """Waits until the iframe took the widget's height; returns (iframe height, the frame's
    scrollHeight and clientHeight)."""
    page.wait_for_function(
        "() => parseFloat(document.querySelector('iframe[data-storefront-widget]').style.height)"
        " !== 320"
    )
    page.wait_for_timeout(300)  # the last ResizeObserver round
    frame = page.frame_locator("iframe[data-storefront-widget]")
    height = page.locator("iframe[data-storefront-widget]").evaluate(
        "(f) => f.getBoundingClientRect().height"
    )
    scroll, client = frame.locator("html").evaluate(
        "(html) => [html.scrollHeight, html.clientHeight]"
    )
    return height, scroll, client


@pytest.mark.parametrize("width", [1280, 375])
def test_a_partner_frames_the_widget_and_a_search_opens_on_top(new_page, site, width):
    _allow(AGENT, "42", PARTNER)
    page = new_page(width=width, **PARTNER_CONTEXT)
    _serve(page, PARTNER, _partner_page(kind=AGENT, key="42", colors={"brand": "#c2410c"}))
    page.goto(f"{PARTNER}/")
    frame = _frame(page)
    frame.locator("form.search-form").wait_for()
    height, scroll, client = _grown(page)
    assert scroll == client, "the widget scrolls inside its frame"
    assert abs(height - client) <= 1
    content = frame.locator(".widget").evaluate("(w) => w.getBoundingClientRect().bottom")
    assert content <= client

    # Opening the guests picker (a popover on a desktop, a sheet on a phone) grows the frame to
    # it rather than being cut off.
    frame.locator('[data-island="SearchBox"][data-mounted="true"]').wait_for()
    frame.locator(".guests-button").click()
    sheet = frame.locator("dialog[open], .guests-popover")
    sheet.wait_for()
    widget = page.frame(url=re.compile(r"/widgets/search"))
    widget.wait_for_function(WHOLE, arg="dialog[open], .guests-popover")
    sheet.press("Escape")
    sheet.wait_for(state="detached")
    # So does the date picker (a modal dialog), and the frame shrinks back once it closes.
    frame.locator("#search-check-in").click()
    frame.locator("dialog[open]").wait_for()
    widget.wait_for_function(WHOLE, arg="dialog[open]")
    opened = page.locator("iframe[data-storefront-widget]").evaluate(
        "(f) => f.getBoundingClientRect().height"
    )
    assert opened > height
    page.wait_for_timeout(500)  # and there it stays (a dialog as tall as the frame: no runaway)
    assert page.locator("iframe[data-storefront-widget]").evaluate(
        "(f) => f.getBoundingClientRect().height"
    ) == pytest.approx(opened, abs=1)
    assert opened <= 900
    stay = [date.today() + timedelta(days=n) for n in (10, 13)]
    for day in stay:
        frame.locator(f'dialog[open] [data-date="{day.isoformat()}"]').click()
    frame.locator("dialog[open] .picker__actions .button--primary").click()
    page.wait_for_function(
        "(h) => document.querySelector('iframe[data-storefront-widget]')"
        ".getBoundingClientRect().height < h",
        arg=opened,
    )

    # A search: the partner's whole page goes to the results, on the brand's host.
    frame.locator("#search-destination").fill("Barcelona")
    frame.locator("button.search-form__submit").click()
    page.wait_for_url(re.compile(rf"^{re.escape(site)}/hotels/search\?"))
    assert "fid=42" in page.url and f"check_in={stay[0].isoformat()}" in page.url
    assert page.frames[0] == page.main_frame and len(page.frames) == 1


def test_a_white_label_widget_in_hebrew_searches_on_its_own_host(new_page, site):
    _allow(AGENCY, AGENCY_HOST, PARTNER)
    page = new_page(width=375, **PARTNER_CONTEXT)
    _serve(page, PARTNER, _partner_page(kind=AGENCY, key=AGENCY_HOST, locale="he"))
    page.goto(f"{PARTNER}/")
    frame = _frame(page)
    assert frame.locator("html").get_attribute("dir") == "rtl"
    _height, scroll, client = _grown(page)
    assert scroll == client
    frame.locator("#search-destination").fill("ברצלונה")
    frame.locator("button.search-form__submit").click()
    host = site.replace("127.0.0.1", AGENCY_HOST)
    page.wait_for_url(re.compile(rf"^{re.escape(host)}/he/hotels/search\?"))


def test_a_partner_not_listed_cannot_frame_it(new_page, site):
    _allow(AGENT, "42", PARTNER)
    page = new_page(**PARTNER_CONTEXT)
    refused = []
    page.on("console", lambda message: "frame-ancestors" in message.text and refused.append(1))
    _serve(page, STRANGER, _partner_page(kind=AGENT, key="42"))
    page.goto(f"{STRANGER}/")
    page.wait_for_selector("iframe[data-storefront-widget]")
    page.wait_for_timeout(1500)
    widget = [frame for frame in page.frames if frame != page.main_frame]
    assert widget, "the iframe has a frame"
    assert all("search-form" not in _content(frame) for frame in widget)
    assert refused, "Chromium reports the CSP frame-ancestors violation"
    # Its height never changed: nothing it could have posted arrived.
    assert page.locator("iframe[data-storefront-widget]").evaluate("(f) => f.style.height") == (
        "320px"
    )


def _content(frame):
    try:
        return frame.content()
    except Exception:  # an error page Playwright cannot read: no widget either
        return ""


@pytest.mark.parametrize("locale,scheme,width", [("en", "light", 1280), ("he", "dark", 375)])
def test_no_axe_violations_on_the_widget(new_page, site, locale, scheme, width):
    page = new_page(width=width, color_scheme=scheme, bypass_csp=True)
    prefix = "" if locale == "en" else f"/{locale}"
    page.goto(f"{site}{prefix}/widgets/search?brand=%23c2410c")
    page.wait_for_selector('[data-island="SearchBox"][data-mounted="true"]')
    assert axe_violations(page) == []
