"""The demo brands' names drawn as outlines, for their logos (``demo.logo``).

A brand's logo is artwork: it looks the same on every device. Drawn as SVG ``<text>``, the name
took whatever bold font the visitor's system had, and every page paid for it: the logo is an
image document of its own, which looked up its fonts and searched every installed font for the
Hebrew letters its default font lacks, before the page's first layout (65 ms of a Hebrew page's
main thread in Chromium on Linux, 30 ms of an English one, unthrottled).

``wordmarks.json`` holds, for each demo name, its width at 19 px and the SVG path of its letters
from the baseline at the origin: Noto Sans Bold for Latin, Noto Sans Hebrew Bold for Hebrew
(both SIL Open Font License, which lets artwork embed their outlines). Hebrew is laid out from
the right, letter by letter (its demo names need no joining or marks). Made once, by
``python -m storefront.sandbox.wordmarks`` on a machine with Debian's ``fonts-noto-core``
(``make bench`` installs it); a name not in the file keeps the ``<text>`` drawing.
"""

import json
import sys
from functools import cache
from pathlib import Path

DATA = Path(__file__).with_name("wordmarks.json")
SIZE = 19  # px: the logo's name size
FONTS = {
    False: "/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf",
    True: "/usr/share/fonts/truetype/noto/NotoSansHebrew-Bold.ttf",
}
# Hebrew fonts hold no Latin space: its width comes from the Latin font.
SPACE_FONT = FONTS[False]
# The demo brands' names (demo.BRANDS), and whether each reads right to left.
NAMES = [
    ("Travelnest", False),
    ("טרוולנסט", True),
    ("Sunny Trips", False),
    ("סאני טריפס", True),
    ("Acme Travel", False),
    ("אקמי טראוול", True),
    ("Globex Holidays", False),
    ("גלובקס חופשות", True),
]


@cache
def wordmarks() -> dict[str, dict]:
    """name -> {"width": px, "path": SVG path data, baseline at y=0, starting at x=0}."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def outline(name: str, rtl: bool) -> dict:
    """The name's outline at ``SIZE`` px (fontTools, a development tool here: the app never
    imports this function)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen
    from fontTools.ttLib import TTFont

    font, spacing = TTFont(FONTS[rtl]), TTFont(SPACE_FONT)
    scale = SIZE / font["head"].unitsPerEm
    glyphs, cmap = font.getGlyphSet(), font.getBestCmap()
    letters = []
    for char in name:
        if char == " ":
            space = spacing["hmtx"][spacing.getBestCmap()[32]][0] * scale
            letters.append((None, space))
        else:
            glyph = cmap[ord(char)]
            letters.append((glyph, font["hmtx"][glyph][0] * scale))
    width = sum(advance for _, advance in letters)
    pen = SVGPathPen(glyphs, ntos=lambda value: f"{value:.1f}".rstrip("0").rstrip("."))
    x = width if rtl else 0.0
    for glyph, advance in letters:
        if rtl:
            x -= advance
        if glyph:
            # Font units, y up, to pixels, y down from the baseline.
            glyphs[glyph].draw(TransformPen(pen, (scale, 0, 0, -scale, x, 0)))
        if not rtl:
            x += advance
    return {"width": round(width, 1), "path": pen.getCommands()}


def main(names: list[tuple[str, bool]]) -> None:
    marks = {name: outline(name, rtl) for name, rtl in names}
    DATA.write_text(json.dumps(marks, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(NAMES)
    sys.stdout.write(f"{DATA}: {len(NAMES)} names\n")
