"""``{% call island("Name", value) %}fallback{% endcall %}`` and ``island_assets()``, for the
templates (``storefront/jinja.py``)."""

import json

from django.core.serializers.json import DjangoJSONEncoder
from jinja2 import pass_context
from markupsafe import Markup, escape

from storefront.web.visitor import visitor_of

from .manifest import asset_url
from .registry import build

LOADS = ("interaction", "visible", "lead")
USAGE = (
    'island("Name", [value, ...], [tag="span"], [load="interaction"|"visible"|"lead"|""],'
    ' [zone="id"], [stored="key"], [builder\'s keyword=value, ...])'
)


@pass_context
def island(context, name, *values, tag="div", load="", zone="", stored="", caller=None, **params):
    """The island ``name``: its fallback markup (the call's body) in a ``<tag data-island>``,
    then its props as a JSON script element, built by the island's registered builder
    (``registry.py``) from the page's visitor and what the template passes after the name:
    ``island("Gallery", gallery)`` is ``gallery_props(visitor, gallery)``; other keywords than
    the ones below go to the builder as keywords.
    ``load`` defers loading the island's code to the first interaction with it (or with the
    element ``zone`` names; the search box of the home, list and hotel pages, ``search_load``
    in ``includes/search_form.html``), to its coming into view, or (the lead popup) to its timer
    (static_src/main.js); "" mounts it at idle (or at the first touch anywhere). ``stored``
    (with ``load="interaction"``) names the browser-storage key of a choice the server cannot
    render: when the browser holds a value other than the default the server drew, the island
    mounts at idle to show it."""
    fallback = caller() if caller else ""
    return island_html(
        context, name, fallback, *values, tag=tag, load=load, zone=zone, stored=stored, **params
    )


def island_html(
    context, name, fallback, *values, tag="div", load="", zone="", stored="", own=None, **params
):
    """``island()``'s markup, for Python that draws an island's fallback itself (the hearts,
    ``storefront.hotels.templating.favorite_toggle``). With ``own`` (a dict), the page's islands
    of this name share one props block, built for the first of them and sent with it, and each
    carries ``own`` in its ``data-own`` attribute (static_src/main.js merges them over the
    block). The visitor is the page's (``visitor`` in the context, which the chrome's context
    processor sets also on an error page that no middleware saw; else the request's)."""
    load = load or ""
    if load not in ("", *LOADS):
        raise ValueError(f"island {name}: load {load!r}: {USAGE}")
    request = context["request"]
    script = ""
    if own is None:
        seq = getattr(request, "_island_seq", 0) + 1
        request._island_seq = seq
        props_id = f"island-props-{seq}"
        props = build(name, _visitor(context, request), *values, **params)
        script = props_script(props, props_id)
        later = ""
    else:
        props_id = f"island-props-{name}"
        shared = request.__dict__.setdefault("_island_shared", set())
        if name not in shared:
            shared.add(name)
            props = build(name, _visitor(context, request), *values, **params)
            script = props_script(props, props_id)
        later = f' data-own="{escape(json.dumps(own))}"'
    if load:
        later += f' data-load="{escape(load)}"'
    if zone:
        later += f' data-zone="{escape(zone)}"'
    if stored:
        later += f' data-stored="{escape(stored)}"'
    tag = escape(tag)
    # An f-string of escaped parts: Markup.format escapes through string.Formatter, which took
    # a results page's twenty-six islands (their fallbacks included) a millisecond.
    return Markup(
        f'<{tag} data-island="{escape(name)}" data-props="{props_id}"{later}>{fallback}</{tag}>'
        f"{script}"
    )


def _visitor(context, request):
    return context.get("visitor") or visitor_of(request)


def props_script(props, props_id: str) -> Markup:
    """The props as a JSON script element, escaped as Django's ``json_script`` escapes (``<``,
    ``>`` and ``&`` as ``\\u`` escapes, so no text can close the element), with three
    ``str.replace`` instead of its ``str.translate``: a page's props are 20 KB, which
    ``translate`` took 1.3 ms to read, a twentieth of a results page's render."""
    text = json.dumps(props, cls=DjangoJSONEncoder)
    text = text.replace("<", "\\u003C").replace(">", "\\u003E").replace("&", "\\u0026")
    return Markup(f'<script id="{escape(props_id)}" type="application/json">{text}</script>')


def module_script(entry: str) -> Markup:
    """A module script of the build's other entries (``widget.js``), from our own origin."""
    return Markup('<script type="module" src="{js}"></script>').format(js=asset_url(entry))


def island_assets() -> Markup:
    """The stylesheet and the module script that mount the page's islands (both from our own
    origin, which is all the policy's script-src allows)."""
    return Markup(
        '<link rel="stylesheet" href="{css}"><script type="module" src="{js}"></script>'
    ).format(css=asset_url("main.css"), js=asset_url("main.js"))
