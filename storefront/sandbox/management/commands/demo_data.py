"""``manage.py demo_data``: load the sandbox's demo brands, users and bookings (idempotent)."""

from django.core.management.base import BaseCommand

from storefront.sandbox.demo import BRANDS, USERS, load_demo_bookings, load_demo_data


class Command(BaseCommand):
    help = "Load the sandbox's demo brands, users and bookings (again: updated, never doubled)."

    def handle(self, *args, **options):
        load_demo_data()
        bookings = load_demo_bookings()
        self.stdout.write(f"{len(BRANDS)} brands, {len(USERS)} users, {len(bookings)} bookings")
