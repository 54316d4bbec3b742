"""``chrome``: everything the layouts and includes need, built once per rendered page."""

from datetime import date
from urllib.parse import urlencode

from django.conf import settings

from storefront.accounts.roles import current_user
from storefront.catalog.selectors import country_choices, currency_choices
from storefront.i18n.locales import DEFAULT_LOCALE, LOCALES
from storefront.i18n.resolution import locale_from_path

from . import selectors
from .preferences import color_mode, next_color_mode


def _alternates(request):
    """(locale, absolute URL without query) of the current page in every locale."""
    _code, rest = locale_from_path(request.path_info)
    base = f"{request.scheme}://{request.get_host()}"
    return [(loc, f"{base}{loc.prefix}{rest}") for loc in LOCALES.values()]


def _with_query(url: str, query) -> str:
    return f"{url}?{query.urlencode()}" if query else url


def chrome(request):
    locale = getattr(request, "locale", None)
    brand = getattr(request, "brand", None)
    if locale is None or brand is None:  # a request that never reached the middleware
        return {}
    user = current_user(request)
    fid = getattr(request, "fid", 1)
    country = getattr(request, "country", None)
    alternates = _alternates(request)
    mode = color_mode(request)
    page = getattr(request, "page", None)
    return {
        "locale": locale,
        "brand": brand,
        "session_user": user,
        "canonical_url": next(url for loc, url in alternates if loc.code == locale.code),
        "alternates": alternates,
        "x_default_url": next(url for loc, url in alternates if loc.code == DEFAULT_LOCALE),
        "language_links": [(loc, _with_query(url, request.GET)) for loc, url in alternates],
        "color_mode": mode,
        "next_color_mode": next_color_mode(mode),
        "color_mode_url": "/preferences/color-mode?"
        + urlencode({"mode": next_color_mode(mode), "next": request.get_full_path()}),
        "brand_tokens": {"light": brand.css_tokens("light"), "dark": brand.css_tokens("dark")},
        "header_nav": selectors.header_nav(user=user, locale=locale.code, fid=fid),
        "account_menu": selectors.account_menu(user=user, locale=locale.code),
        "footer_sections": selectors.footer_sections(
            brand=brand, user=user, locale=locale.code, country=country, fid=fid
        ),
        "social_links": selectors.social_links(brand=brand),
        "show_payments_line": selectors.shows_payments_line(country=country),
        "show_promotion_banner": selectors.shows_promotion_banner(user=user),
        "join_agent_url": selectors.external_url("join_agent", locale.code, query={"ref": fid}),
        "powered_by_url": selectors.external_url("powered_by"),
        "payments_entity": settings.PAYMENTS_ENTITY,
        "home_url": selectors.page_url("home", locale.code),
        "search_url": selectors.page_url("hotels-search", locale.code),
        "show_menu_button": page.menu if page else True,
        "current_currency": getattr(request, "currency", "USD"),
        "current_price_display": getattr(request, "price_display", "net"),
        "current_path": request.get_full_path(),
        "current_country": country,
        "currency_choices": currency_choices(locale.code),
        "country_choices": country_choices(locale.code),
        "country_form_query": [(k, v) for k, v in request.GET.items() if k != "country"],
        "year": date.today().year,
    }
