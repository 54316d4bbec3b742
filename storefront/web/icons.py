"""``icon("heart")``: an SVG of ``templates/includes/icons/``, inline (templates call it through
``storefront/jinja.py``; Python that draws markup, such as the hearts, calls it directly).

The islands draw the same files: static_src/islands/icons.jsx is built from them
(static_src/svg-icons.mjs), and tests/islands/test_icon_twins.py compares its icons with these."""

from functools import lru_cache

from django.conf import settings
from markupsafe import Markup


@lru_cache
def icon(name: str) -> Markup:
    """The SVG ``templates/includes/icons/<name>.svg``, read once."""
    return Markup(
        (settings.BASE_DIR / "templates" / "includes" / "icons" / f"{name}.svg").read_text()
    )
