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


# Caches that live inside one process: counters, locks and the circuit breaker kept there are
# not seen by the other processes, and a restart forgets them.
PER_PROCESS_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
)


@register(Tags.caches, deploy=True)
def caches_are_shared(app_configs, **kwargs):
    return [
        Error(
            f"The {alias!r} cache is kept inside each process ({config['BACKEND']}).",
            hint="Set CACHE_URL (and THROTTLE_CACHE_URL, if separate) to a Redis server.",
            id="storefront.E003",
        )
        for alias, config in settings.CACHES.items()
        if config["BACKEND"] in PER_PROCESS_CACHES
    ]


@register(Tags.security, deploy=True)
def site_origin_is_configured(app_configs, **kwargs):
    """Canonical links and redirects of unknown brands go to SITE_ORIGIN: over HTTPS it must be
    the site's own https origin, not the development default."""
    origin = settings.SITE_ORIGIN
    if not settings.HTTPS or (origin.startswith("https://") and "127.0.0.1" not in origin):
        return []
    return [
        Error(
            f"SITE_ORIGIN is {origin!r} while HTTPS is on.",
            hint="Set SITE_ORIGIN to the canonical https origin, e.g. https://www.example.com.",
            id="storefront.E004",
        )
    ]


@register(Tags.security, deploy=True)
def payment_signing_secret_is_configured(app_configs, **kwargs):
    """Payment returns and webhooks are trusted by their signature: with the sandbox's secret,
    committed in settings.py, anyone could sign a "succeeded"."""
    if settings.PAYMENT_SIGNING_SECRET != settings.SANDBOX_PAYMENT_SIGNING_SECRET:
        return []
    return [
        Error(
            "PAYMENT_SIGNING_SECRET is the sandbox's secret.",
            hint="Set PAYMENT_SIGNING_SECRET to the secret the provider signs payments with.",
            id="storefront.E005",
        )
    ]
