"""An operator's Markdown made into HTML a page may show.

Two libraries, each doing what it is good at: markdown-it-py (CommonMark) with raw HTML turned
off, so a ``<script>`` typed in admin is shown as text; then nh3 (Rust's ammonia) cleans what
came out against an allow-list of tags, attributes and URL schemes, so nothing that slipped
through (a ``javascript:`` link in any spelling, an event handler) survives. Headings move so
that the text's first level is ``<h2>`` (the page's title is its only ``<h1>``, and no level is
skipped whether the operator starts at ``#`` or ``##``), and a root-relative link
(``/privacy-policy``) gains the page's locale prefix, so a Hebrew page's links stay in Hebrew.
"""

from functools import lru_cache

import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

TAGS = {
    *("h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code"),
    *("ul", "ol", "li", "strong", "em", "a", "del"),
    *("table", "thead", "tbody", "tr", "th", "td"),
}
# No ``style``: the pages' CSP admits no inline style, and a table's alignment is not worth one.
ATTRIBUTES = {"a": {"href", "title"}, "ol": {"start"}}
SCHEMES = {"http", "https", "mailto", "tel"}


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable("table")


def _adjust(tokens, prefix: str, shift: int = 0) -> None:
    for token in tokens:
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(int(token.tag[1]) + shift, 6)}"
        if token.type == "link_open":
            href = token.attrGet("href") or ""
            if prefix and href.startswith("/") and not href.startswith("//"):
                token.attrSet("href", prefix + href)
        if token.children:
            _adjust(token.children, prefix, shift)


def render(text: str, *, prefix: str = "") -> SafeString:
    """The body as safe HTML; ``prefix`` is the page's locale prefix ("" or "/he")."""
    parser = _parser()
    tokens = parser.parse(text or "")
    levels = [int(t.tag[1]) for t in tokens if t.type == "heading_open"]
    _adjust(tokens, prefix, shift=2 - min(levels, default=2))
    html = parser.renderer.render(tokens, parser.options, {})
    clean = nh3.clean(
        html,
        tags=TAGS,
        attributes=ATTRIBUTES,
        url_schemes=SCHEMES,
        link_rel="noopener noreferrer",
        strip_comments=True,
    )
    return mark_safe(clean)  # noqa: S308 — cleaned by nh3 against the allow-list above
