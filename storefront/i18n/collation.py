"""Sorting names for display as a reader of the page's language expects: CLDR collation per
locale, through ICU (PyICU). Swedish puts å ä ö after z, Czech ch after h, Polish ł after l,
Chinese sorts by pinyin (zh-cn) or strokes (zh-tw), Thai by the consonant after a prevowel.

The browser's ``Intl.Collator`` applies the same CLDR rules; the islands receive lists already
sorted here and only filter them.
"""

from collections.abc import Callable, Iterable
from functools import cache

import icu

from storefront.i18n.locales import get_locale


@cache
def collator(locale_code: str) -> icu.Collator:
    """The page locale's collator ("pt-br" -> pt_BR), made once per locale and process. Only
    const methods are called on it, which ICU allows from several threads at once."""
    return icu.Collator.createInstance(icu.Locale(get_locale(locale_code).babel))


def sort_key(locale_code: str) -> Callable[[str], bytes]:
    """A ``key=`` for ``sorted`` that orders texts by the locale's collation."""
    return collator(locale_code).getSortKey


def sorted_by_name[T](
    items: Iterable[T], locale_code: str, name: Callable[[T], str] = str
) -> list[T]:
    """``items`` in the locale's alphabetical order of ``name(item)``."""
    key = sort_key(locale_code)
    return sorted(items, key=lambda item: key(name(item)))
