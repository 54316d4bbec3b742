"""The outbox's background sends on Django's task framework (``settings.TASKS``: a database
queue and ``manage.py db_worker`` by default). A task only names the lead: sending it twice, or
for a lead already sent, does nothing (``services.deliver`` claims the row first)."""

from django.tasks import task

from . import services


@task()
def deliver_lead(lead_id: int) -> str:
    outcome = services.deliver(lead_id)
    return outcome.lead.status if outcome.lead else "gone"
