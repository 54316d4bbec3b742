"""``{% call inline_style() %}...{% endcall %}``: an inline ``<style>`` block that the page's
Content Security Policy admits by its hash (``storefront/security/csp.py``), not by a nonce."""

from jinja2 import pass_context
from markupsafe import Markup

from .csp import allow_inline_style


@pass_context
def inline_style(context, caller) -> Markup:
    text = str(caller()).strip()
    if not text:
        return Markup("")
    allow_inline_style(context["request"], text)
    return Markup(f"<style>{text}</style>")  # the template escaped it
