"""``manage.py sandbox [addr:port]``: serve the provider's API locally (default 127.0.0.1:8001).

The sandbox builds its inventory (places, hotels, the search index) before it opens its port,
so its first answers are as quick as the others: right after ``make run`` the first searches
said "We cannot load hotels right now" while it built them on first use (3.6 s), and the first
suggestion answered 503. ``make run`` waits for the port (``bin/wait-for``) before it starts the
storefront.
"""

import time

from django.core.management.base import BaseCommand
from django.core.servers.basehttp import run

from storefront.sandbox.server import SandboxHandler


class Command(BaseCommand):
    help = "Serve the sandbox implementation of the provider's API."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8001")

    def handle(self, *args, addrport, **options):
        addr, _, port = addrport.rpartition(":")
        started = time.monotonic()
        warm()
        self.stdout.write(
            f"Sandbox provider API at http://{addr}:{port}/ "
            f"(inventory ready in {time.monotonic() - started:.1f} s)"
        )
        run(addr or "127.0.0.1", int(port), SandboxHandler(), threading=True)


def warm() -> None:
    """Everything the first requests would otherwise build: the inventory, the suggestions'
    index and place names in the default locale, a city's rates."""
    from datetime import date, timedelta

    from storefront.sandbox.inventory import rates, search
    from storefront.sandbox.inventory.store import inventory

    built = inventory()
    search.search("bar", "en", 8)
    city = next(iter(built.city_hotels))
    check_in = date.today() + timedelta(days=30)
    stay = rates.Stay(check_in, check_in + timedelta(days=2), ((2, ()),), "USD")
    for hotel_id in built.city_hotels[city][:5]:
        rates.hotel_rates(built.hotels[hotel_id], stay, "all")
