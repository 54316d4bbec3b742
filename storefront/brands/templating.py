"""``{{ value|brand_asset }}``: a brand image as a URL (built-in static path or provider URL);
``{{ value|builtin_asset }}``: whether it is one of the storefront's own images."""

from storefront.web.links import static_url


def _external(value: str) -> bool:
    return value.startswith(("https://", "data:image/"))


def brand_asset(value: str) -> str:
    if _external(value):
        return value
    return static_url(value)


def builtin_asset(value) -> bool:
    return isinstance(value, str) and bool(value) and not _external(value)
