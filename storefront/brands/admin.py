"""Django admin for operators: brand overrides with a live preview and contrast warnings.

The admin answers on the canonical host only (HostGuard). Every save is logged in the admin's
history (who, when, which fields) and drops the cached override so the site shows it at once.

The preview (``change_form.html``) sits beside the fieldsets it draws (``PREVIEWED``: the texts,
images, colours and the footer's social links) and holds one pane per colour mode; each pane is
a frame of ``preview_view`` in its mode, with that mode's contrast warnings only.

The "Search widget" fieldset is followed by what the operator gives a partner (``widget.py``):
the snippet to paste (``snippet_view``, for the brand in the form, a language and the partner's
own colours) and a live preview of the widget (``widget_view``, framed on this page, which it
tells its height as a partner's page is told).
"""

from dataclasses import replace

from django.contrib import admin, messages
from django.http import JsonResponse
from django.template.response import TemplateResponse
from django.urls import path
from django.views.decorators.clickjacking import xframe_options_sameorigin

from storefront.i18n.locales import LOCALES
from storefront.pages.routes import PAGES_BY_NAME

from .brand import COLOR_TOKENS, SOCIAL_NETWORKS
from .contrast import contrast_warnings
from .defaults import default_brand
from .models import BrandOverride
from .registry import AGENT, PATHS, BrandUnavailable, forget_override, provider_config
from .widget import frame_title, snippet, widget_context, widget_origin, widget_src

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


def _widget_locale(query) -> str:
    code = query.get("widget_locale")
    return code if code in LOCALES else "en"


def _widget_colors(query) -> dict[str, str]:
    """The partner's colours the operator typed (``widget_brand``, ...): the widget's own
    query parameters, which it checks as it checks any."""
    return {token: query.get(f"widget_{token}", "") for token in COLOR_TOKENS}


def widget_snippet(override: BrandOverride, query) -> dict[str, str]:
    """The snippet and the widget's address for ``override``'s brand, or empty ones while the
    override names no brand (no kind or key yet)."""
    key = (override.key or "").strip().lower()
    if override.kind not in PATHS or not key:
        return {"snippet": "", "src": ""}
    if override.kind == AGENT and not (key.isdigit() and int(key) > 0):
        return {"snippet": "", "src": ""}
    locale = _widget_locale(query)
    brand = previewed_brand(override)
    src = widget_src(kind=override.kind, key=key, locale=locale, colors=_widget_colors(query))
    origin = widget_origin(kind=override.kind, key=key)
    title = frame_title(brand_name=brand.text("name", locale), locale=locale)
    return {"snippet": snippet(src=src, origin=origin, title=title), "src": src}


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
        widget = self.admin_site.admin_view(xframe_options_sameorigin(self.widget_view))
        code = self.admin_site.admin_view(self.snippet_view)
        return [
            path("preview/", preview, name="brands_brandoverride_preview"),
            path("widget/", widget, name="brands_brandoverride_widget"),
            path("widget/snippet/", code, name="brands_brandoverride_snippet"),
            *super().get_urls(),
        ]

    def _form_override(self, request) -> BrandOverride:
        """The override the form's fields (GET) describe; invalid fields are left out, as the
        site would ignore them."""
        form = self.get_form(request)(request.GET)
        form.is_valid()
        data = {k: v for k, v in form.cleaned_data.items() if v not in (None, "")}
        return BrandOverride(**data)

    def snippet_view(self, request):
        """The snippet for the brand in the form (GET: its fields, ``widget_locale`` and the
        partner's colours ``widget_<token>``): JSON ``{"snippet", "src"}``, both empty until
        the form names a brand (its kind and key)."""
        return JsonResponse(widget_snippet(self._form_override(request), request.GET))

    def widget_view(self, request):
        """The widget as the brand in the form draws it, in the chosen language and the
        partner's colours: the page a partner frames, framed here by the change form, which it
        tells its height. A search from it opens in a new tab, never in the admin's window."""
        override = self._form_override(request)
        brand = previewed_brand(override)
        locale = _widget_locale(request.GET)
        request.brand, request.fid = brand, brand.fid
        request.locale = LOCALES[locale]
        request.visitor = replace(request.visitor, locale=locale, fid=brand.fid)
        request.page = page = PAGES_BY_NAME["widgets-search"]
        context = widget_context(
            brand=brand,
            host=override.key if override.kind != AGENT and override.key else request.get_host(),
            locale=locale,
            fid=brand.fid,
            query=_widget_colors(request.GET),
        )
        admin_origin = request.build_absolute_uri("/").rstrip("/")
        context["widget_frame"] = {**context["widget_frame"], "origins": [admin_origin]}
        context.update(
            page=page,
            params={},
            layout_template=f"layouts/{page.layout}.html",
            search_form_target="_blank",
        )
        response = TemplateResponse(request, page.template, context)
        response._csp_replace = {"frame-ancestors": ["'self'"]}
        return response

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

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        """The saved brand's snippet is on the page before any script runs."""
        extra_context = dict(extra_context or {})
        obj = self.get_object(request, object_id) if object_id else None
        extra_context["widget_snippet"] = widget_snippet(obj, {}) if obj else {}
        extra_context["widget_locales"] = list(LOCALES.values())
        extra_context["widget_tokens"] = COLOR_TOKENS
        return super().changeform_view(request, object_id, form_url, extra_context)

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
