"""Disclosures with form fields (README, "What keeps a phone's main thread quiet"): the search
line, the filters, the guests and the room filters are a ``<details>`` holding only its summary,
with the fields as its next sibling, which CSS hides while the ``<details>`` is closed. A field
inside a closed ``<details>`` cost a phone a forced style and layout of that disclosure's content
when the browser scanned the page's forms at DOMContentLoaded (25–100 ms on a results page).
Checked on the pages a phone lands on, in a left-to-right, a right-to-left and a CJK locale; the
browser tests of each disclosure (``tests/e2e``) check that it still opens and closes its fields."""

import re
from datetime import timedelta
from html import unescape
from html.parser import HTMLParser

import pytest

from storefront.search.query import today

pytestmark = pytest.mark.usefixtures("provider")

CHECK_IN = today() + timedelta(days=40)
STAY = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=3)}&guests=2"
FIELDS = {"input", "select", "textarea", "button"}
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}


class Disclosures(HTMLParser):
    """Each ``<details>`` on the page: its class, whether it is open, the fields inside it, and
    the element that follows it (tag, class)."""

    def __init__(self):
        super().__init__()
        self.stack: list[dict | None] = []
        self.found: list[dict] = []
        self.closed_last: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.closed_last is not None:
            self.closed_last["next"] = (tag, attrs.get("class") or "")
            self.closed_last = None
        if tag in FIELDS and attrs.get("type") != "hidden":
            for entry in self.stack:
                if entry is not None:
                    entry["fields"].append(attrs.get("name") or tag)
        if tag in VOID:
            return
        entry = None
        if tag == "details":
            entry = {
                "class": attrs.get("class") or "",
                "open": "open" in attrs,
                "fields": [],
                "next": None,
            }
            self.found.append(entry)
        self.stack.append(entry)

    def handle_endtag(self, tag):
        if tag in VOID or not self.stack:
            return
        entry = self.stack.pop()
        if tag == "details":
            self.closed_last = entry


def disclosures(html: str) -> list[dict]:
    parser = Disclosures()
    parser.feed(html)
    return parser.found


def hotel_path(client, prefix: str) -> str:
    """The hotel page a results page's first card links to (dated: the room filters show)."""
    html = client.get(f"{prefix}/hotels/search?place=2002&{STAY}").content.decode()
    return unescape(re.search(r'class="hotel-card__name"><a href="([^"]+)"', html).group(1))


@pytest.mark.parametrize("prefix", ["", "/he", "/ja"])
def test_no_closed_disclosure_holds_a_field(client, prefix):
    pages = [
        f"{prefix}/",
        f"{prefix}/hotels/spain/barcelona",
        f"{prefix}/hotels/search?place=2002&{STAY}",
        hotel_path(client, prefix),
    ]
    seen = set()
    for path in pages:
        response = client.get(path)
        assert response.status_code == 200, path
        for details in disclosures(response.content.decode()):
            seen.add(details["class"].split()[0])
            if not details["open"]:
                assert details["fields"] == [], (path, details)
    # The disclosures this is about are all on these pages, so the check looked at each.
    assert {"guests-field", "search-panel__toggle", "filters-panel", "room-filters"} <= seen


@pytest.mark.parametrize(
    ("path", "disclosure", "content"),
    [
        (
            f"/hotels/search?place=2002&{STAY}",
            "search-panel__toggle",
            ("div", "search-panel__form"),
        ),
        (f"/hotels/search?place=2002&{STAY}", "guests-field", ("fieldset", "guests-field__panel")),
        (f"/hotels/search?place=2002&{STAY}", "filters-panel", ("form", "filters")),
    ],
)
def test_each_disclosure_is_followed_by_its_fields(client, path, disclosure, content):
    """The CSS that shows a disclosure's fields only while it is open names the element after it."""
    found = [
        d
        for d in disclosures(client.get(path).content.decode())
        if d["class"].split()[0] == disclosure
    ]
    assert len(found) == 1
    assert found[0]["next"] == content


def test_the_room_filters_are_followed_by_their_form(client):
    found = [
        d
        for d in disclosures(client.get(hotel_path(client, "")).content.decode())
        if d["class"] == "room-filters"
    ]
    assert len(found) == 1
    assert found[0]["next"] == ("form", "room-filters__form")
    assert found[0]["fields"] == []
