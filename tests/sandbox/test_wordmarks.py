"""The demo brands' logos draw their names as outlines (storefront/sandbox/wordmarks.py), so a
page asks the visitor's system for no font to show a logo, and each name keeps its room."""

import re
from base64 import b64decode

import pytest

from storefront.sandbox.demo import BRANDS, logo
from storefront.sandbox.wordmarks import NAMES, wordmarks


def _svg(uri):
    return b64decode(uri.split(",", 1)[1]).decode()


def test_every_demo_name_has_its_outline():
    names = set()
    for _, _, config in BRANDS:
        names.add(config["name"])
        names.add(config["translations"]["he"]["name"])
    assert names == {name for name, _ in NAMES} == set(wordmarks())


@pytest.mark.parametrize("name,rtl", NAMES)
def test_a_demo_logo_is_drawn_without_text_inside_its_width(name, rtl):
    svg = _svg(logo(name, "#044AFF", "#101828", rtl=rtl))
    assert "<text" not in svg and f"<title>{name}</title>" in svg
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    start = float(re.search(r'<path transform="translate\(([\d.]+) 23\)"', svg).group(1))
    # The name's outline lies inside the image, beside the 32 px mark (left, or right in Hebrew).
    xs = [float(x) for x in re.findall(r"[MLQ](-?[\d.]+) ", wordmarks()[name]["path"])]
    left, right = start + min(xs), start + max(xs)
    if rtl:
        assert 0 <= left and right <= width - 32, (left, right, width)
    else:
        assert 32 <= left and right <= width, (left, right, width)


def test_another_name_is_still_drawn_as_text_in_its_room():
    svg = _svg(logo("Another Brand", "#044AFF", "#101828"))
    assert '<text x="40" y="23" textLength=' in svg and ">Another Brand</text>" in svg
