from django.apps import AppConfig


class SandboxConfig(AppConfig):
    name = "storefront.sandbox"
    label = "sandbox"
