"""``manage.py send_leads [--every SECONDS]``: queue every lead that is due and queued by nobody
(the queue was emptied, a worker died mid-send; ``services.sweep``). Safe to run any time, any
number of times: a lead is claimed before it is sent, and the provider counts a lead's key once.
With ``--every`` it goes on, a sweep every SECONDS, beside the worker (``make run`` starts it);
without, it sweeps once (for cron)."""

import signal
import threading

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from storefront.leads.services import sweep


class Command(BaseCommand):
    help = "Queue the outbox's due leads again (once, or --every SECONDS)."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0, help="sweep again every SECONDS")

    def handle(self, *args, every=0, **options):
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        while True:
            close_old_connections()
            self.stdout.write(f"{sweep()} lead(s) queued")
            if every <= 0 or stop.wait(every):
                return
