"""The Brand value: what a white-label configuration changes (spec section 3)."""

import re
from dataclasses import dataclass, field

HEX_COLOR_RE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
COLOR_TOKENS = ("brand", "bgBrand", "bgBrandAlt", "textBrand", "textBrandAlt")


def valid_color(value, default: str) -> str:
    """``value`` when it is ``#rgb``, ``#rrggbb`` or ``#rrggbbaa``, else ``default``."""
    return value if isinstance(value, str) and HEX_COLOR_RE.match(value) else default


def css_property(token: str) -> str:
    """``bgBrandAlt`` -> ``--bg-brand-alt``."""
    return "--" + re.sub(r"([A-Z])", r"-\1", token).lower()


def widget_tokens(query) -> dict[str, str]:
    """The widget layout's colours from its query string (``?brand=%23ff6600``): valid hex only;
    anything else is dropped so the brand's own colour stays."""
    tokens = {}
    for token in COLOR_TOKENS:
        value = valid_color(query.get(token), "")
        if value:
            tokens[css_property(token)] = value
    return tokens


@dataclass(frozen=True)
class Brand:
    id: int
    fid: int
    white_label: bool
    name: str
    title: str
    home_page_title: str
    logo: dict[str, str]  # light, dark: static paths or https URLs
    favicon: str
    icon: str
    colors: dict[str, dict[str, str]]  # token -> {light, dark}
    background: dict[str, str] = field(default_factory=dict)
    socials: dict[str, str] = field(default_factory=dict)
    ga4: str = ""
    translations: dict[str, dict[str, str]] = field(default_factory=dict)

    def css_tokens(self, mode: str) -> dict[str, str]:
        """Colour tokens as CSS custom property names -> validated values for one mode."""
        from .defaults import DEFAULT_COLORS

        tokens = {}
        for token in COLOR_TOKENS:
            default = DEFAULT_COLORS[token][mode]
            value = (self.colors.get(token) or {}).get(mode)
            tokens[css_property(token)] = valid_color(value, default)
        return tokens
