"""Island props, one builder per island, alphabetical. The JS side names these as producers."""

from storefront.chrome.preferences import COLOR_MODE_KEY, COLOR_MODES, color_mode


def theme_toggle_props(request) -> dict:
    """Read by static_src/islands/ThemeToggle.jsx."""
    return {"mode": color_mode(request), "modes": list(COLOR_MODES), "storageKey": COLOR_MODE_KEY}


BUILDERS = {
    "ThemeToggle": theme_toggle_props,
}
