"""Project system checks. ``check --deploy`` fails when production values are missing."""

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def secret_key_from_environment(app_configs, **kwargs):
    if settings.SECRET_KEY_FROM_ENV:
        return []
    return [
        Error(
            "SECRET_KEY is not set in the environment; a random per-process key is in use.",
            hint="Set SECRET_KEY to a long random value in production.",
            id="storefront.E001",
        )
    ]


@register(Tags.security, deploy=True)
def upstream_is_configured(app_configs, **kwargs):
    if settings.UPSTREAM_CLIENT_TOKEN != settings.SANDBOX_CLIENT_TOKEN:
        return []
    return [
        Error(
            "UPSTREAM_CLIENT_TOKEN is the sandbox's token.",
            hint="Set UPSTREAM_URL and UPSTREAM_CLIENT_TOKEN to the provider's values.",
            id="storefront.E002",
        )
    ]
