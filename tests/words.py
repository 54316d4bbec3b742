"""What a locale's visitors may not read: a catalog key, or an English message that the locale
words differently. Shared by the server-side check of every island's words in 39 locales
(``tests/islands/test_island_words.py``) and the browser check of what islands render
(``tests/e2e/test_islands_in_every_locale.py``)."""

import re

from storefront.i18n.catalog import PLACEHOLDER_RE, messages

KEY_LIKE = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")


def _pattern(template):
    """A catalog message as a full-match pattern: each ``{{placeholder}}`` matches any text."""
    return re.compile(
        "(?s)" + ".+?".join(re.escape(part) for part in PLACEHOLDER_RE.split(template)[::2])
    )


class Words:
    """What a locale's islands may not show: catalog keys, and English messages that the
    locale words differently (unless the locale uses the same words for another message)."""

    def __init__(self, code):
        english, own = messages("en"), messages(code)
        self.keys = set(english)
        self.own = set(own.values())
        self.own_patterns = [_pattern(text) for text in self.own if PLACEHOLDER_RE.search(text)]
        foreign = {text for key, text in english.items() if own.get(key) != text}
        self.english = foreign - self.own
        # Templates with no words of their own ("{{page}} | {{brand}}") would match anything.
        self.english_patterns = [
            _pattern(text)
            for text in self.english
            if PLACEHOLDER_RE.search(text) and re.search(r"\w", PLACEHOLDER_RE.sub("", text))
        ]

    def problem(self, text, data=False):
        if KEY_LIKE.fullmatch(text) and text in self.keys:
            return "a catalog key"
        if data or text in self.own or any(p.fullmatch(text) for p in self.own_patterns):
            return None
        if text in self.english or any(p.fullmatch(text) for p in self.english_patterns):
            return "English"
        return None
