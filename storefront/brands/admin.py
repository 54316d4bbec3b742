"""Django admin for operators: brand overrides with a live preview and contrast warnings.

The admin answers on the canonical host only (HostGuard). Every save is logged in the admin's
history (who, when, which fields) and drops the cached override so the site shows it at once.

The preview (``change_form.html``) sits beside the fieldsets it draws (``PREVIEWED``: the texts,
images, colours and the footer's social links) and holds one pane per colour mode; each pane is
a frame of ``preview_view`` in its mode, with that mode's contrast warnings only.
"""

from django.contrib import admin, messages
from django.template.response import TemplateResponse
from django.urls import path
from django.views.decorators.clickjacking import xframe_options_sameorigin

from .brand import COLOR_TOKENS, SOCIAL_NETWORKS
from .contrast import contrast_warnings
from .defaults import default_brand
from .models import BrandOverride
from .registry import PATHS, BrandUnavailable, forget_override, provider_config

COLOR_FIELDS = [f"color_{token}_{mode}" for token in COLOR_TOKENS for mode in ("light", "dark")]
# The fieldsets' class that puts them beside the live preview (they must follow one another).
# The social links come after the colours so that the colour fields are never the last beside
# it: the sticky preview stays whole in view while any of them is.
PREVIEWED = ("previewed",)


def previewed_brand(override: BrandOverride):
    """The brand an override would give: default < provider config (if reachable) < override."""
    config = None
    if override.kind in PATHS and override.key:
        try:
            config = provider_config(override.kind, override.key.lower())
        except BrandUnavailable:
            pass
    return default_brand().layer(config).layer(override.as_config())


@admin.register(BrandOverride)
class BrandOverrideAdmin(admin.ModelAdmin):
    list_display = ("key", "kind", "name", "updated")
    list_filter = ("kind",)
    search_fields = ("key", "name")
    change_form_template = "admin/brands/brandoverride/change_form.html"
    fieldsets = (
        (None, {"fields": ("kind", "key")}),
        ("Texts", {"fields": ("name", "title", "home_page_title"), "classes": PREVIEWED}),
        (
            "Images (https)",
            {"fields": ("logo_light", "logo_dark", "favicon", "icon"), "classes": PREVIEWED},
        ),
        ("Colours (hex)", {"fields": COLOR_FIELDS, "classes": PREVIEWED}),
        (
            "Social links (https)",
            {"fields": [f"social_{n}" for n in SOCIAL_NETWORKS], "classes": PREVIEWED},
        ),
        ("Analytics", {"fields": ("ga4", "gtm")}),
        ("Search widget", {"fields": ("frame_ancestors",)}),
        ("Maps", {"fields": ("map_provider",)}),
    )

    def get_urls(self):
        preview = self.admin_site.admin_view(xframe_options_sameorigin(self.preview_view))
        return [path("preview/", preview, name="brands_brandoverride_preview"), *super().get_urls()]

    def preview_view(self, request):
        """Header and footer as the brand in the form would draw them in one colour mode (GET: the
        form's fields and ``preview_mode``), under its name and that mode's contrast warnings."""
        form = self.get_form(request)(request.GET)
        form.is_valid()  # invalid fields are left out, as the site would ignore them
        data = {k: v for k, v in form.cleaned_data.items() if v not in (None, "")}
        override = BrandOverride(**data)
        brand = previewed_brand(override)
        request.brand, request.fid = brand, brand.fid
        mode = (
            request.GET.get("preview_mode")
            if request.GET.get("preview_mode") in ("light", "dark")
            else "light"
        )
        response = TemplateResponse(
            request,
            "admin/brands/brandoverride/preview.html",
            {"color_mode": mode, "warnings": contrast_warnings(brand, mode=mode)},
        )
        response._csp_replace = {"frame-ancestors": ["'self'"]}
        return response

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        forget_override(obj.kind, obj.key)
        if change and {"kind", "key"} & set(form.changed_data):
            forget_override(form.initial["kind"], form.initial["key"])
        brand = previewed_brand(obj)
        for mode in ("light", "dark"):
            for _, warning in contrast_warnings(brand, mode=mode):
                messages.warning(request, f"{mode.capitalize()} mode: {warning}")

    def delete_model(self, request, obj):
        forget_override(obj.kind, obj.key)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            forget_override(obj.kind, obj.key)
        super().delete_queryset(request, queryset)
