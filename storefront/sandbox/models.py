"""What the provider stores, as far as the storefront can see it."""

import secrets

from django.db import models


class Account(models.Model):
    """A provider user. ``plan_id`` not null means agent; options and actions as in /v3/auth."""

    name = models.CharField(max_length=200)
    email = models.EmailField(unique=True)
    password = models.CharField(max_length=200)  # Django password hash
    avatar = models.URLField(blank=True)
    plan_id = models.PositiveIntegerField(null=True, blank=True)
    options = models.JSONField(default=dict, blank=True)  # {"packages": true, ...}
    actions = models.JSONField(default=list, blank=True)  # ["reservations", ...]
    scope = models.CharField(max_length=50, default="user")

    def __str__(self):
        return self.email


class ProviderBrand(models.Model):
    """A brand configuration as /v3/agent/{fid}, /v3/agency/{host} or /v3/white-label/{host}
    returns it. ``config`` holds the spec's white-label fields."""

    AGENT, AGENCY, WHITE_LABEL = "agent", "agency", "white-label"
    KINDS = [
        (AGENT, "agent (by fid)"),
        (AGENCY, "agency (white-label suffix host)"),
        (WHITE_LABEL, "white label (custom host)"),
    ]

    kind = models.CharField(max_length=20, choices=KINDS)
    key = models.CharField(max_length=253, help_text="The fid for agents, else the host name.")
    config = models.JSONField(default=dict)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_brand_key")]

    def __str__(self):
        return f"{self.kind}:{self.key}"


class ProviderSession(models.Model):
    """The provider's cookie session: an XSRF token and, once logged in, the account."""

    key = models.CharField(max_length=64, unique=True, default=secrets.token_urlsafe)
    xsrf_token = models.CharField(max_length=64, default=secrets.token_urlsafe)
    account = models.ForeignKey(Account, null=True, blank=True, on_delete=models.CASCADE)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"session {self.pk} ({self.account or 'anonymous'})"


class Lead(models.Model):
    """A lead sent through /v3/services/proxy. A request's ``Idempotency-Key`` header is kept:
    the same key again is the same lead (a sender that retries never makes a second one)."""

    payload = models.JSONField()
    key = models.CharField(max_length=100, null=True, blank=True, unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"lead {self.pk}"
