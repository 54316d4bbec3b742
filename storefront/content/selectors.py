"""Which text of a content page a visitor reads, and in which languages a page exists.

A page is looked for, in order: the visitor's brand in the visitor's locale, the brand's
English, the default brand in the visitor's locale, the default brand's English
(``_chain``). The first one found is shown; when it is not in the visitor's language the page
says so (``ContentText.fallback``) and marks the text's language. A page "exists" in a locale
when that locale's own text is what a visitor of that locale is shown: those locales, and only
those, are the page's hreflang alternates and its sitemap entries.

The brand is the one the request was served as: ``brands.selectors.lookup`` gives its
(kind, key), the key of an operator's ``BrandOverride``; the default brand's pages have none.
"""

from dataclasses import dataclass
from datetime import datetime

from babel import Locale as BabelLocale
from babel.dates import format_date
from django.db.models import Q
from django.utils.safestring import SafeString

from storefront.brands.selectors import lookup
from storefront.i18n.locales import DEFAULT_LOCALE, LOCALES, Locale

from .markdown import render
from .models import ContentPage

OWN, DEFAULT = "own", "default"


@dataclass(frozen=True)
class ContentText:
    slug: str
    title: str
    html: SafeString
    locale: Locale  # the text's language: the visitor's, or the fallback's
    fallback: bool  # not in the visitor's language
    language: str  # the text's language, named in the visitor's ("anglais")
    updated_at: datetime
    updated: str  # the date, as the visitor's locale writes it
    locales: tuple[str, ...]  # the locale codes the page exists in (module doc)


def _chain(locale: str) -> list[tuple[str, str]]:
    chain = [(OWN, locale), (OWN, DEFAULT_LOCALE), (DEFAULT, locale), (DEFAULT, DEFAULT_LOCALE)]
    return list(dict.fromkeys(chain))


def _brand_filter(*, kind: str, key: str) -> Q:
    return Q(brand__isnull=True) | Q(brand__kind=kind, brand__key=key)


def _found(rows) -> dict[tuple[str, str], int]:
    """(OWN|DEFAULT, locale) -> row id, from (id, brand_id, locale) rows."""
    return {(DEFAULT if brand is None else OWN, locale): pk for pk, brand, locale in rows}


def _exists_in(found: dict) -> tuple[str, ...]:
    locales = []
    for code in LOCALES:
        first = next((where for where in _chain(code) if where in found), None)
        if first is not None and first[1] == code:
            locales.append(code)
    return tuple(locales)


def _brand_of(request) -> tuple[str, str]:
    return lookup(host=request.get_host(), fid=getattr(request, "fid", 1))


def page_content(request, slug: str) -> ContentText | None:
    """The text of page ``slug`` the visitor reads (module doc); None when no brand has one."""
    kind, key = _brand_of(request)
    locale = request.locale.code
    found = _found(
        ContentPage.objects.filter(_brand_filter(kind=kind, key=key), slug=slug).values_list(
            "id", "brand_id", "locale"
        )
    )
    where = next((where for where in _chain(locale) if where in found), None)
    if where is None:
        return None
    row = ContentPage.objects.get(pk=found[where])
    text_locale = LOCALES[row.locale]
    return ContentText(
        slug=slug,
        title=row.title,
        html=render(row.body, prefix=request.locale.prefix),
        locale=text_locale,
        fallback=text_locale.code != locale,
        language=BabelLocale.parse(text_locale.babel).get_language_name(request.locale.babel),
        updated_at=row.updated_at,
        updated=format_date(row.updated_at.date(), "long", locale=request.locale.babel),
        locales=_exists_in(found),
    )


def page_locales(*, host: str, fid: int) -> dict[str, tuple[str, ...]]:
    """Every content page's locales (module doc) for the brand of ``host`` and ``fid``: the
    sitemap's entries. A page no brand has text for is absent."""
    kind, key = lookup(host=host, fid=fid)
    rows = ContentPage.objects.filter(_brand_filter(kind=kind, key=key)).values_list(
        "slug", "id", "brand_id", "locale"
    )
    by_slug: dict[str, list] = {}
    for slug, *row in rows:
        by_slug.setdefault(slug, []).append(row)
    return {slug: _exists_in(_found(found)) for slug, found in by_slug.items()}


def head_context(content: ContentText | None) -> dict:
    """What the page's head says of its languages: hreflang alternates only where the page
    exists; a page shown in a fallback names that text's address as canonical; a page no brand
    has written is not indexed."""
    if content is None:
        return {"noindex": True}
    return {"alternate_locales": content.locales, "canonical_locale": content.locale.code}
