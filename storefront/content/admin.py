"""Operators write the content pages here: per brand (empty: the default brand) and locale,
Markdown with a rendered preview, and each page's revisions (who, when, which fields, and what
the text changed from the revision before, as a diff). A shipped default is marked "template to
review" until an operator unticks it."""

import difflib

from django.contrib import admin
from django.utils.html import format_html

from .markdown import render
from .models import ContentPage, ContentRevision
from .services import forget_pages, save_page


class RevisionInline(admin.TabularInline):
    model = ContentRevision
    extra = 0
    can_delete = False
    fields = ("created_at", "author_name", "changed", "difference")
    readonly_fields = fields
    ordering = ("-created_at", "-id")
    verbose_name_plural = "Revisions (newest first)"

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="What changed")
    def difference(self, revision: ContentRevision):
        before = (
            ContentRevision.objects.filter(page=revision.page_id, id__lt=revision.id)
            .order_by("-id")
            .first()
        )
        old = f"# {before.title}\n{before.body}" if before else ""
        new = f"# {revision.title}\n{revision.body}"
        lines = difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=1)
        diff = "\n".join(list(lines)[2:]) or "(no change to the text)"
        return format_html('<pre class="content-diff">{}</pre>', diff)


@admin.register(ContentPage)
class ContentPageAdmin(admin.ModelAdmin):
    list_display = ("slug", "locale", "brand", "title", "needs_review", "updated_at", "updated_by")
    list_filter = ("needs_review", "slug", "locale", "brand")
    search_fields = ("title", "body")
    readonly_fields = ("updated_at", "updated_by", "preview")
    fields = ("brand", "slug", "locale", "title", "body", "needs_review", "preview")
    fields += ("updated_at", "updated_by")
    inlines = [RevisionInline]

    @admin.display(description="Preview (as visitors see it)")
    def preview(self, page: ContentPage):
        return format_html('<div class="content-preview">{}</div>', render(page.body))

    def save_model(self, request, obj, form, change):
        save_page(page=obj, user=request.user, changed=form.changed_data if change else None)

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        forget_pages()

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset)
        forget_pages()
