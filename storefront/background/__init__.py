"""Background work on Django's task framework (DESIGN 13), on a queue of the operator's choice.

``settings.TASKS`` names the backend (``TASKS_BACKEND``): by default django-tasks-db's database
queue, run by ``manage.py db_worker``; or ``storefront.background.rq.RQBackend``, Redis through
RQ (``TASKS_REDIS_URL``, default ``CACHE_URL``), run by ``manage.py rq_worker``. Tasks are
written once, with ``django.tasks.task``, whichever runs them; each is idempotent, so a job that
runs twice (a worker killed mid-job, a requeue) does no harm.
"""
