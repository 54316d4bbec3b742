from django.apps import AppConfig


class ChromeConfig(AppConfig):
    name = "storefront.chrome"
