from django.apps import AppConfig


class I18nConfig(AppConfig):
    name = "storefront.i18n"
    label = "storefront_i18n"
