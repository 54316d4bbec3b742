"""``{% island "Name" %}fallback{% endisland %}`` and ``{% island_assets %}``."""

from django import template
from django.utils.html import format_html, json_script

from ..manifest import asset_url
from ..props import BUILDERS

register = template.Library()


OPTIONS = ("tag", "load", "zone")
LOADS = ("interaction", "visible", "lead")


class IslandNode(template.Node):
    def __init__(self, name, nodelist, options):
        self.name, self.nodelist = name, nodelist
        self.tag = options.get("tag", "div")
        self.load, self.zone = options.get("load", ""), options.get("zone", "")

    def render(self, context):
        name = self.name.resolve(context)
        request = context["request"]
        props = BUILDERS[name](request, context)
        seq = getattr(request, "_island_seq", 0) + 1
        request._island_seq = seq
        props_id = f"island-props-{seq}"
        later = format_html(' data-load="{}"', self.load) if self.load else ""
        if self.zone:
            later += format_html(' data-zone="{}"', self.zone)
        return format_html(
            '<{tag} data-island="{name}" data-props="{props_id}"{later}>{fallback}</{tag}>{props}',
            tag=self.tag,
            name=name,
            props_id=props_id,
            later=later,
            fallback=self.nodelist.render(context),
            props=json_script(props, props_id),
        )


@register.tag
def island(parser, token):
    """``{% island "Name" [tag "span"] [load "interaction"|"visible"|"lead"] [zone "id"] %}``:
    ``load`` defers loading the island's code to the first interaction with it (or with the
    element ``zone`` names), to its coming into view, or (the lead popup) to its timer
    (static_src/main.js)."""
    bits = token.split_contents()
    pairs = dict(zip(bits[2::2], (b.strip("\"'") for b in bits[3::2]), strict=False))
    if (
        len(bits) % 2
        or set(pairs) - set(OPTIONS)
        or pairs.get("load", "interaction") not in LOADS
        or ("zone" in pairs and "load" not in pairs)
    ):
        raise template.TemplateSyntaxError(
            '{% island "Name" [tag "span"] [load "interaction"|"visible"|"lead"] [zone "id"] %}'
        )
    nodelist = parser.parse(("endisland",))
    parser.delete_first_token()
    return IslandNode(parser.compile_filter(bits[1]), nodelist, pairs)


@register.simple_tag
def island_assets():
    """The stylesheet and the module script that mounts the page's islands (both from our own
    origin, which is all the policy's script-src allows)."""
    return format_html(
        '<link rel="stylesheet" href="{css}"><script type="module" src="{js}"></script>',
        css=asset_url("main.css"),
        js=asset_url("main.js"),
    )
