"""``escape_text``: a value made safe for HTML, as markupsafe's ``escape`` writes it (``&amp;``,
``&lt;``, ``&gt;``, ``&#39;``, ``&#34;``), but as a plain ``str``, for text joined into markup
at once (what a template prints, a message's parameters): markupsafe makes a ``Markup`` of each
value, a Python ``__new__`` that cost more than the escaping itself. Markup is kept as it is."""

from markupsafe import Markup, escape


def escape_text(value) -> str:
    kind = type(value)
    if kind is str:
        if "&" in value or "<" in value or ">" in value or "'" in value or '"' in value:
            return (
                value.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("'", "&#39;")
                .replace('"', "&#34;")
            )
        return value
    if kind is Markup:
        return value
    if kind is int:
        return str(value)
    return escape(value)
