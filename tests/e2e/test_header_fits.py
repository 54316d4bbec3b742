"""The header shows what it names whole (issue 32, item 4): a partner's brand name is never cut,
at 375 and 1280 px, light and dark ("Acme Trave", "Globex Holiday" before: the demo artwork gave
the name less room than a system's font draws it in; it now draws the demo names as outlines,
and another name as text held to its room in any font); the default brand's wordmark is drawn
whole from the first paint (it was text in whichever font the system had, cut in half when that
font was wider); and a visitor with every link (packages, CRM, vouchers, reservations) keeps
the header on one row at 1280 px in en, de, ru, he and ja, with and without JavaScript."""

import re

import pytest

from tests.e2e.helpers import log_in, mounted

pytestmark = pytest.mark.usefixtures("demo_data")

BRANDS = {"acme.partners.localhost": "Acme Travel", "travel.globex.localhost": "Globex Holidays"}

# The visible header logo as a person sees it: the image is not cut by its link or the page,
# and its drawing is not squeezed (drawn at its own proportions). Its artwork comes along.
SEEN_LOGO = """async () => {
  const img = [...document.querySelectorAll("header .logo__img")].find((i) => i.checkVisibility());
  await img.decode();  // the dark theme's logo loads when it shows (loading="lazy")
  const link = img.closest(".logo");
  const box = img.getBoundingClientRect(), frame = link.getBoundingClientRect();
  const source = await (await fetch(img.currentSrc)).text();  // from our origin, inline or not
  return {
    cut: link.scrollWidth > link.clientWidth || box.right > frame.right + 0.5
      || box.left < frame.left - 0.5 || box.right > innerWidth || box.left < 0,
    ratio: [box.width / box.height, img.naturalWidth / img.naturalHeight],
    fit: getComputedStyle(img).objectFit,
    height: box.height,
    source,
  };
}"""

# Where an SVG document draws each of its shapes (each with its own transform), its frame (its
# viewBox) and its title.
DRAWN = """() => {
  const svg = document.querySelector("svg");
  const [, , width, height] = svg.getAttribute("viewBox").split(/[ ,]+/).map(Number);
  const drawn = [...svg.children].filter((shape) => shape.getBBox).map((shape) => {
    const b = shape.getBBox();
    const m = shape.transform.baseVal.consolidate()?.matrix;
    const at = (x, y) => (m ? new DOMPoint(x, y).matrixTransform(m) : {x, y});
    const [a, c] = [at(b.x, b.y), at(b.x + b.width, b.y + b.height)];
    return {shape: shape.localName, text: shape.textContent, left: Math.min(a.x, c.x),
            right: Math.max(a.x, c.x), top: Math.min(a.y, c.y), bottom: Math.max(a.y, c.y)};
  });
  return {frame: {width, height}, drawn, title: svg.querySelector("title")?.textContent};
}"""


# The fonts a visitor's system may draw a logo's text in: the one it asks for (system-ui: here
# whichever this machine has), and DejaVu Sans, the widest of those Linux gives system-ui (the
# demo artwork was cut in it: "Acme Trave"), and Liberation Sans (Arial's widths).
FONTS = (None, "DejaVu Sans", "Liberation Sans")


def drawn(page, source, font=None):
    """The artwork laid out as an image shows it, alone with no page style around it, its text
    in ``font`` (by default the one it names)."""
    if font:
        source = re.sub(r'font-family="[^"]*"', f'font-family="{font}"', source)
    page.set_content(source)
    return page.evaluate(DRAWN)


def _outside(logo):
    """The shapes of the artwork drawn past its frame (half a pixel of anti-aliasing allowed)."""
    frame = logo["frame"]
    return [
        shape
        for shape in logo["drawn"]
        if shape["left"] < -0.5
        or shape["top"] < -0.5
        or shape["right"] > frame["width"] + 0.5
        or shape["bottom"] > frame["height"] + 0.5
    ]


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [375, 1280])
@pytest.mark.parametrize("host", list(BRANDS))
def test_a_partners_name_shows_whole_in_the_header(new_page, server_url, host, width, scheme):
    page = new_page(width=width, height=700, color_scheme=scheme)
    page.goto(server_url.replace("127.0.0.1", host) + "/hotels")
    logo = page.evaluate(SEEN_LOGO)
    artwork = drawn(new_page(), logo["source"])
    # The demo artwork draws the name as outlines (storefront/sandbox/wordmarks.py): no font of
    # the visitor's system decides its width, and it lies whole inside the image.
    assert artwork["title"] == BRANDS[host]
    assert "text" not in [shape["shape"] for shape in artwork["drawn"]], artwork
    assert _outside(artwork) == [], artwork
    name = artwork["drawn"][-1]
    assert name["left"] >= 36 and name["right"] - name["left"] > 80, name
    assert not logo["cut"], logo
    assert logo["fit"] != "cover" and abs(logo["ratio"][0] - logo["ratio"][1]) < 0.02, logo
    # Legible: the name is drawn at least at 10 px (the artwork draws it at 19 of its 32).
    assert logo["height"] * 19 / 32 >= 10, logo


