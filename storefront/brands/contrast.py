"""WCAG 2 contrast between brand colours (the admin warns below AA, 4.5:1)."""

AA_NORMAL_TEXT = 4.5
# Text colour token on background colour token: the pairs the chrome draws.
TEXT_PAIRS = (("textBrand", "bgBrand"), ("textBrandAlt", "bgBrandAlt"))
WEAK_CONTRAST = "{text} on {background} has a contrast of {ratio}:1, below WCAG AA ({aa}:1)."


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_color: str) -> float:
    digits = hex_color.lstrip("#")
    if len(digits) in (3, 4):
        digits = "".join(d * 2 for d in digits)
    r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_ratio(foreground: str, background: str) -> float:
    lighter, darker = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def weak_pairs(brand, *, modes=("light", "dark")) -> list[tuple[str, str, str, float]]:
    """(mode, text token, background token, ratio) for every pair of ``modes`` below AA."""
    weak = []
    for mode in modes:
        for text, background in TEXT_PAIRS:
            ratio = contrast_ratio(brand.colors[text][mode], brand.colors[background][mode])
            if ratio < AA_NORMAL_TEXT:
                weak.append((mode, text, background, round(ratio, 2)))
    return weak


def contrast_warnings(brand, *, mode: str) -> list[tuple[str, str]]:
    """(text token, warning) for each text/background pair of ``mode`` below AA: what the admin's
    preview pane of that mode shows, and what saving the override warns of."""
    return [
        (text, WEAK_CONTRAST.format(text=text, background=bg, ratio=ratio, aa=AA_NORMAL_TEXT))
        for _, text, bg, ratio in weak_pairs(brand, modes=(mode,))
    ]
