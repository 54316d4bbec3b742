from django.apps import AppConfig


class IslandsConfig(AppConfig):
    name = "storefront.islands"

    def ready(self):
        # Every app registers the props builders of its own islands (registry.py).
        from .registry import autodiscover

        autodiscover()
