"""Island props, one builder per island, alphabetical. The JS side names these as producers.

A builder gets the request and the template context (the chrome's values, built once per page
by ``storefront.chrome.context_processors.chrome``) and returns JSON-ready data.
"""

from storefront.chrome.preferences import COLOR_MODE_KEY, COLOR_MODES, color_mode


def language_picker_props(request, context) -> dict:
    """Read by static_src/islands/LanguagePicker.jsx."""
    return {
        "current": context["locale"].code,
        "links": [
            {"code": loc.code, "name": loc.name, "iso": loc.iso, "dir": loc.dir, "href": href}
            for loc, href in context["language_links"]
        ],
    }


def theme_toggle_props(request, context) -> dict:
    """Read by static_src/islands/ThemeToggle.jsx."""
    return {"mode": color_mode(request), "modes": list(COLOR_MODES), "storageKey": COLOR_MODE_KEY}


BUILDERS = {
    "LanguagePicker": language_picker_props,
    "ThemeToggle": theme_toggle_props,
}
