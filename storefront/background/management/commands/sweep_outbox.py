"""``manage.py sweep_outbox [NAME ...] [--every SECONDS]``: queue every outbox row that is due
and queued by nobody (the queue was emptied, a worker died mid-attempt; ``Outbox.sweep``), in
the outboxes named (default: every registered one: ``leads``). Safe to run any time, any number
of times: a row is claimed before it is attempted. With ``--every`` it goes on, a sweep every
SECONDS, beside the worker (``make run`` starts it); without, it sweeps once (for cron)."""

import signal
import threading

from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections

from storefront.background import outbox


class Command(BaseCommand):
    help = "Queue the due rows of the outboxes again (once, or --every SECONDS)."

    def add_arguments(self, parser):
        parser.add_argument("names", nargs="*", help="the outboxes to sweep (default: all)")
        parser.add_argument("--every", type=float, default=0, help="sweep again every SECONDS")

    def chosen(self, names) -> list[outbox.Outbox]:
        try:
            return [outbox.get(name) for name in names] if names else outbox.registered()
        except LookupError as error:
            raise CommandError(str(error)) from error

    def report(self, swept: outbox.Outbox, queued: int) -> str:
        return f"{swept.name}: {queued} queued"

    def handle(self, *args, names=(), every=0, **options):
        chosen = self.chosen(names)
        stop = threading.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        while True:
            close_old_connections()
            for each in chosen:
                self.stdout.write(self.report(each, each.sweep()))
            if every <= 0 or stop.wait(every):
                return
