"""In Arabic a price reads as one unit (issue 32, item 2): the bidirectional algorithm used to
tear "US$" apart, showing "$US 595.95". The server keeps such a symbol in a left-to-right
isolate; here Chromium lays the page out and the glyphs' positions are read: U, S and $ left to
right, the amount to the symbol's right (the page reads right to left)."""

from datetime import timedelta

import pytest

from storefront.search.query import today

pytestmark = pytest.mark.usefixtures("demo_data")
CHECK_IN = today() + timedelta(days=40)
STAY = f"check_in={CHECK_IN}&check_out={CHECK_IN + timedelta(days=2)}&guests=2"

# The x of each character of the first nightly price, as laid out.
GLYPHS = """(el) => {
  const node = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
  const text = node.textContent, out = [];
  for (let i = 0; i < text.length; i++) {
    const range = document.createRange();
    range.setStart(node, i); range.setEnd(node, i + 1);
    const box = range.getBoundingClientRect();
    if (box.width > 0) out.push([text[i], box.x]);
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1280, 375])
def test_a_us_dollar_price_reads_as_one_unit_in_arabic(new_page, server_url, width):
    page = new_page(width=width)
    page.goto(f"{server_url}/ar/hotels/search?place=2002&currency=USD&{STAY}")
    price = page.locator(".hotel-card__nightly").first
    price.wait_for()
    glyphs = dict((char, x) for char, x in reversed(price.evaluate(GLYPHS)))
    assert glyphs["U"] < glyphs["S"] < glyphs["$"], glyphs
    digits = [x for char, x in price.evaluate(GLYPHS) if char.isdigit()]
    assert min(digits) > glyphs["$"], (digits, glyphs)  # the amount on the symbol's right
