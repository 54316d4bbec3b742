"""An island's first words: the messages of its first render, resolved by the server and sent
in its props (``words``), so that an island mounted at idle needs neither i18next nor the
page's catalog until it opens something (static_src/words.js reads them)."""

from storefront.i18n.catalog import translate


def first_words(code: str, keys, counted=(), **params) -> dict[str, str]:
    """Messages resolved for static_src/words.js: ``key`` for each of ``keys`` (its placeholders
    filled from ``params``) and ``key#count`` for each ``(key, count)`` of ``counted`` (the plural
    form the count takes in locale ``code``)."""
    words = {key: translate(key, code, **params) for key in keys}
    words.update({f"{key}#{count}": translate(key, code, count=count) for key, count in counted})
    return words
