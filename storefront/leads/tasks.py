"""The leads' task of the release before the generic outbox: jobs it queued may still be in the
queue when this release starts, and run this. New attempts are queued as the outbox's own task
(``storefront.background.outbox.attempt_task``); this one does the same attempt. A task only
names the lead: sending it twice, or for a lead already sent, does nothing (the outbox claims the
row first)."""

from django.tasks import task

from . import services


@task()
def deliver_lead(lead_id: int) -> str:
    outcome = services.deliver(lead_id)
    return outcome.lead.status if outcome.lead else "gone"
