from django.apps import AppConfig


class LeadsConfig(AppConfig):
    name = "storefront.leads"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Registers the leads' outbox (services.OUTBOX) in every process: the web, the task
        # worker that runs its attempts, the sweeper.
        from . import services  # noqa: F401
