"""Crawlers cannot fall into a trap (issue 31, item 4).

The no-JavaScript choosers, the login and the colour toggle bring the visitor back through
``next``. Before, each carried the whole current address, its own ``next`` included, so every
chooser page linked to a longer chooser address: a crawl of the site never ended (14,400
addresses in 13 minutes, half of them ever-longer ``next`` chains). Here a crawler follows every
such link, nofollow or not, from pages in two locales, until nothing new is found."""

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

pytestmark = pytest.mark.usefixtures("provider", "demo_data")

START = ["/", "/hotels", "/de/hotels/spain", "/he/login?next=/he/hotels", "/ja/become-an-agent"]
TRAP = re.compile(r"^/(?:[a-z]{2}(?:-[a-z]{2})?/)?(?:choose/|login|sso|preferences/color-mode)")
HREF = re.compile(r'<a\b([^>]*)\bhref="([^"]+)"([^>]*)>')


def test_following_every_chooser_and_login_link_ends_and_never_nests_next(client):
    seen, queue = set(START), list(START)
    while queue:
        url = queue.pop()
        response = client.get(url, headers={"Host": "127.0.0.1"})
        assert response.status_code in (200, 302), url
        if response.status_code == 302:
            found = [response["Location"]]
        else:
            html = response.content.decode()
            if TRAP.match(url):  # the choosers and the login are kept out of search engines
                assert '<meta name="robots" content="noindex' in html, url
            found = []
            for before, href, after in HREF.findall(html):
                href = unescape(href)
                if TRAP.match(href):
                    assert 'rel="nofollow"' in before + after, (url, href)
                    found.append(href)
        for href in found:
            parts = urlsplit(href)
            if parts.netloc or not TRAP.match(parts.path):
                continue
            target = parse_qs(parts.query).get("next", [""])[0]
            assert "next=" not in target, (url, href)  # a next never holds a next
            if href not in seen:
                seen.add(href)
                queue.append(href)
        assert len(seen) < 400, sorted(seen)[-5:]  # a trap grows without end
