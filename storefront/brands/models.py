"""Operator overrides: the top layer of a brand, edited in Django admin.

Fields are checked with the same full-match patterns (``brands.brand``) that layering applies.
"""

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.db import models

from .brand import (
    COLOR_TOKENS,
    GA4_RE,
    GTM_RE,
    HEX_COLOR_RE,
    HTTPS_URL_RE,
    ORIGIN_RE,
    SOCIAL_NETWORKS,
)

hex_color = RegexValidator(HEX_COLOR_RE, "Use a hex colour: #rgb, #rrggbb or #rrggbbaa.")


def https_url(value: str) -> None:
    if value and not HTTPS_URL_RE.fullmatch(value):
        raise ValidationError("Use a plain https:// address (no spaces, quotes or brackets).")


def https_origin(value: str) -> None:
    if not ORIGIN_RE.fullmatch(value):
        raise ValidationError(f"{value!r} is not an https origin such as https://partner.example.")


class BrandOverride(models.Model):
    """Fields an operator sets over the provider's brand config; blank fields change nothing."""

    AGENT, AGENCY, WHITE_LABEL = "agent", "agency", "white-label"
    KINDS = [
        (AGENT, "Agent brand by fid (canonical host)"),
        (AGENCY, "Agency host (under the white-label suffix)"),
        (WHITE_LABEL, "Custom host"),
    ]

    kind = models.CharField(max_length=20, choices=KINDS)
    key = models.CharField(max_length=253, help_text="The fid for an agent brand, else the host.")
    name = models.CharField(max_length=100, blank=True)
    title = models.CharField(max_length=150, blank=True)
    home_page_title = models.CharField(max_length=150, blank=True)
    logo_light = models.URLField(blank=True, validators=[https_url])
    logo_dark = models.URLField(blank=True, validators=[https_url])
    favicon = models.URLField(blank=True, validators=[https_url])
    icon = models.URLField(blank=True, validators=[https_url])
    ga4 = models.CharField(
        "GA4 id",
        max_length=20,
        blank=True,
        validators=[RegexValidator(GA4_RE, "A GA4 id looks like G-XXXXXXX.")],
    )
    gtm = models.CharField(
        "Tag manager id",
        max_length=20,
        blank=True,
        validators=[RegexValidator(GTM_RE, "A tag manager id looks like GTM-XXXXXX.")],
    )
    frame_ancestors = models.TextField(
        blank=True, help_text="Origins allowed to frame the search widget, one https:// per line."
    )
    map_provider = models.CharField(
        "Map library",
        max_length=20,
        blank=True,
        choices=[("leaflet", "Leaflet (raster tiles)"), ("maplibre", "MapLibre GL (vector style)")],
        help_text="Blank: the site's MAP_PROVIDER setting.",
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "key"], name="unique_override")]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.key}"

    def clean(self):
        self.key = self.key.strip().lower()
        if self.kind == self.AGENT and not (self.key.isdigit() and int(self.key) > 0):
            raise ValidationError({"key": "An agent brand's key is its fid, a positive number."})
        for line in self.frame_ancestors.split():
            try:
                https_origin(line)
            except ValidationError as error:
                raise ValidationError({"frame_ancestors": error.messages}) from None

    def as_config(self) -> dict:
        """The non-blank fields, in the provider's config shape."""
        config = {}
        for name in ("name", "title", "home_page_title", "favicon", "icon", "ga4", "gtm"):
            if getattr(self, name):
                config[name] = getattr(self, name)
        logo = {
            mode: getattr(self, f"logo_{mode}")
            for mode in ("light", "dark")
            if getattr(self, f"logo_{mode}")
        }
        if logo:
            config["logo"] = logo
        colors = {}
        for token in COLOR_TOKENS:
            for mode in ("light", "dark"):
                value = getattr(self, f"color_{token}_{mode}")
                if value:
                    colors.setdefault(token, {})[mode] = value
        if colors:
            config["colors"] = colors
        socials = {
            n: getattr(self, f"social_{n}") for n in SOCIAL_NETWORKS if getattr(self, f"social_{n}")
        }
        if socials:
            config["socials"] = socials
        if self.frame_ancestors.strip():
            config["frame_ancestors"] = self.frame_ancestors.split()
        if self.map_provider:
            config["map_provider"] = self.map_provider
        return config


for _token in COLOR_TOKENS:
    for _mode in ("light", "dark"):
        BrandOverride.add_to_class(
            f"color_{_token}_{_mode}",
            models.CharField(
                f"{_token} ({_mode})", max_length=9, blank=True, validators=[hex_color]
            ),
        )
for _network in SOCIAL_NETWORKS:
    BrandOverride.add_to_class(
        f"social_{_network}", models.URLField(_network, blank=True, validators=[https_url])
    )


class BrandSnapshot(models.Model):
    """The provider's last good config for a brand key, stored so that partners stay up when the
    provider is down and the cache is empty (a restart, a new process). Written by the registry
    on every successful fetch; read when the cache has nothing."""

    kind = models.CharField(max_length=20, choices=BrandOverride.KINDS)
    key = models.CharField(max_length=253)
    config = models.JSONField()
    fetched_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["kind", "key"], name="brand_snapshot_unique_key")
        ]

    def __str__(self):
        return f"{self.kind}:{self.key}"
