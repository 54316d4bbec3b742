"""The table of the 39 supported locales (spec sections 2 and 3: code, name, iso, file, dir).

``en`` is the default and has no URL prefix; every other code is its own prefix. This module
imports nothing from Django so that settings can read it.
"""

from dataclasses import dataclass
from functools import cache

DEFAULT_LOCALE = "en"
FALLBACK_LOCALES = ("en", "he")
RTL_LOCALES = frozenset({"ar", "he"})
LOCALE_COOKIE = "i18n_redirected"
LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60


@dataclass(frozen=True)
class Locale:
    code: str  # the URL prefix and catalog name, lower case: "pt-br"
    name: str  # the language's own name, as the language picker shows it
    iso: str  # BCP 47 tag for <html lang> and hreflang: "pt-BR"
    babel: str  # CLDR locale for Babel formatting: "pt_BR"

    @property
    def file(self) -> str:
        return f"{self.code}.json"

    @property
    def dir(self) -> str:
        return "rtl" if self.code in RTL_LOCALES else "ltr"

    @property
    def open_graph(self) -> str:
        """The Open Graph form, language_TERRITORY: ``iso``'s territory ("pt_BR"), else the one
        we format for ("pt_PT"), else the language's most likely in CLDR ("de_DE", "he_IL")."""
        return _open_graph(self.iso, self.babel)

    @property
    def prefix(self) -> str:
        """The URL prefix with slashes: "" for English, "/de" for German."""
        return "" if self.code == DEFAULT_LOCALE else f"/{self.code}"


_TABLE = [
    ("ar", "العربية", "ar", "ar"),
    ("bg", "Български", "bg", "bg"),
    ("ca", "Català", "ca", "ca"),
    ("cs", "Čeština", "cs", "cs"),
    ("da", "Dansk", "da", "da"),
    ("de", "Deutsch", "de", "de"),
    ("el", "Ελληνικά", "el", "el"),
    ("en", "English", "en", "en"),
    ("es", "Español", "es", "es"),
    ("et", "Eesti", "et", "et"),
    ("fi", "Suomi", "fi", "fi"),
    ("fr", "Français", "fr", "fr"),
    ("he", "עברית", "he", "he"),
    ("hr", "Hrvatski", "hr", "hr"),
    ("hu", "Magyar", "hu", "hu"),
    ("id", "Bahasa Indonesia", "id", "id"),
    ("is", "Íslenska", "is", "is"),
    ("it", "Italiano", "it", "it"),
    ("ja", "日本語", "ja", "ja"),
    ("ko", "한국어", "ko", "ko"),
    ("lt", "Lietuvių", "lt", "lt"),
    ("ms", "Bahasa Melayu", "ms", "ms"),
    ("nl", "Nederlands", "nl", "nl"),
    ("pl", "Polski", "pl", "pl"),
    ("pt", "Português", "pt", "pt_PT"),
    ("pt-br", "Português (Brasil)", "pt-BR", "pt_BR"),
    ("ro", "Română", "ro", "ro"),
    ("ru", "Русский", "ru", "ru"),
    ("sk", "Slovenčina", "sk", "sk"),
    ("sl", "Slovenščina", "sl", "sl"),
    ("sr", "Српски", "sr", "sr"),
    ("sv", "Svenska", "sv", "sv"),
    ("th", "ไทย", "th", "th"),
    ("tl-ph", "Filipino", "tl-PH", "fil_PH"),
    ("tr", "Türkçe", "tr", "tr"),
    ("uk", "Українська", "uk", "uk"),
    ("vi", "Tiếng Việt", "vi", "vi"),
    ("zh-cn", "简体中文", "zh-CN", "zh_Hans_CN"),
    ("zh-tw", "繁體中文", "zh-TW", "zh_Hant_TW"),
]

LOCALES: dict[str, Locale] = {row[0]: Locale(*row) for row in _TABLE}
LOCALE_CODES: tuple[str, ...] = tuple(LOCALES)
PREFIXED_CODES: tuple[str, ...] = tuple(c for c in LOCALE_CODES if c != DEFAULT_LOCALE)


def get_locale(code: str | None) -> Locale:
    """The locale for ``code``, or the default locale when it is not supported."""
    return LOCALES.get((code or "").lower(), LOCALES[DEFAULT_LOCALE])


@cache
def _open_graph(iso: str, babel: str) -> str:
    language, _, territory = iso.partition("-")
    if not territory and "_" in babel:
        territory = babel.split("_")[-1]
    if not territory:
        from babel.core import get_global

        territory = get_global("likely_subtags")[language].split("_")[-1]
    return f"{language}_{territory.upper()}"
