from django.apps import AppConfig


class SecurityConfig(AppConfig):
    name = "storefront.security"

    def ready(self):
        from django.contrib import admin

        from .admin_login import ThrottledAdminAuthenticationForm

        admin.site.login_form = ThrottledAdminAuthenticationForm
