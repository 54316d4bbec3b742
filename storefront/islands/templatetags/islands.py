"""``{% island "Name" %}fallback{% endisland %}`` and ``{% island_assets %}``."""

import json

from django import template
from django.core.serializers.json import DjangoJSONEncoder
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from ..manifest import asset_url
from ..props import BUILDERS

register = template.Library()


OPTIONS = ("tag", "load", "zone", "stored")
LOADS = ("interaction", "visible", "lead")
USAGE = (
    '{% island "Name" [tag "span"] [load "interaction"|"visible"|"lead"|variable] [zone "id"]'
    ' [stored "key"] %}'
)


class IslandNode(template.Node):
    def __init__(self, name, nodelist, options, load):
        self.name, self.nodelist, self.load = name, nodelist, load
        self.tag = options.get("tag", "div")
        self.zone, self.stored = options.get("zone", ""), options.get("stored", "")

    def render(self, context):
        name = self.name.resolve(context)
        load = self.load.resolve(context) if self.load else ""
        if load not in ("", *LOADS):
            raise template.TemplateSyntaxError(f"island {name}: load {load!r}: {USAGE}")
        request = context["request"]
        props = BUILDERS[name](request, context)
        seq = getattr(request, "_island_seq", 0) + 1
        request._island_seq = seq
        props_id = f"island-props-{seq}"
        later = format_html(' data-load="{}"', load) if load else ""
        if self.zone:
            later += format_html(' data-zone="{}"', self.zone)
        if self.stored:
            later += format_html(' data-stored="{}"', self.stored)
        return format_html(
            '<{tag} data-island="{name}" data-props="{props_id}"{later}>{fallback}</{tag}>{props}',
            tag=self.tag,
            name=name,
            props_id=props_id,
            later=later,
            fallback=self.nodelist.render(context),
            props=props_script(props, props_id),
        )


def props_script(props, props_id: str) -> str:
    """The props as a JSON script element, escaped as Django's ``json_script`` escapes (``<``,
    ``>`` and ``&`` as ``\\u`` escapes, so no text can close the element), with three
    ``str.replace`` instead of its ``str.translate``: a page's props are 20 KB, which
    ``translate`` took 1.3 ms to read, a twentieth of a results page's render."""
    text = json.dumps(props, cls=DjangoJSONEncoder)
    text = text.replace("<", "\\u003C").replace(">", "\\u003E").replace("&", "\\u0026")
    return mark_safe(f'<script id="{props_id}" type="application/json">{text}</script>')


@register.tag
def island(parser, token):
    """``{% island "Name" [tag "span"] [load ...] [zone "id"] [stored "key"] %}``:
    ``load`` defers loading the island's code to the first interaction with it (or with the
    element ``zone`` names), to its coming into view, or (the lead popup) to its timer
    (static_src/main.js); a variable may choose (its value "" mounts at idle, as no ``load``).
    ``stored`` (with ``load "interaction"``) names the browser-storage key of a choice the
    server cannot render: when the browser holds a value other than the default the server
    drew, the island mounts at idle to show it."""
    bits = token.split_contents()
    raw = dict(zip(bits[2::2], bits[3::2], strict=False))
    pairs = {key: value.strip("\"'") for key, value in raw.items()}
    literal_load = raw.get("load", '"interaction"')[0] in "\"'"
    if (
        len(bits) % 2
        or set(pairs) - set(OPTIONS)
        or (literal_load and pairs.get("load", "interaction") not in LOADS)
        or (("zone" in pairs or "stored" in pairs) and "load" not in pairs)
    ):
        raise template.TemplateSyntaxError(USAGE)
    nodelist = parser.parse(("endisland",))
    parser.delete_first_token()
    load = parser.compile_filter(raw["load"]) if "load" in raw else None
    return IslandNode(parser.compile_filter(bits[1]), nodelist, pairs, load)


@register.simple_tag
def island_assets():
    """The stylesheet and the module script that mounts the page's islands (both from our own
    origin, which is all the policy's script-src allows)."""
    return format_html(
        '<link rel="stylesheet" href="{css}"><script type="module" src="{js}"></script>',
        css=asset_url("main.css"),
        js=asset_url("main.js"),
    )
