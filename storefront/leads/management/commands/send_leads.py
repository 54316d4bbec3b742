"""``manage.py send_leads``: queue every lead that is due and queued by nobody (the queue was
emptied, a worker died mid-send). Safe to run any time, any number of times: a lead is claimed
before it is sent, and the provider counts a lead's key once."""

from django.core.management.base import BaseCommand

from storefront.leads.services import sweep


class Command(BaseCommand):
    help = "Queue the outbox's due leads again."

    def handle(self, *args, **options):
        self.stdout.write(f"{sweep()} lead(s) queued")
