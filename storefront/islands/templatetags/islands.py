"""``{% island "Name" %}fallback{% endisland %}`` and ``{% island_assets %}``."""

from django import template
from django.utils.html import format_html, json_script

from ..manifest import asset_url
from ..props import BUILDERS

register = template.Library()


class IslandNode(template.Node):
    def __init__(self, name, nodelist, tag):
        self.name, self.nodelist, self.tag = name, nodelist, tag

    def render(self, context):
        name = self.name.resolve(context)
        request = context["request"]
        props = BUILDERS[name](request, context)
        seq = getattr(request, "_island_seq", 0) + 1
        request._island_seq = seq
        props_id = f"island-props-{seq}"
        return format_html(
            '<{tag} data-island="{name}" data-props="{props_id}">{fallback}</{tag}>{props}',
            tag=self.tag,
            name=name,
            props_id=props_id,
            fallback=self.nodelist.render(context),
            props=json_script(props, props_id),
        )


@register.tag
def island(parser, token):
    bits = token.split_contents()
    if len(bits) not in (2, 4) or (len(bits) == 4 and bits[2] != "tag"):
        raise template.TemplateSyntaxError('{% island "Name" [tag "span"] %}')
    nodelist = parser.parse(("endisland",))
    parser.delete_first_token()
    tag = bits[3].strip("\"'") if len(bits) == 4 else "div"
    return IslandNode(parser.compile_filter(bits[1]), nodelist, tag)


@register.simple_tag(takes_context=True)
def island_assets(context):
    """The stylesheet and the nonced module script that mounts the page's islands."""
    request = context["request"]
    return format_html(
        '<link rel="stylesheet" href="{css}">'
        '<script type="module" src="{js}" nonce="{nonce}"></script>',
        css=asset_url("main.css"),
        js=asset_url("main.js"),
        nonce=request.csp_nonce,
    )
