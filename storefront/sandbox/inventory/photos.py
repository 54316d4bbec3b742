"""Hotel and room photos: small illustrations drawn on request, the same bytes every time.

A scene is drawn once at 1280x853 from ``random.Random`` seeded by the hotel (its palette, so a
hotel's photos belong together) and the photo number (the scene), then scaled down for 640 and
320. Flat shapes and gradients compress well: WebP at quality 70 keeps every file far under the
contract's 60 KB. Drawing takes tens of milliseconds, so recent files stay in an LRU cache rather
than thousands being written at startup.
"""

import io
import random
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

WIDTHS = (320, 640, 1280)
BASE = (1280, 853)
QUALITY = 70

SKIES = (
    ((86, 156, 226), (196, 226, 250)),  # clear day
    ((52, 98, 178), (150, 196, 240)),  # deep blue
    ((250, 170, 110), (255, 226, 170)),  # golden hour
    ((120, 90, 170), (250, 160, 140)),  # dusk
    ((150, 190, 215), (232, 240, 245)),  # hazy
)
FACADES = (
    (236, 222, 200),
    (214, 170, 140),
    (246, 244, 238),
    (180, 196, 210),
    (226, 200, 150),
    (200, 120, 100),
    (240, 230, 214),
    (160, 170, 160),
)
ACCENTS = (
    (32, 120, 140),
    (180, 60, 60),
    (40, 80, 140),
    (210, 150, 40),
    (60, 130, 80),
    (120, 70, 130),
)
WALLS = ((244, 236, 224), (232, 226, 240), (226, 238, 232), (248, 240, 220), (236, 232, 228))
FLOORS = ((170, 130, 95), (200, 170, 130), (140, 110, 90), (210, 205, 195))


def _height(width: int) -> int:
    return round(width * 2 / 3)


