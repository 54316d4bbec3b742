"""Operators see the outbox: pending, sent, rejected or expired leads, their attempts and last
error, and can send the chosen ones again now."""

from datetime import timedelta

from django.contrib import admin
from django.utils import timezone

from .models import Lead
from .services import OUTBOX


@admin.register(Lead)
class LeadAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "name",
        "email",
        "status",
        "attempts",
        "next_attempt_at",
        "sent_at",
    )
    list_filter = ("status", "locale")
    search_fields = ("email", "name", "phone", "key")
    readonly_fields = [f.name for f in Lead._meta.fields]
    actions = ["retry_now"]

    @admin.action(description="Send again now (pending, rejected or expired ones)")
    def retry_now(self, request, queryset):
        queued = OUTBOX.requeue(queryset, expires_at=timezone.now() + timedelta(hours=24))
        self.message_user(request, f"{queued} lead(s) queued.")

    def has_add_permission(self, request):
        return False
