"""Operators see the contact form's outbox: pending, sent, rejected or expired messages, their
attempts and last error, and can send the chosen ones again now."""

from datetime import timedelta

from django.contrib import admin
from django.utils import timezone

from .models import ContactMessage
from .services import OUTBOX


@admin.register(ContactMessage)
class ContactMessageAdmin(admin.ModelAdmin):
    list_display = (
        "created_at",
        "name",
        "email",
        "topic",
        "reference",
        "status",
        "attempts",
        "next_attempt_at",
        "sent_at",
    )
    list_filter = ("status", "topic", "locale")
    search_fields = ("email", "name", "reference", "key")
    readonly_fields = [f.name for f in ContactMessage._meta.fields]
    actions = ["retry_now"]

    @admin.action(description="Send again now (pending, rejected or expired ones)")
    def retry_now(self, request, queryset):
        queued = OUTBOX.requeue(queryset, expires_at=timezone.now() + timedelta(hours=24))
        self.message_user(request, f"{queued} message(s) queued.")

    def has_add_permission(self, request):
        return False
