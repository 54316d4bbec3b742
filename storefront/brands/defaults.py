"""The built-in default brand (fid 1): the bottom layer every brand is built on."""

from functools import cache

from django.conf import settings

from storefront.web.links import DEFAULT_FID  # noqa: F401  (the brand of fid 1: this module's)

from .brand import Brand

# Colour tokens (spec: brand, bgBrand, bgBrandAlt, textBrand, textBrandAlt; light and dark).
# Text/background pairs meet WCAG AA (4.5:1) in both modes.
DEFAULT_COLORS = {
    "brand": {"light": "#044AFF", "dark": "#7FA4FF"},
    "bgBrand": {"light": "#044AFF", "dark": "#1B3FA8"},
    "bgBrandAlt": {"light": "#EAF0FF", "dark": "#14213F"},
    "textBrand": {"light": "#FFFFFF", "dark": "#FFFFFF"},
    "textBrandAlt": {"light": "#0838B8", "dark": "#C9D7FF"},
}


@cache
def default_brand() -> Brand:
    name = settings.BRAND_NAME
    return Brand(
        id=1,
        fid=DEFAULT_FID,
        white_label=False,
        name=name,
        title="",  # pages then use the catalog's localised "{brand} — ..." title
        home_page_title="",
        logo={"light": "brand/logo-light.svg", "dark": "brand/logo-dark.svg"},
        favicon="brand/favicon.svg",
        icon="brand/icon.svg",
        colors=DEFAULT_COLORS,
        background={"light": "brand/background-light.svg", "dark": "brand/background-dark.svg"},
        socials={},
        ga4=settings.DEFAULT_GA4_ID,
        gtm=settings.DEFAULT_GTM_ID,
    )
