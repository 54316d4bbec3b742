from django.apps import AppConfig


class BrandsConfig(AppConfig):
    name = "storefront.brands"
