"""The operator's words: a content page per brand, page and locale, and its revisions.

A ``ContentPage`` is one page (``SLUGS``: terms, privacy, agent terms, contact and support, the
app, and the sections the spec only routes) in one locale for one brand: the default brand
(``brand`` empty) or a brand an operator overrides (``brands.BrandOverride``). Its body is
Markdown, rendered and sanitised on the way to a page (``storefront/content/markdown.py``);
nothing typed here reaches a page as HTML. Every save through ``services.save_page`` writes a
``ContentRevision``: who, when, which fields, and the text as it then stood.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from storefront.brands.models import BrandOverride
from storefront.i18n.locales import LOCALES

# The pages an operator writes, in the registry's names (storefront/pages/routes.py).
SLUGS = (
    ("terms-of-use", "Terms of use"),
    ("privacy-policy", "Privacy and cookie statement"),
    ("agent-terms-of-use", "Agents' terms of use"),
    ("contact-support", "Contact support (text above the form)"),
    ("app", "The app"),
    ("flights", "Flights"),
    ("cars", "Car rentals"),
    ("packages", "Packages"),
    ("tickets", "Tickets"),
)
# The sections the spec only routes: agents also see the agent platform's link there.
SECTIONS = ("flights", "cars", "packages", "tickets")


class ContentPage(models.Model):
    brand = models.ForeignKey(
        BrandOverride,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        help_text="Empty: the default brand, whose pages every brand without its own shows.",
    )
    slug = models.CharField("page", max_length=40, choices=SLUGS)
    locale = models.CharField(
        max_length=8, choices=[(loc.code, f"{loc.code} — {loc.name}") for loc in LOCALES.values()]
    )
    title = models.CharField(max_length=200)
    body = models.TextField(
        help_text="Markdown: ## headings, lists, **bold**, [links](/contact-support). "
        "HTML is shown as text, never run."
    )
    needs_review = models.BooleanField(
        "template to review",
        default=False,
        help_text="A text shipped with the storefront: review and complete it, then untick.",
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["slug", "brand_id", "locale"]
        constraints = [
            # NULL brands are distinct to a database's unique index: one constraint each.
            models.UniqueConstraint(
                fields=["slug", "locale"],
                condition=Q(brand__isnull=True),
                name="content_default_brand_unique",
            ),
            models.UniqueConstraint(
                fields=["brand", "slug", "locale"],
                condition=Q(brand__isnull=False),
                name="content_brand_unique",
            ),
        ]

    def __str__(self):
        return f"{self.get_slug_display()} · {self.locale} · {self.brand or 'default brand'}"


class ContentRevision(models.Model):
    """The page as one save left it, who saved it and which fields that save changed."""

    page = models.ForeignKey(ContentPage, on_delete=models.CASCADE, related_name="revisions")
    title = models.CharField(max_length=200)
    body = models.TextField()
    changed = models.CharField(max_length=200, help_text="The fields this save changed.")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150, blank=True)  # kept if the user goes
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.author_name or 'system'}: {self.changed}"
