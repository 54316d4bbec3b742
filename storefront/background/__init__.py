"""Background work on Django's task framework (DESIGN 13), on a queue of the operator's choice.

``settings.TASKS`` names the backend (``TASKS_BACKEND``): by default django-tasks-db's database
queue, run by ``manage.py db_worker``; or ``storefront.background.rq.RQBackend``, Redis through
RQ (``TASKS_REDIS_URL``, default ``CACHE_URL``), run by ``manage.py rq_worker``. Tasks are
written once, with ``django.tasks.task``, whichever runs them; each is idempotent, so a job that
runs twice (a worker killed mid-job, a requeue) does no harm.

Work that must not be lost goes through an outbox (``outbox.py``): a row written first, its
attempts claimed by lease, retried with backoff, swept when its task was lost
(``manage.py sweep_outbox``). This package imports no app (an import-linter contract in
pyproject.toml): apps subclass ``outbox.OutboxItem`` and register their ``Outbox``.
"""
