"""``manage.py content_defaults``: write the shipped default texts the default brand lacks."""

from django.core.management.base import BaseCommand

from storefront.content.services import load_defaults


class Command(BaseCommand):
    help = "Write the shipped content pages (fixtures/content) not written yet; never overwrite."

    def handle(self, *args, **options):
        written = load_defaults()
        self.stdout.write(f"{len(written)} content page(s) written")
