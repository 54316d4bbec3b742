from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "storefront.content"
    verbose_name = "Content pages"
