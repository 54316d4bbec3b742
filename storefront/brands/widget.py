"""The partner's search widget (``/widgets/search``, DESIGN section 16; ``docs/widget.md``).

A partner frames the widget on its own site. What it shows comes from here:

- its colours from the query string (``brand.widget_tokens``: hex only, else the brand's own);
- where a search goes: the results page on the brand's host (``link_origin``), opened in the
  partner's top window (``target="_top"``), never inside the frame;
- whom it tells its height (``postMessage``): each origin the brand lists in
  ``frame_ancestors``, which are also the only origins its CSP lets frame it
  (``pages.views._allow_framing``);
- what the operator gives the partner to paste (``snippet``), shown in the brand admin.
"""

import json
from urllib.parse import urlencode

from django.conf import settings
from django.utils.html import escape

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.web.links import DEFAULT_FID, page_url

from .brand import COLOR_TOKENS, valid_color, widget_tokens
from .registry import AGENT
from .selectors import link_origin

HEIGHT_MESSAGE = "storefront:widget-height"  # the type of the messages static_src/widget.js posts
FRAME_TITLE = "widget.frame_title"  # "Hotel search by {{brand}}": the iframe's title, the link's
DEFAULT_HEIGHT = 320  # the iframe's height before its first message (px): the form on a desktop


def widget_context(*, brand, host: str, locale: str, fid: int, query) -> dict:
    """What ``templates/pages/widgets-search.html`` and its layout need, for a request to
    ``host`` (the brand's, already resolved) with ``query`` (its GET parameters)."""
    origin = link_origin(host=host)
    return {
        "widget_tokens": widget_tokens(query),
        # Read by static_src/widget.js: whom to tell the height, and in which message.
        "widget_frame": {"origins": list(brand.frame_ancestors), "type": HEIGHT_MESSAGE},
        # The search form's action and the brand's link: absolute, on the brand's host.
        "search_form_origin": origin,
        "widget_home_url": origin + page_url("home", locale, fid=fid),
    }


def widget_origin(*, kind: str, key: str) -> str:
    """The origin a brand's widget is served from: its own host (an agency or custom host),
    or the canonical site for an agent brand (whose fid then travels in the query)."""
    return settings.SITE_ORIGIN if kind == AGENT else link_origin(host=key)


def widget_src(*, kind: str, key: str, locale: str = "en", colors: dict | None = None) -> str:
    """The widget's address for a brand: its origin, the locale's path and the partner's
    colours (only valid ones: the others would be ignored by the widget anyway), plus the fid
    for an agent brand."""
    query = {
        token: colors[token]
        for token in COLOR_TOKENS
        if colors and valid_color(colors.get(token), "")
    }
    if kind == AGENT and key.isdigit() and int(key) != DEFAULT_FID:
        query["fid"] = key
    path = page_url("widgets-search", locale if locale in LOCALES else "en")
    return widget_origin(kind=kind, key=key) + path + (f"?{urlencode(query)}" if query else "")


def frame_title(*, brand_name: str, locale: str) -> str:
    return translate(FRAME_TITLE, locale, brand=brand_name)


def snippet(*, src: str, origin: str, title: str) -> str:
    """The HTML a partner pastes: the iframe, and a script that sets its height from our
    messages (only from ``origin``, only of our type, only from that iframe's window)."""
    listener = (
        "window.addEventListener('message', function (event) {\n"
        f"  if (event.origin !== {json.dumps(origin)} || !event.data"
        f" || event.data.type !== {json.dumps(HEIGHT_MESSAGE)}) return;\n"
        "  document.querySelectorAll('iframe[data-storefront-widget]').forEach(function (frame) {\n"
        "    if (frame.contentWindow === event.source) frame.style.height ="
        " Math.ceil(Number(event.data.height) || 0) + 'px';\n"
        "  });\n"
        "});"
    )
    return (
        f'<iframe src="{escape(src)}" title="{escape(title)}" data-storefront-widget'
        f' style="display:block;width:100%;height:{DEFAULT_HEIGHT}px;border:0"></iframe>\n'
        f"<script>\n{listener}\n</script>\n"
    )
