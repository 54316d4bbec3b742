"""Template helpers for the display rules of ``formatting.py``, in the page's locale."""

from jinja2 import pass_context
from markupsafe import Markup, escape

from storefront.i18n.templating import page_code

from .formatting import format_list


@pass_context
def listed(context, items) -> Markup:
    """``{{ [a, b, c]|listed }}``: the items (messages, escaped) joined as the page's language
    joins a list; empty items are left out."""
    return Markup(format_list([escape(item) for item in items if item], page_code(context)))
