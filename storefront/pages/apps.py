from django.apps import AppConfig


class PagesConfig(AppConfig):
    name = "storefront.pages"

    def ready(self):
        from storefront import checks  # noqa: F401  (registers the project's system checks)
