from django.apps import AppConfig


class CheckoutConfig(AppConfig):
    name = "storefront.checkout"

    def ready(self):
        # Registers the settlements' and confirmations' outboxes (services.SETTLEMENTS,
        # services.CONFIRMATIONS) in every process: the web, the task worker, the sweeper.
        from . import services  # noqa: F401
