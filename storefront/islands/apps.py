from django.apps import AppConfig


class IslandsConfig(AppConfig):
    name = "storefront.islands"
