"""The chrome's islands' props (static_src/islands/Header.jsx, CountryPicker.jsx and
UnitToggle.jsx), registered with ``storefront.islands.registry``. The header and the country
picker show the page's chrome (``layout.Chrome``), which the layouts hand them:
``{% call island("Header", chrome, nav=show_nav, currency=show_currency) %}``."""

from django.urls import reverse

from storefront.islands.registry import register
from storefront.web.links import external_url, page_url
from storefront.web.visitor import Visitor

from .layout import Chrome
from .preferences import COLOR_MODE_KEY, COLOR_MODES

# Pages whose own content is the login form: their login link is not a modal.
LOGIN_PAGES = ("login", "sso")


def _links(links) -> list[dict]:
    return [
        {"id": link.id, "label": link.label, "href": link.href, "external": link.external}
        for link in links
    ]


@register("Header")
def header_props(visitor: Visitor, chrome: Chrome, *, nav: bool, currency: bool) -> dict:
    """Read by static_src/islands/Header.jsx. ``nav`` and ``currency`` come from the layout
    including the header (its ``show_nav`` and ``show_currency``); the link sets per role come
    from ``selectors.py`` through the chrome."""
    locale = chrome.locale
    page = chrome.page
    user = chrome.session_user
    return {
        "homeUrl": chrome.home_url,
        "brandName": chrome.brand_name,
        "logo": chrome.brand_logo,
        "nav": _links(chrome.header_nav) if nav else [],
        "mobile": ("menu" if chrome.show_menu_button else "back") if nav else None,
        "currency": {
            "current": visitor.currency,
            "priceDisplay": visitor.display,
            "list": chrome.currency_list_url,  # the currencies, loaded with the dialog
        }
        if currency
        else None,
        # The current locale and its own name; the dialog loads the locales (``list``) and
        # links ``next`` under each one's prefix.
        "language": {
            "current": locale.code,
            "name": locale.name,
            "next": chrome.language_next,
            "list": chrome.language_list_url,
        },
        "theme": {
            "mode": chrome.color_mode,
            "modes": list(COLOR_MODES),
            "storageKey": COLOR_MODE_KEY,
        },
        "account": {
            "user": {"name": user.name} if user else None,
            "links": _links(chrome.account_menu),
        },
        "auth": {
            "modal": not (page and page.name in LOGIN_PAGES),
            "action": page_url("login", locale.code),
            "next": chrome.back_path,
            "forgotPasswordUrl": external_url("forgot_password"),
        },
        # Logged in: where the browser's saved searches move into the account (search/saved.py).
        "searchesMerge": reverse("merge-searches") if user else None,
        # ... and the favorites this browser kept (hotels/favorites.py).
        "favoritesMerge": reverse("merge-favorites") if user else None,
    }


@register("CountryPicker")
def country_picker_props(visitor: Visitor, chrome: Chrome) -> dict:
    """Read by static_src/islands/CountryPicker.jsx: the current choice (and its name in the
    page's locale) and where the dialog finds the countries (one list per locale, not in the
    page; the dialog shows their SVG flags, never emoji)."""
    return {
        "current": visitor.country,
        "name": chrome.current_country_name or None,
        "list": chrome.country_list_url,
    }


@register("UnitToggle")
def unit_toggle_props(visitor: Visitor) -> dict:
    """Read by static_src/islands/UnitToggle.jsx (the unit itself lives in localStorage)."""
    return {"units": ["m", "f"], "default": "m"}
