"""The shipped default texts (fixtures/content), written once into a new database as templates
to review, so that every fresh install, and every test database, has them. ``make run`` also
runs ``manage.py content_defaults``, which adds texts shipped later and never overwrites."""

from django.db import migrations


def forwards(apps, schema_editor):
    from storefront.content.models import SLUGS
    from storefront.content.services import DEFAULTS_DIR, SHIPPED, read_default
    from storefront.i18n.locales import LOCALES

    page_model = apps.get_model("content", "ContentPage")
    revision_model = apps.get_model("content", "ContentRevision")
    slugs = {slug for slug, _label in SLUGS}
    for path in sorted(DEFAULTS_DIR.glob("*/*.md")):
        locale, slug = path.parent.name, path.stem
        if locale not in LOCALES or slug not in slugs:
            continue
        if page_model.objects.filter(brand=None, slug=slug, locale=locale).exists():
            continue
        title, body = read_default(path)
        page = page_model.objects.create(
            slug=slug, locale=locale, title=title, body=body, needs_review=True
        )
        revision_model.objects.create(page=page, title=title, body=body, changed=SHIPPED)


class Migration(migrations.Migration):
    dependencies = [("content", "0001_initial")]
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
