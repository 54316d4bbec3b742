"""``chrome``: everything the layouts and includes need, built once per rendered page."""

from datetime import date
from urllib.parse import urlencode

from django.conf import settings

from storefront.brands.defaults import DEFAULT_FID, default_brand
from storefront.brands.selectors import link_origin
from storefront.catalog.selectors import country_name
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.i18n.resolution import locale_from_path
from storefront.web.links import external_url, page_url
from storefront.web.session_user import current_user
from storefront.web.visitor import visitor_of

from . import selectors
from .preferences import color_mode, next_color_mode
from .views import choices_url


def _query(request) -> str:
    """The page's query string, or "" when it cannot be read (too many fields, ...)."""
    try:
        return request.GET.urlencode()
    except Exception:  # the error page for a bad query must not fail on the same query
        return ""


def _origin(request) -> str:
    """The origin of the page's canonical and hreflang links: SITE_ORIGIN on a canonical host,
    never the request's scheme or port (``link_origin``)."""
    try:
        return link_origin(host=request.get_host())
    except Exception:  # DisallowedHost: the error page for a bad Host must not fail on it
        return settings.SITE_ORIGIN


def chrome(request):
    """Context for every template. Error pages get it too, possibly for a request that stopped
    before the locale or brand middleware: they fall back to the path's locale and the default
    brand, and link every locale's home rather than echoing the failed path and query."""
    code, rest = locale_from_path(request.path_info)
    locale = getattr(request, "locale", None) or LOCALES[code]
    brand = getattr(request, "brand", None) or default_brand()
    page = getattr(request, "page", None)
    if page is None:
        rest, query = "/", ""
    else:
        query = _query(request)
    visitor = visitor_of(request)
    user = current_user(request)
    fid = getattr(request, "fid", DEFAULT_FID)  # the brand's, also on a host-error page
    country = visitor.country
    origin = _origin(request)
    alternates = [(loc, f"{origin}{loc.prefix}{rest}") for loc in LOCALES.values()]
    current_path = f"{locale.prefix}{rest}" + (f"?{query}" if query else "")
    mode = color_mode(request)
    return {
        "locale": locale,
        "brand": brand,
        "brand_name": brand.text("name", locale.code),
        "brand_logo": brand.logo_for(locale.code),
        "brand_title": brand.text("title", locale.code),
        "brand_home_title": brand.text("home_page_title", locale.code),
        "analytics_config": {"ga4": brand.ga4, "gtm": brand.gtm},
        "living_props": {  # read by static_src/living.js
            key: translate(f"living.{name}", locale.code)
            for key, name in (
                ("offline", "offline"),
                ("online", "online"),
                ("loadFailed", "load_failed"),
                ("closeNotification", "close_notification"),
            )
        },
        "page": page,
        "session_user": user,
        "theme_color": settings.BRAND_THEME_COLOR,
        "canonical_url": f"{origin}{locale.prefix}{rest}" if page else "",
        "alternates": alternates if page else [],
        "x_default_url": f"{origin}{rest}",
        "color_mode": mode,
        "next_color_mode": next_color_mode(mode),
        "color_mode_url": "/preferences/color-mode?"
        + urlencode({"mode": next_color_mode(mode), "next": current_path}),
        "brand_tokens": {"light": brand.css_tokens("light"), "dark": brand.css_tokens("dark")},
        "header_nav": selectors.header_nav(user=user, locale=locale.code, fid=fid, brand=brand),
        "account_menu": selectors.account_menu(
            user=user,
            locale=locale.code,
            fid=fid,
            back_to=current_path if page and page.name not in ("login", "sso") else "",
        ),
        "footer_sections": selectors.footer_sections(
            brand=brand, user=user, locale=locale.code, country=country, fid=fid
        ),
        "social_links": selectors.social_links(brand=brand),
        "legal_links": selectors.legal_links(locale=locale.code, fid=fid),
        "show_payments_line": selectors.shows_payments_line(country=country),
        "show_promotion_banner": selectors.shows_promotion_banner(user=user, brand=brand),
        "show_lead_popup": selectors.shows_lead_popup(user=user, page=page),
        "join_agent_url": external_url("join_agent", locale.code, query={"ref": fid}),
        "powered_by_url": external_url("powered_by"),
        "powered_by_name": settings.POWERED_BY_NAME,
        "payments_entity": settings.PAYMENTS_ENTITY,
        "home_url": page_url("home", locale.code, fid=fid),
        "search_url": page_url("hotels-search", locale.code),
        "fid": fid if fid != DEFAULT_FID else None,
        "show_menu_button": page.menu if page else True,
        "current_currency": visitor.currency,
        "current_price_display": visitor.display,
        "current_path": current_path,
        "current_country": country,
        # The long lists load with their dialogs (views.choices); without JavaScript the
        # controls link to pages that list them (choose-country, choose-currency).
        "country_list_url": choices_url("countries", locale.code),
        "currency_list_url": choices_url("currencies", locale.code),
        "language_list_url": choices_url("languages", locale.code),
        # The page's path and query without the locale prefix: the language dialog puts each
        # locale's prefix before it; without JavaScript the control links to choose-language.
        "language_next": rest + (f"?{query}" if query else ""),
        "choose_language_url": page_url(
            "choose-language", locale.code, query={"next": current_path}
        ),
        "current_country_name": country_name(country, locale.code) if country else "",
        "choose_country_url": page_url("choose-country", locale.code, query={"next": current_path}),
        "choose_currency_url": page_url(
            "choose-currency", locale.code, query={"next": current_path}
        ),
        "year": date.today().year,
    }
