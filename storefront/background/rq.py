"""A Django task backend on RQ (Redis Queue): ``TASKS_BACKEND=storefront.background.rq.RQBackend``.

``enqueue`` puts a job on the RQ queue named like the task's queue: the job holds the task's
import path and its (JSON-ready) arguments, and runs ``run`` in a worker (``manage.py
rq_worker``, which also moves deferred jobs, ``run_after``, onto their queue when due). Results
stay in RQ; the task framework's ``get_result`` is not offered (nothing here reads results).

Ours rather than a package's: the RQ backend for the task framework on PyPI, django-tasks-rq
(0.12.0, February 2026), declares Django 4.2 to 6.0, not 6.1, and is a backend of the
``django-tasks`` backport, not of ``django.tasks``: it would bring a second task framework (its
``TaskResult`` and signals, so Django's own task logging never sees RQ jobs), django-rq and
rq-scheduler, and a worker run with its own job class. django-rq (4.2) has no task backend.
"""

from functools import cached_property

from django.conf import settings
from django.tasks.backends.base import BaseTaskBackend
from django.tasks.base import TaskResult, TaskResultStatus
from django.tasks.signals import task_enqueued
from django.utils import timezone
from django.utils.crypto import get_random_string
from django.utils.json import normalize_json
from django.utils.module_loading import import_string

# Seconds RQ lets a job run before it gives up on it (a lead's send is bounded far below).
JOB_TIMEOUT = 120


class RQBackend(BaseTaskBackend):
    supports_defer = True
    supports_priority = False
    supports_get_result = False

    @cached_property
    def connection(self):
        """For queueing, from a visitor's request: waits bounded, a frozen Redis skipped
        (``storefront.redis_guard``); a queue that cannot be reached is the outbox's to retry."""
        from redis import Redis

        from storefront.redis_guard import options

        guard = options(
            settings.REDIS_CONNECT_TIMEOUT, settings.REDIS_TIMEOUT, settings.REDIS_SKIP_SECONDS
        )
        return Redis.from_url(self.options.get("URL") or settings.TASKS_REDIS_URL, **guard)

    @cached_property
    def worker_connection(self):
        """For ``manage.py rq_worker``: it blocks on the queue for minutes on purpose."""
        from redis import Redis

        return Redis.from_url(self.options.get("URL") or settings.TASKS_REDIS_URL)

    def queue(self, name: str, *, connection=None):
        from rq import Queue

        connection = connection or self.connection
        return Queue(name, connection=connection, default_timeout=JOB_TIMEOUT)

    def enqueue(self, task, args, kwargs):
        self.validate_task(task)
        result = TaskResult(
            task=task,
            id=get_random_string(32),
            status=TaskResultStatus.READY,
            enqueued_at=timezone.now(),
            started_at=None,
            last_attempted_at=None,
            finished_at=None,
            args=normalize_json(args),
            kwargs=normalize_json(kwargs),
            backend=self.alias,
            errors=[],
            worker_ids=[],
        )
        queue = self.queue(task.queue_name)
        job = (run, task.module_path, result.args, result.kwargs)
        if task.run_after is not None and task.run_after > timezone.now():
            queue.enqueue_at(task.run_after, *job, job_id=result.id)
        else:
            queue.enqueue(*job, job_id=result.id)
        task_enqueued.send(type(self), task_result=result)
        return result


def run(module_path: str, args: list, kwargs: dict):
    """What an RQ worker runs: the task named by its import path, called as the framework would."""
    task = import_string(module_path)
    return normalize_json(task.call(*args, **kwargs))
