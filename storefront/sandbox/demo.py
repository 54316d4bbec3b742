"""Demo rows for the sandbox: the brands and users a fresh checkout shows (``manage.py demo_data``).

Brands: fid 1 (the default brand), fid 42 (an agent's own brand), an agency on the white-label
suffix (acme.partners.localhost) and a custom host (travel.globex.localhost). Users (password
``demo-pass-2026``): a traveller, an agent (plan_id), and a user with options packages, crm and
vouchers and the reservations action.
"""

from base64 import b64encode

from django.contrib.auth.hashers import make_password

from .models import Account, ProviderBrand

DEMO_PASSWORD = "demo-pass-2026"


def svg_data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + b64encode(svg.encode()).decode()


def _mark(color: str) -> str:
    return (
        f'<rect width="32" height="32" rx="8" fill="{color}"/><path d="M8 22V12.5L16 7l8 5.5V22"'
        ' fill="none" stroke="#fff" stroke-width="2.4" stroke-linejoin="round"/>'
    )


# The room a letter of the name gets at 19 px bold, Latin and Hebrew: DejaVu Sans Bold, the
# widest of the fonts system-ui finds (Linux), takes 11.2-11.8 px a Latin letter and 10.3-10.6
# a Hebrew one; at 11 px for both, "Acme Travel" and "Globex Holidays" ran past the image's
# edge and were cut ("Acme Trave").
LETTER_WIDTH = {False: 11.5, True: 10.6}


def logo(name: str, color: str, text: str, *, rtl: bool = False) -> str:
    """The mark and the name; a right-to-left name is drawn from the right, beside a mark on
    the right, as Hebrew logos are read. The name is drawn in the visitor's system font, so
    ``textLength`` holds it to its room whatever that font's widths: never cut at the edge."""
    room = round(LETTER_WIDTH[rtl] * len(name))
    width = 40 + room + 4
    if rtl:
        mark = f'<g transform="translate({width - 32})">{_mark(color)}</g>'
        words = f'<text x="{width - 40}" y="23" direction="rtl" text-anchor="start"'
    else:
        mark, words = _mark(color), '<text x="40" y="23"'
    return svg_data_uri(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="32" '
        f'viewBox="0 0 {width} 32">{mark}{words} textLength="{room}" lengthAdjust="spacing" '
        f'font-family="system-ui,sans-serif" font-size="19" font-weight="700" '
        f'fill="{text}">{name}</text></svg>'
    )


def icon(color: str) -> str:
    return svg_data_uri(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" '
        f'viewBox="0 0 32 32">{_mark(color)}</svg>'
    )


def brand_config(*, fid, name, color, dark_color, white_label, he_name, socials=None, ga4=""):
    return {
        "id": fid,
        "fid": fid,
        "white_label": white_label,
        "name": name,
        "title": f"{name} — hotels at the best price",
        "home_page_title": f"{name}: hotel deals worldwide",
        "ga4": ga4,
        "favicon": icon(color),
        "icon": icon(color),
        "logo": {"light": logo(name, color, "#101828"), "dark": logo(name, dark_color, "#F2F4F7")},
        "translations": {
            "en": {
                "name": name,
                "title": f"{name} — hotels at the best price",
                "home_page_title": f"{name}: hotel deals worldwide",
            },
            "he": {
                "name": he_name,
                "title": f"{he_name} — מלונות במחיר הטוב ביותר",
                "home_page_title": f"{he_name}: מבצעי מלונות בכל העולם",
                "logo": {
                    "light": logo(he_name, color, "#101828", rtl=True),
                    "dark": logo(he_name, dark_color, "#F2F4F7", rtl=True),
                },
            },
        },
        "colors": {
            "brand": {"light": color, "dark": dark_color},
            "bgBrand": {"light": color, "dark": color},
            "bgBrandAlt": {"light": "#F4F4F5", "dark": "#1F2937"},
            "textBrand": {"light": "#FFFFFF", "dark": "#FFFFFF"},
            "textBrandAlt": {"light": color, "dark": dark_color},
        },
        "background": {},
        "socials": socials or {},
    }


BRANDS = [
    (
        ProviderBrand.AGENT,
        "1",
        brand_config(
            fid=1,
            name="Travelnest",
            color="#044AFF",
            dark_color="#7FA4FF",
            white_label=False,
            he_name="טרוולנסט",
            socials={
                "facebook": "https://www.facebook.com/",
                "instagram": "https://www.instagram.com/",
                "youtube": "https://www.youtube.com/",
            },
        ),
    ),
    (
        ProviderBrand.AGENT,
        "42",
        brand_config(
            fid=42,
            name="Sunny Trips",
            color="#B54708",
            dark_color="#FDB022",
            white_label=False,
            he_name="סאני טריפס",
            socials={"whatsapp": "https://wa.me/15550100"},
        ),
    ),
    (
        ProviderBrand.AGENCY,
        "acme.partners.localhost",
        brand_config(
            fid=77,
            name="Acme Travel",
            color="#067647",
            dark_color="#47CD89",
            white_label=True,
            he_name="אקמי טראוול",
            socials={"linkedin": "https://www.linkedin.com/"},
        ),
    ),
    (
        ProviderBrand.WHITE_LABEL,
        "travel.globex.localhost",
        brand_config(
            fid=88,
            name="Globex Holidays",
            color="#6941C6",
            dark_color="#B692F6",
            white_label=True,
            he_name="גלובקס חופשות",
            socials={"twitter": "https://x.com/"},
        ),
    ),
]

USERS = [
    {"email": "traveller@example.com", "name": "Tess Traveller"},
    {"email": "agent@example.com", "name": "Ada Agent", "plan_id": 3},
    {
        "email": "power@example.com",
        "name": "Pat Power",
        "options": {"packages": True, "crm": True, "vouchers": True},
        "actions": ["reservations"],
    },
]


def load_demo_data() -> None:
    """Create or update the demo rows (idempotent)."""
    for kind, key, config in BRANDS:
        ProviderBrand.objects.update_or_create(kind=kind, key=key, defaults={"config": config})
    password = make_password(DEMO_PASSWORD)
    for user in USERS:
        defaults = {
            "name": user["name"],
            "password": password,
            "plan_id": user.get("plan_id"),
            "options": user.get("options", {}),
            "actions": user.get("actions", []),
        }
        Account.objects.update_or_create(email=user["email"], defaults=defaults)
