"""``{{ "key"|t(name=value) }}``: the one way templates read the catalogs (a filter of
``storefront/jinja.py``).

The message and every parameter are escaped (nothing in a catalog is trusted as HTML).
``{% set var = "key"|t %}`` keeps the text instead of printing it; ``"key"|t(count=n)`` picks
the plural form for ``n`` (``catalog.plural_lookup``).
``t_lead("key")`` splits a message after its first sentence (see ``t_lead``).
``<p{{ text_locale|lang_attr }}>`` marks text the provider gave in another language than the
page's (see ``lang_attr``).
"""

import re
from functools import lru_cache

from django.utils.translation import get_language
from jinja2 import pass_context
from markupsafe import Markup, escape

from storefront.web.html import escape_text

from .catalog import PLACEHOLDER_RE, lookup, plural_lookup
from .locales import LOCALES

# The first sentence: up to a question mark, exclamation mark or Greek question mark (";")
# followed by a space, or up to a full-width one (Chinese, Japanese), which needs no space.
LEAD_SENTENCE_RE = re.compile(r"(.+?[?!;？！؟])(?:\s+|(?<=[？！。]))(\S.*)", re.S)


@lru_cache(maxsize=16384)
def _fixed(code: str, key: str) -> Markup:
    """A message without parameters, escaped, per locale (a results page prints hundreds)."""
    return escape(lookup(code, key))


def page_code(context) -> str:
    """The page's locale (the chrome's ``locale``, which the locale middleware activated), read
    from the template's context: a results page asks four hundred times, and Django's
    ``get_language`` (a context-local lookup) cost a millisecond of it. A template rendered
    outside a page (no ``locale``) speaks the active language. Read as Jinja2's
    ``Context.get`` reads it (the template's own names, then what it was given), without its
    three calls."""
    locale = context.vars.get("locale") or context.parent.get("locale")
    return locale.code if locale else (get_language() or "en")


@pass_context
def t(context, key, **params) -> Markup:
    code = page_code(context)
    if not params:
        return _fixed(code, str(key))
    if isinstance(params.get("count"), int):
        text, number = plural_lookup(code, key, params["count"])
        params.update(number)
    else:
        text = lookup(code, key)
    out = []
    for literal, name, placeholder in _parts(text):
        out.append(literal)
        if name:
            out.append(escape_text(params[name]) if name in params else placeholder)
    return Markup("".join(out))


@lru_cache(maxsize=16384)
def _parts(text: str) -> tuple[tuple[str, str, str], ...]:
    """A message as (escaped text, placeholder's name, placeholder) triples, split once: the
    parameters are escaped and put in their places, a placeholder without one stays as written
    (as ``catalog.interpolate`` does)."""
    parts, start = [], 0
    for match in PLACEHOLDER_RE.finditer(text):
        parts.append((str(escape(text[start : match.start()])), match.group(1), match.group(0)))
        start = match.end()
    parts.append((str(escape(text[start:])), "", ""))
    return tuple(parts)


@pass_context
def t_lead(context, key) -> tuple[Markup, Markup]:
    """``(lead, rest)``: the message ``key`` split after its first sentence, both escaped, so a
    narrow layout can show the lead alone; ``rest`` is "" for a message of one sentence (Thai
    writes no punctuation between sentences)."""
    text = lookup(page_code(context), key)
    match = LEAD_SENTENCE_RE.fullmatch(text.strip())
    lead, rest = match.groups() if match else (text, "")
    return escape(lead), escape(rest)


@pass_context
def lang_attr(context, code) -> Markup:
    """`` lang="…"`` for text in the language ``code`` (one of our locale codes, as the provider
    marks its texts: ``description_locale``, ``district_locale``) when it is not the page's,
    with the language's BCP 47 tag; nothing for text in the page's own language."""
    code = str(code or "").lower()
    if not code or code == page_code(context):
        return Markup("")
    known = LOCALES.get(code)
    return Markup(' lang="{}"').format(known.iso if known else code)
