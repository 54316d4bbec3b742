from django.apps import AppConfig


class SupportConfig(AppConfig):
    name = "storefront.support"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Registers the contact form's outbox (services.OUTBOX) in every process: the web, the
        # task worker that runs its attempts, the sweeper.
        from . import services  # noqa: F401
