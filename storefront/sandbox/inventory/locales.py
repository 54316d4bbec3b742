"""The locales the provider answers in: our 39 codes and the CLDR locale behind each.

The sandbox keeps its own table rather than importing the storefront's: it plays the provider,
which knows nothing of our code.
"""

BABEL_LOCALES: dict[str, str] = {
    "en": "en",
    "ar": "ar",
    "bg": "bg",
    "ca": "ca",
    "cs": "cs",
    "da": "da",
    "de": "de",
    "el": "el",
    "es": "es",
    "et": "et",
    "fi": "fi",
    "fr": "fr",
    "he": "he",
    "hr": "hr",
    "hu": "hu",
    "id": "id",
    "is": "is",
    "it": "it",
    "ja": "ja",
    "ko": "ko",
    "lt": "lt",
    "ms": "ms",
    "nl": "nl",
    "pl": "pl",
    "pt": "pt_PT",
    "pt-br": "pt_BR",
    "ro": "ro",
    "ru": "ru",
    "sk": "sk",
    "sl": "sl",
    "sr": "sr",
    "sv": "sv",
    "th": "th",
    "tl-ph": "fil",
    "tr": "tr",
    "uk": "uk",
    "vi": "vi",
    "zh-cn": "zh_Hans_CN",
    "zh-tw": "zh_Hant_TW",
}
DEFAULT = "en"
# The codes whose language is written in Latin letters: a district's "latn" name (a proper
# name every such language writes alike, "Kreuzberg") is theirs too.
LATIN_SCRIPT: frozenset[str] = frozenset(BABEL_LOCALES) - {
    "ar",
    "bg",
    "el",
    "he",
    "ja",
    "ko",
    "ru",
    "sr",
    "th",
    "uk",
    "zh-cn",
    "zh-tw",
}


def normalise(code: str | None) -> str:
    """One of our codes, case-insensitively; anything else answers in English."""
    code = (code or "").strip().lower().replace("_", "-")
    return code if code in BABEL_LOCALES else DEFAULT
