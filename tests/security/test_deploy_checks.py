"""`check --deploy` refuses settings that break with several processes or behind HTTPS."""

from django.core.checks import run_checks


def test_production_refuses_a_per_process_cache(settings):
    def cache_errors():
        return [
            m.id for m in run_checks(include_deployment_checks=True) if m.id == "storefront.E003"
        ]

    assert cache_errors() == ["storefront.E003", "storefront.E003"]  # default and throttle
    settings.CACHES = {
        alias: {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": "redis://r:6379/0"}
        for alias in ("default", "throttle")
    }
    assert cache_errors() == []


def test_production_needs_its_own_https_site_origin(settings):
    def origin_errors():
        return [
            m.id for m in run_checks(include_deployment_checks=True) if m.id == "storefront.E004"
        ]

    settings.HTTPS = True
    assert origin_errors() == ["storefront.E004"]  # the development default
    settings.SITE_ORIGIN = "https://www.example.com"
    assert origin_errors() == []


def test_production_refuses_the_sandboxs_payment_signing_secret(settings):
    def secret_errors():
        return [
            m.id for m in run_checks(include_deployment_checks=True) if m.id == "storefront.E005"
        ]

    assert secret_errors() == ["storefront.E005"]  # the development default
    settings.PAYMENT_SIGNING_SECRET = "s" * 40
    assert secret_errors() == []
