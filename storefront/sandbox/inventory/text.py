"""Folding names for search and slugs.

Search folds accents and case away (NFKD without combining marks, then casefold), so ``zur``
finds Zürich and ``бар`` finds Барселона; Hebrew vowel points are combining marks too, so a
pointed query still matches. The middle dots Japanese and Chinese write between the words of a
foreign name (サグラダ・ファミリア, 马哈耐·耶胡达) separate words too, so ``ファミリア`` finds it.
Slugs are the same fold reduced to ASCII words joined by hyphens.
"""

import re
import unicodedata

_SEPARATORS = re.compile(r"[\s\-‐–—'’.,()/&·・]+")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")


def fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(_SEPARATORS.sub(" ", bare.casefold()).split())


def word_starts(text: str) -> tuple[str, ...]:
    """The folded text from each of its words on: a prefix of any of them is a match."""
    words = fold(text).split(" ")
    return tuple(" ".join(words[i:]) for i in range(len(words)) if words[i])


def slugify(text: str) -> str:
    ascii_text = fold(text.replace("ø", "o").replace("ł", "l").replace("ß", "ss"))
    ascii_text = ascii_text.encode("ascii", "ignore").decode()
    return _NOT_SLUG.sub("-", ascii_text).strip("-")
