"""``{{ value|brand_asset }}``: a brand image as a URL (built-in static path or provider URL)."""

from django import template
from django.templatetags.static import static

register = template.Library()


@register.filter
def brand_asset(value: str) -> str:
    if value.startswith(("https://", "data:image/")):
        return value
    return static(value)