@pytest.mark.parametrize("rtl", [False, True])
def test_a_name_without_an_outline_keeps_its_room_in_any_font(new_page, rtl):
    """A name the sandbox has no outline for is text, held to its room whatever the font."""
    from base64 import b64decode

    from storefront.sandbox.demo import logo

    name = "גלובקס חופשות בע״מ" if rtl else "Globex Holidays Group"
    source = b64decode(logo(name, "#6941C6", "#101828", rtl=rtl).split(",", 1)[1]).decode()
    blank = new_page()
    for font in FONTS:
        artwork = drawn(blank, source, font)
        assert [shape["text"] for shape in artwork["drawn"] if shape["shape"] == "text"] == [name]
        assert _outside(artwork) == [], (font, artwork)


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_default_wordmark_needs_no_font_and_is_drawn_whole(new_page, server_url, mode):
    """The built-in logo (the default brand's, shown whenever the provider gives none) draws its
    name as shapes: nothing waits for a font or depends on its widths."""
    page = new_page(width=400, height=200)
    page.goto(f"{server_url}/static/brand/logo-{mode}.svg")
    logo = page.evaluate(DRAWN)
    assert "text" not in [shape["shape"] for shape in logo["drawn"]]
    assert _outside(logo) == [], logo
    # The wordmark (the last shape) fills the room beside the mark, as "Travelnest" did.
    wordmark = logo["drawn"][-1]
    assert wordmark["left"] >= 36 and wordmark["right"] - wordmark["left"] > 90, wordmark


ROW = """() => {
  const box = (el) => el.getBoundingClientRect();
  const header = document.querySelector("header.site-header");
  const items = [...header.querySelectorAll(
    ".logo, .site-nav__link, .site-header__end > *")].filter((el) => el.checkVisibility());
  const list = header.querySelector(".site-nav__list");
  const middles = items.map((el) => Math.round((box(el).top + box(el).bottom) / 2));
  return {
    height: Math.round(box(header).height),
    middles: [...new Set(middles)],
    links: header.querySelectorAll(".site-nav__link").length,
    navOverflows: list.scrollWidth > list.clientWidth,
    navEnd: Math.round(Math.max(...[...list.children].map((li) => box(li).right))),
    navStart: Math.round(Math.min(...[...list.children].map((li) => box(li).left))),
    logo: [Math.round(box(header.querySelector(".logo")).left),
           Math.round(box(header.querySelector(".logo")).right)],
    end: [Math.round(box(header.querySelector(".site-header__end")).left),
          Math.round(box(header.querySelector(".site-header__end")).right)],
    scrolls: document.documentElement.scrollWidth > innerWidth,
  };
}"""


def _one_row(row, where):
    problems = []
    if len(row["middles"]) > 1:
        problems.append(f"{where}: items on {len(row['middles'])} rows ({row['middles']})")
    if row["height"] > 66:
        problems.append(f"{where}: header {row['height']} px high")
    if row["navOverflows"] or row["scrolls"]:
        problems.append(f"{where}: something runs over ({row})")
    # Nothing overlaps, whichever side the page starts on: logo, links, controls in order.
    spans = sorted([row["logo"], [row["navStart"], row["navEnd"]], row["end"]])
    if any(a[1] > b[0] for a, b in zip(spans, spans[1:], strict=False)):
        problems.append(f"{where}: logo, links and controls overlap ({spans})")
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_link_keeps_the_header_on_one_row_at_1280(new_page, server_url, scheme):
    server = new_page(width=1280, height=700, color_scheme=scheme, java_script_enabled=False)
    log_in(server, server_url, "power@example.com")
    island = new_page(width=1280, height=700, color_scheme=scheme)
    island.context.add_cookies(server.context.cookies())
    problems = []
    for code in ("en", "de", "ru", "he", "ja"):
        path = f"{server_url}{'' if code == 'en' else '/' + code}/hotels"
        for page, kind in ((server, "server"), (island, "island")):
            page.goto(path)
            if kind == "island":
                mounted(page, "Header")
            row = page.evaluate(ROW)
            assert row["links"] == 5, row  # Hotels, Join, Reservations, Packages, Carts
            problems += _one_row(row, f"{code} {kind}")
    assert problems == [], "\n".join(problems)
