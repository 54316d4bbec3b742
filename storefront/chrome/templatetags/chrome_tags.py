"""Small template helpers for the chrome and page forms."""

from django import template

register = template.Library()


@register.filter
def get_item(mapping, key):
    """``{{ errors|get_item:name }}``: a dict lookup by a variable key (None when absent)."""
    return mapping.get(key) if hasattr(mapping, "get") else None
