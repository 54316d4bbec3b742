"""Writing the operator's pages: a save with its revision, and the shipped default texts.

Every save goes through ``save_page``: the page, then a ``ContentRevision`` of what it now
says, who saved it and which fields changed, then the page cache is told (``freshness``), so
no kept copy shows the old text (at once, and again when the save is committed).

``load_defaults`` writes the default texts shipped in ``fixtures/content/{locale}/{slug}.md``
(first line ``# Title``, then the Markdown body) for the default brand, marked as templates to
review, and never touches a page that exists already: running it again (every ``make run``)
keeps what an operator wrote.
"""

from pathlib import Path

from django.conf import settings
from django.db import transaction

from storefront import freshness
from storefront.i18n.locales import LOCALES

from .models import SLUGS, ContentPage, ContentRevision

DEFAULTS_DIR = Path(settings.BASE_DIR) / "fixtures" / "content"
SHIPPED = "shipped default"


def _author_name(user) -> str:
    return user.get_username() if user is not None else ""


@transaction.atomic
def save_page(*, page: ContentPage, user=None, changed: list[str] | None = None) -> ContentPage:
    """Save ``page`` as ``user`` changed it (``changed``: the fields that changed; None for a
    new page) and keep the revision."""
    page.updated_by = user if user is not None and user.is_authenticated else None
    page.save()
    ContentRevision.objects.create(
        page=page,
        title=page.title,
        body=page.body,
        changed=", ".join(changed) if changed else "created",
        author=page.updated_by,
        author_name=_author_name(page.updated_by),
    )
    _forget()
    return page


def _forget() -> None:
    """Kept pages go now, and again once the save is committed: a page kept in between (by a
    request that read the old text) goes too."""
    freshness.changed(what="content")
    transaction.on_commit(lambda: freshness.changed(what="content"))


def forget_pages() -> None:
    """After pages were deleted: no kept copy shows them."""
    _forget()


def read_default(path: Path) -> tuple[str, str]:
    """A shipped text's title and body (module doc)."""
    first, _, rest = path.read_text(encoding="utf-8").partition("\n")
    if not first.startswith("# "):
        raise ValueError(f"{path}: the first line must be '# ' and the page's title")
    return first[2:].strip(), rest.strip() + "\n"


def load_defaults(directory: Path = DEFAULTS_DIR) -> list[ContentPage]:
    """Write the shipped texts that the default brand does not have yet (module doc)."""
    slugs = {slug for slug, _label in SLUGS}
    written = []
    for path in sorted(directory.glob("*/*.md")):
        locale, slug = path.parent.name, path.stem
        if locale not in LOCALES or slug not in slugs:
            raise ValueError(f"{path}: not a locale/page of ours")
        if ContentPage.objects.filter(brand=None, slug=slug, locale=locale).exists():
            continue
        title, body = read_default(path)
        page = ContentPage(slug=slug, locale=locale, title=title, body=body, needs_review=True)
        save_page(page=page, changed=[SHIPPED])
        written.append(page)
    return written
