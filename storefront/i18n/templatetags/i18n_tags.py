"""``{% t "key" name=value %}``: the one way templates read the catalogs.

The message and every parameter are escaped (nothing in a catalog is trusted as HTML).
``{% t "key" as var %}`` stores the text instead of printing it; ``{% t "key" count=n %}`` picks
the plural form for ``n`` (``catalog.plural_lookup``).
``{% t_lead "key" as parts %}`` splits a message after its first sentence (see ``t_lead``).
"""

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from ..catalog import interpolate, lookup, plural_lookup

register = template.Library()

# The first sentence: up to a question mark, exclamation mark or Greek question mark (";")
# followed by a space, or up to a full-width one (Chinese, Japanese), which needs no space.
LEAD_SENTENCE_RE = re.compile(r"(.+?[?!;？！؟])(?:\s+|(?<=[？！。]))(\S.*)", re.S)


class TranslateNode(template.Node):
    def __init__(self, key, params, target):
        self.key, self.params, self.target = key, params, target
        # A literal key without parameters reads the same in every render of a locale: its
        # escaped text is kept per locale (a results page has hundreds of these).
        fixed = not params and not key.filters and not key.is_var
        self.fixed = {} if fixed else None

    def render(self, context):
        code = get_language() or "en"
        if self.fixed is not None:
            result = self.fixed.get(code)
            if result is None:
                result = self.fixed[code] = conditional_escape(lookup(code, self.key.var))
            if self.target:
                context[self.target] = result
                return ""
            return result
        key = self.key.resolve(context)
        params = {name: value.resolve(context) for name, value in self.params.items()}
        if isinstance(params.get("count"), int):
            text, number = plural_lookup(code, key, params["count"])
            params.update(number)
        else:
            text = lookup(code, key)
        escaped = {name: conditional_escape(value) for name, value in params.items()}
        text = conditional_escape(text)
        result = mark_safe(interpolate(text, escaped))
        if self.target:
            context[self.target] = result
            return ""
        return result


@register.tag(name="t")
def do_translate(parser, token):
    bits = token.split_contents()
    if len(bits) < 2:
        raise template.TemplateSyntaxError("{% t %} takes a message key")
    key = parser.compile_filter(bits[1])
    target = None
    rest = bits[2:]
    if len(rest) >= 2 and rest[-2] == "as":
        target, rest = rest[-1], rest[:-2]
    params = {}
    for bit in rest:
        name, sep, value = bit.partition("=")
        if not sep:
            raise template.TemplateSyntaxError(f"{{% t %}} parameters are name=value, got {bit!r}")
        params[name] = parser.compile_filter(value)
    return TranslateNode(key, params, target)


@register.simple_tag
def t_lead(key):
    """``(lead, rest)``: the message ``key`` split after its first sentence, both escaped, so a
    narrow layout can show the lead alone; ``rest`` is "" for a message of one sentence (Thai
    writes no punctuation between sentences)."""
    text = lookup(get_language() or "en", key)
    match = LEAD_SENTENCE_RE.fullmatch(text.strip())
    lead, rest = match.groups() if match else (text, "")
    return conditional_escape(lead), conditional_escape(rest)