def _gradient(draw, box, top, bottom):
    x0, y0, x1, y1 = box
    span = max(1, y1 - y0)
    for y in range(y0, y1):
        t = (y - y0) / span
        color = tuple(round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
        draw.line((x0, y, x1, y), fill=color)


def _shade(color, factor):
    return tuple(max(0, min(255, round(c * factor))) for c in color)


def _palm(draw, x, ground, rng, scale=1.0):
    height = int(rng.randint(180, 260) * scale)
    lean = rng.randint(-40, 40)
    trunk = (110, 80, 50)
    for i in range(12):
        y = ground - i * height // 12
        draw.ellipse((x + lean * i // 12 - 9, y - 12, x + lean * i // 12 + 9, y + 4), fill=trunk)
    top = (x + lean, ground - height)
    green = (50, 130, 70)
    for dx, dy in ((-90, 20), (90, 20), (-60, -40), (60, -40), (0, -60), (-100, 50), (100, 50)):
        draw.polygon(
            (
                top,
                (top[0] + int(dx * scale), top[1] + int(dy * scale)),
                (top[0] + int(dx * 0.5 * scale), top[1] + int((dy - 25) * scale)),
            ),
            fill=green,
        )


def _windows(draw, x0, y0, x1, y1, rng, glass):
    if x1 - x0 < 60 or y1 - y0 < 70:  # a sliver of a wall (a low wing, a narrow block): none
        return
    cols = max(2, (x1 - x0) // 46)
    rows = max(2, (y1 - y0) // 58)
    w = (x1 - x0) / cols
    h = (y1 - y0) / rows
    lit = _shade(glass, 1.25)
    for r in range(rows):
        for c in range(cols):
            fill = lit if rng.random() < 0.2 else glass
            draw.rectangle(
                (
                    x0 + c * w + w * 0.22,
                    y0 + r * h + h * 0.2,
                    x0 + (c + 1) * w - w * 0.22,
                    y0 + (r + 1) * h - h * 0.25,
                ),
                fill=fill,
            )


def _exterior(draw, rng, palette, by_sea: bool):
    width, height = BASE
    sky = palette["sky"]
    horizon = int(height * rng.uniform(0.58, 0.68))
    _gradient(draw, (0, 0, width, horizon), *sky)
    sun_x = rng.randint(100, width - 100)
    draw.ellipse((sun_x - 45, 70, sun_x + 45, 160), fill=(255, 240, 200))
    for _ in range(rng.randint(2, 4)):  # clouds
        cx, cy = rng.randint(0, width), rng.randint(60, horizon // 2)
        for k in range(4):
            draw.ellipse(
                (cx + k * 40 - 60, cy - 25 - (k % 2) * 15, cx + k * 40 + 30, cy + 25),
                fill=(255, 255, 255),
            )
    # Distant skyline.
    x = 0
    far = _shade(sky[0], 0.8)
    while x < width:
        w = rng.randint(50, 130)
        draw.rectangle((x, horizon - rng.randint(40, 160), x + w, horizon), fill=far)
        x += w + rng.randint(0, 20)
    if by_sea:
        _gradient(draw, (0, horizon, width, height), (40, 120, 170), (90, 180, 200))
        sand = (232, 210, 160)
        draw.polygon(
            ((0, height), (0, int(height * 0.8)), (width, int(height * 0.86)), (width, height)),
            fill=sand,
        )
        ground = int(height * 0.83)
    else:
        _gradient(draw, (0, horizon, width, height), (150, 150, 150), (110, 110, 115))
        ground = horizon + 30
        draw.rectangle((0, ground, width, height), fill=(125, 125, 130))
        draw.rectangle((0, ground, width, ground + 14), fill=(200, 200, 200))
    # The hotel: a main block and a wing.
    facade, accent, glass = palette["facade"], palette["accent"], palette["glass"]
    floors = palette["floors"]
    left = rng.randint(220, 420)
    right = left + rng.randint(420, 600)
    top = max(90, ground - floors * 58 - 20)
    draw.rectangle((left, top, right, ground), fill=facade)
    draw.rectangle((left, top - 18, right, top), fill=accent)
    _windows(draw, left + 20, top + 20, right - 20, ground - 90, rng, glass)
    door = (left + right) // 2
    draw.rectangle((door - 50, ground - 80, door + 50, ground), fill=_shade(accent, 0.7))
    draw.rectangle((door - 80, ground - 100, door + 80, ground - 84), fill=accent)
    wing_left = right
    wing_right = min(width - 40, right + rng.randint(160, 300))
    wing_top = top + rng.randint(60, 160)
    if wing_right > wing_left and wing_top < ground:
        draw.rectangle((wing_left, wing_top, wing_right, ground), fill=_shade(facade, 0.88))
    _windows(draw, wing_left + 15, wing_top + 15, wing_right - 15, ground - 40, rng, glass)
    if palette["palms"]:
        for x in (left - 90, wing_right + 60, rng.randint(60, 160)):
            if 0 < x < width:
                _palm(draw, x, ground + 10, rng)
    else:
        for x in range(40, width, rng.randint(150, 220)):  # street trees
            if left - 30 < x < wing_right + 30:
                continue
            draw.rectangle((x - 6, ground - 70, x + 6, ground + 5), fill=(100, 75, 55))
            draw.ellipse((x - 45, ground - 150, x + 45, ground - 50), fill=(70, 140, 80))


def _pool(draw, rng, palette):
    width, height = BASE
    horizon = int(height * 0.45)
    _gradient(draw, (0, 0, width, horizon), *palette["sky"])
    _gradient(draw, (0, horizon, width, int(height * 0.55)), (50, 130, 180), (80, 170, 200))
    deck = (226, 214, 196)
    draw.rectangle((0, int(height * 0.55), width, height), fill=deck)
    pool = (160, int(height * 0.62), width - 160, int(height * 0.88))
    draw.rounded_rectangle(pool, radius=40, fill=(60, 180, 210))
    for k in range(6):  # ripples
        y = pool[1] + 25 + k * 30
        draw.line(
            (pool[0] + 60, y, pool[2] - 60, y + rng.randint(-6, 6)), fill=(130, 215, 235), width=4
        )
    accent = palette["accent"]
    for i in range(rng.randint(3, 5)):  # loungers and parasols
        x = 120 + i * 230 + rng.randint(-20, 20)
        y = int(height * 0.58)
        draw.rectangle((x, y, x + 140, y + 22), fill=(250, 250, 250))
        draw.line((x + 70, y - 120, x + 70, y), fill=(90, 80, 70), width=6)
        draw.pieslice((x - 10, y - 170, x + 150, y - 70), 180, 360, fill=accent)
    _palm(draw, rng.randint(20, 120), int(height * 0.6), rng, 1.1)
    _palm(draw, width - rng.randint(40, 140), int(height * 0.6), rng, 0.9)


def _interior(draw, rng, palette, room: bool):
    width, height = BASE
    wall = palette["wall"]
    floor_y = int(height * 0.68)
    _gradient(draw, (0, 0, width, floor_y), _shade(wall, 1.03), _shade(wall, 0.93))
    _gradient(draw, (0, floor_y, width, height), palette["floor"], _shade(palette["floor"], 0.8))
    # A window with the view.
    wx = rng.choice((90, width - 470))
    draw.rectangle((wx - 12, 110, wx + 392, 472), fill=(250, 250, 250))
    _gradient(draw, (wx, 122, wx + 380, 460), *palette["sky"])
    if palette["palms"]:
        draw.rectangle((wx, 380, wx + 380, 460), fill=(60, 140, 180))
    else:
        for k in range(5):
            draw.rectangle(
                (wx + k * 76 + 8, 300 - k % 3 * 50, wx + k * 76 + 64, 460),
                fill=_shade(palette["sky"][0], 0.75),
            )
    draw.line((wx + 190, 122, wx + 190, 460), fill=(250, 250, 250), width=10)
    accent = palette["accent"]
    if room:
        bx = width - 800 if wx < width // 2 else 150
        draw.rectangle((bx + 40, floor_y - 250, bx + 560, floor_y - 80), fill=_shade(accent, 0.8))
        draw.rectangle((bx, floor_y - 110, bx + 600, floor_y + 60), fill=(250, 250, 248))
        draw.rectangle((bx, floor_y - 20, bx + 600, floor_y + 60), fill=accent)
        for px in (bx + 60, bx + 320):
            draw.rounded_rectangle(
                (px, floor_y - 150, px + 220, floor_y - 90),
                radius=24,
                fill=(255, 255, 255),
                outline=(220, 220, 220),
                width=3,
            )
        for lx in (bx - 110, bx + 650):  # bedside tables and lamps
            draw.rectangle((lx, floor_y - 40, lx + 80, floor_y + 50), fill=(140, 100, 70))
            draw.polygon(
                (
                    (lx + 10, floor_y - 120),
                    (lx + 70, floor_y - 120),
                    (lx + 58, floor_y - 170),
                    (lx + 22, floor_y - 170),
                ),
                fill=(250, 230, 180),
            )
            draw.line((lx + 40, floor_y - 120, lx + 40, floor_y - 40), fill=(90, 80, 70), width=5)
        draw.rectangle(
            (bx + 200, 160, bx + 400, 300),
            fill=_shade(accent, 1.2),
            outline=(120, 100, 80),
            width=10,
        )
    else:  # lobby or restaurant: tables, chairs, a counter
        draw.rectangle((0, floor_y - 140, width, floor_y - 120), fill=_shade(wall, 0.8))
        for i in range(rng.randint(3, 5)):
            x = 80 + i * 260 + rng.randint(-20, 20)
            y = floor_y + 40 + (i % 2) * 60
            draw.ellipse((x, y, x + 160, y + 40), fill=(250, 250, 250))
            draw.rectangle((x + 74, y + 40, x + 86, y + 120), fill=(90, 80, 70))
            for cx in (x - 40, x + 170):
                draw.rectangle((cx, y - 30, cx + 30, y + 90), fill=accent)
        for k in range(3):  # pendant lamps
            x = 260 + k * 380
            draw.line((x, 0, x, 120), fill=(60, 60, 60), width=3)
            draw.pieslice((x - 50, 100, x + 50, 180), 180, 360, fill=(240, 200, 120))


def _palette(rng, by_sea: bool) -> dict:
    facade = rng.choice(FACADES)
    return {
        "sky": rng.choice(SKIES),
        "facade": facade,
        "accent": rng.choice(ACCENTS),
        "glass": rng.choice(((70, 110, 150), (90, 130, 160), (60, 90, 120))),
        "wall": rng.choice(WALLS),
        "floor": rng.choice(FLOORS),
        "floors": rng.randint(3, 9),
        "palms": by_sea,
    }


@lru_cache(maxsize=16)
def _scene(hotel_id: int, by_sea: bool, room: int, number: int) -> Image.Image:
    """The full-size drawing. ``room`` 0 is the hotel's own photos."""
    palette = _palette(random.Random(hotel_id * 31), by_sea)
    rng = random.Random(hotel_id * 1009 + room * 101 + number)
    image = Image.new("RGB", BASE)
    draw = ImageDraw.Draw(image)
    if room:
        _interior(draw, rng, palette, room=True)
    else:
        scenes = ("exterior", "pool" if by_sea else "exterior", "lobby", "exterior", "lobby")
        scene = scenes[(number - 1) % len(scenes)]
        if scene == "exterior":
            _exterior(draw, rng, palette, by_sea)
        elif scene == "pool":
            _pool(draw, rng, palette)
        else:
            _interior(draw, rng, palette, room=False)
    return image.filter(ImageFilter.SMOOTH)


@lru_cache(maxsize=512)
def render(hotel_id: int, by_sea: bool, room: int, number: int, width: int) -> bytes:
    """WebP bytes of one photo at one width."""
    image = _scene(hotel_id, by_sea, room, number)
    if width != BASE[0]:
        image = image.resize((width, _height(width)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    image.save(out, "WEBP", quality=QUALITY, method=4)
    return out.getvalue()
