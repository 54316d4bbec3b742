from django.apps import AppConfig


class ReservationsConfig(AppConfig):
    name = "storefront.reservations"

    def ready(self):
        # Registers the cancellation emails' outbox (services.CANCELLATION_MAILS) in every
        # process: the web, the task worker, the sweeper.
        from . import services  # noqa: F401
