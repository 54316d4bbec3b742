"""``escape_text``: text made safe for HTML, as markupsafe's ``escape`` writes it (``&amp;``,
``&lt;``, ``&gt;``, ``&#39;``, ``&#34;``), but as a plain ``str``. For text that is joined
into markup at once (what a template prints, a message's parameters): markupsafe makes a
``Markup`` of each, a Python ``__new__`` that cost more than the escaping itself."""


def escape_text(text: str) -> str:
    if "&" in text or "<" in text or ">" in text or "'" in text or '"' in text:
        return (
            text.replace("&", "&amp;")
            .replace("<", "&lt;")
            .replace(">", "&gt;")
            .replace("'", "&#39;")
            .replace('"', "&#34;")
        )
    return text
