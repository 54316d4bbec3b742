"""``manage.py rq_worker [--burst]``: the worker of ``storefront.background.rq.RQBackend``: it runs
the jobs of the backend's queues and moves deferred ones onto them when due (RQ's scheduler).
SIGTERM lets the current job finish; a killed worker's job is left to the task's own recovery
(an outbox's attempt: the outbox's sweep, ``manage.py sweep_outbox``)."""

from django.core.management.base import BaseCommand, CommandError
from django.tasks import task_backends

from storefront.background.rq import RQBackend


class Command(BaseCommand):
    help = (
        "Run the RQ worker of the tasks backend (TASKS_BACKEND=storefront.background.rq.RQBackend)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--burst", action="store_true", help="stop once the queues are empty")
        parser.add_argument("--backend", default="default", help="the TASKS alias to work for")

    def handle(self, *args, burst=False, backend="default", **options):
        from rq import Worker

        chosen = task_backends[backend]
        if not isinstance(chosen, RQBackend):
            raise CommandError(f"TASKS[{backend!r}] is {type(chosen).__name__}, not RQBackend")
        connection = chosen.worker_connection
        queues = [chosen.queue(name, connection=connection) for name in sorted(chosen.queues)]
        Worker(queues, connection=connection).work(burst=burst, with_scheduler=True)
