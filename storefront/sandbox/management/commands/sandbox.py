"""``manage.py sandbox [addr:port]``: serve the provider's API locally (default 127.0.0.1:8001)."""

from django.core.management.base import BaseCommand
from django.core.servers.basehttp import run

from storefront.sandbox.server import SandboxHandler


class Command(BaseCommand):
    help = "Serve the sandbox implementation of the provider's API."

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8001")

    def handle(self, *args, addrport, **options):
        addr, _, port = addrport.rpartition(":")
        self.stdout.write(f"Sandbox provider API at http://{addr}:{port}/")
        run(addr or "127.0.0.1", int(port), SandboxHandler(), threading=True)
