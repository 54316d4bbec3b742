"""``manage.py demo_data``: load the sandbox's demo brands and users (idempotent)."""

from django.core.management.base import BaseCommand

from storefront.sandbox.demo import BRANDS, USERS, load_demo_data


class Command(BaseCommand):
    help = "Load the sandbox's demo brands and users."

    def handle(self, *args, **options):
        load_demo_data()
        self.stdout.write(f"{len(BRANDS)} brands, {len(USERS)} users")
