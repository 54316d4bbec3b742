"""``manage.py send_leads [--every SECONDS]``: ``sweep_outbox leads``, by the name it had before
the outbox was generic (crons and deployments may call it). It queues every lead that is due
and queued by nobody (the queue was emptied, a worker died mid-send). Safe to run any time, any
number of times: a lead is claimed before it is sent, and the provider counts a lead's key
once. With ``--every`` it goes on, a sweep every SECONDS; without, it sweeps once (for cron)."""

from storefront.background.management.commands import sweep_outbox


class Command(sweep_outbox.Command):
    help = "Queue the outbox's due leads again (once, or --every SECONDS)."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0, help="sweep again every SECONDS")

    def chosen(self, names):
        return super().chosen(["leads"])

    def report(self, swept, queued):
        return f"{queued} lead(s) queued"
