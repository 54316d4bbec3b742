"""``{% inline_style %}...{% endinline_style %}``: an inline ``<style>`` block that the page's
Content Security Policy admits by its hash (``storefront/security/csp.py``), not by a nonce."""

from django import template
from django.utils.safestring import mark_safe

from storefront.security.csp import allow_inline_style

register = template.Library()


class InlineStyleNode(template.Node):
    def __init__(self, nodelist):
        self.nodelist = nodelist

    def render(self, context):
        text = self.nodelist.render(context).strip()
        if not text:
            return ""
        allow_inline_style(context["request"], text)
        return mark_safe(f"<style>{text}</style>")  # the template escaped it


@register.tag
def inline_style(parser, token):
    nodelist = parser.parse(("endinline_style",))
    parser.delete_first_token()
    return InlineStyleNode(nodelist)
