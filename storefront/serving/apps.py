from django.apps import AppConfig


class ServingConfig(AppConfig):
    """Serving pages: the page cache, compression and static files (middleware only)."""

    name = "storefront.serving"

    def ready(self):
        # The page cache listens to freshness.content_changed in every process (a task worker
        # that sees a brand change must drop kept pages too), not only where it serves.
        from . import page_cache  # noqa: F401
