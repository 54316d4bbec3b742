"""``Chrome``: what the layouts show around a page (header, footer, banner, pickers, the head's
links), as one object per render whose values are computed when a template first reads them.

The context processor (``context_processors.chrome``) puts it in every page's context as
``chrome``; the layouts and includes read ``chrome.header_nav``, ``chrome.brand_name``... A
value no template of the page reads is never computed (the widget layout reads few of them, the
minimal and clean layouts no footer columns), and one read twice is computed once
(``functools.cached_property``). The Header and CountryPicker islands get it whole
(``chrome/islands.py``).

Error pages get it too, possibly for a request that stopped before the locale or brand
middleware: they fall back to the path's locale and the default brand, and link every locale's
home rather than echoing the failed path and query.
"""

from datetime import date
from functools import cached_property
from urllib.parse import urlencode

from django.conf import settings
from django.http import QueryDict

from storefront.brands import images as brand_images
from storefront.brands.defaults import DEFAULT_FID, default_brand
from storefront.brands.middleware import FID_COOKIE
from storefront.brands.selectors import link_origin, parse_fid
from storefront.brands.templating import brand_asset
from storefront.catalog.selectors import country_name
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.i18n.resolution import locale_from_path
from storefront.web.links import external_url, page_url, safe_path, without_next
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


class Chrome:
    """The chrome of the page ``request`` renders. Created per render (it reads a few of the
    request's attributes); every other value waits for a template to ask for it."""

    def __init__(self, request):
        self.request = request
        code, self._path_rest = locale_from_path(request.path_info)
        self.locale = getattr(request, "locale", None) or LOCALES[code]
        self.brand = getattr(request, "brand", None) or default_brand()
        self.page = getattr(request, "page", None)
        self.fid = getattr(request, "fid", DEFAULT_FID)  # the brand's, also on a host-error page
        # The visitor's choices (request.visitor); defaults in the page's locale on an error page
        # for a request that stopped before the middleware that sets it.
        self.visitor = visitor_of(request, locale=self.locale.code)

    # ----- where the page is -----

    @cached_property
    def _rest(self) -> str:
        """The page's path without the locale prefix ("/" on an error page)."""
        return self._path_rest if self.page is not None else "/"

    @cached_property
    def page_rest(self) -> str | None:
        """The page's path without its locale prefix; None on an error page."""
        return self._rest if self.page is not None else None

    @cached_property
    def _query(self) -> str:
        return _query(self.request) if self.page is not None else ""

    @cached_property
    def _origin(self) -> str:
        return _origin(self.request)

    @cached_property
    def current_path(self) -> str:
        return f"{self.locale.prefix}{self._rest}" + (f"?{self._query}" if self._query else "")

    @cached_property
    def back_path(self) -> str:
        """Where the choosers, the login and the colour toggle send the visitor back to: this
        page; or, on a page that has a ``next`` of its own (a chooser, the login), that
        ``next``. A ``next`` never holds another ``next``, so following these links from page
        to page never makes a longer address (a crawler once found 14,400 of them)."""
        if self.page is not None and "next" in self.page.query:
            return without_next(safe_path(self.request.GET.get("next"), self.home_path))
        return without_next(self.current_path)

    @cached_property
    def home_path(self) -> str:
        return self.locale.prefix or "/"

    @cached_property
    def canonical_url(self) -> str:
        """The page's own address in its locale."""
        return self.head_links(self._rest)["canonical"] if self.page else ""

    @cached_property
    def alternates(self) -> list:
        """(locale, address) of the page in every locale: its hreflang links."""
        return self.head_links(self._rest)["alternates"] if self.page else []

    def head_links(self, rest: str, *, only=None, canonical_locale=None) -> dict:
        """The head's canonical, hreflang and x-default links of the page whose path without a
        locale prefix is ``rest``: this page's own (``_rest``) unless its view names another
        (``canonical_path``: the one address of a list reachable by several, or of a hotel).
        The canonical is always one of the alternates, so what a page names as itself is what
        the sitemap lists and what its other languages point to.

        A page that exists in some locales only (an operator's text: ``content.selectors``)
        names those (``only``: locale codes) and, when it shows another locale's text, that
        text's address as canonical (``canonical_locale``); x-default is then English if the
        page has it, else none."""
        codes = LOCALES if only is None else [code for code in LOCALES if code in only]
        alternates = [(LOCALES[c], f"{self._origin}{LOCALES[c].prefix}{rest}") for c in codes]
        canonical = LOCALES.get(canonical_locale) or self.locale
        canonical_url = f"{self._origin}{canonical.prefix}{rest}"
        english = only is None or "en" in only
        return {
            "canonical": canonical_url,
            "alternates": alternates,
            "x_default": f"{self._origin}{rest}" if english else None,
        }

    # ----- who is looking -----

    @cached_property
    def session_user(self):
        return current_user(self.request)

    @cached_property
    def color_mode(self) -> str:
        """The remembered colour mode (the page's ``color_mode``, which a view may replace)."""
        return color_mode(self.request)

    @cached_property
    def next_color_mode(self) -> str:
        return next_color_mode(self.color_mode)

    @cached_property
    def color_mode_url(self) -> str:
        query = urlencode({"mode": self.next_color_mode, "next": self.back_path})
        return f"/preferences/color-mode?{query}"

    # ----- the brand -----

    @property
    def theme_color(self) -> str:
        return settings.BRAND_THEME_COLOR

    @cached_property
    def brand_name(self) -> str:
        return self.brand.text("name", self.locale.code)

    @cached_property
    def _host_brand(self) -> bool:
        """Whether the page draws the brand its host (and fid) serve, whose inline images
        /brand-images/ answers for; not a brand an operator previews in the admin."""
        return self.brand is getattr(self.request, "host_brand", None)

    def brand_image(self, value: str) -> str:
        """The address this page gives one of its brand's images: an inline one (a data URL
        from the provider) of the host's brand from /brand-images/ (brands/images.py), so the
        page carries a short address, not the image, each time it shows it; any other as
        ``brand_asset`` gives it."""
        if not self._host_brand:
            return brand_asset(value)
        return brand_images.page_url(value, fid=self.fid)

    @cached_property
    def brand_logo(self) -> dict:
        """The logo's addresses (light, dark) on this page (``brand_image``)."""
        logo = self.brand.logo_for(self.locale.code)
        return {mode: self.brand_image(url) for mode, url in logo.items()}

    @cached_property
    def brand_title(self) -> str:
        return self.brand.text("title", self.locale.code)

    @cached_property
    def brand_home_title(self) -> str:
        return self.brand.text("home_page_title", self.locale.code)

    @cached_property
    def brand_tokens(self) -> dict:
        return {"light": self.brand.css_tokens("light"), "dark": self.brand.css_tokens("dark")}

    @cached_property
    def analytics_config(self) -> dict:
        return {"ga4": self.brand.ga4, "gtm": self.brand.gtm}

    @cached_property
    def living_props(self) -> dict:
        """Read by static_src/living.js: its texts, and ``fidForUrl``, the fid cookie's value when
        the address has no ``fid`` and the page is drawn for that fid (the script adds it to the
        address, spec section 2). The server reads the cookie so that the script need not: a
        page's first ``document.cookie`` waits on the browser process, 12 ms of a phone's first
        script task here. The page cache keys on the fid cookie, so a kept page is right too."""
        props = {
            key: translate(f"living.{name}", self.locale.code)
            for key, name in (
                ("offline", "offline"),
                ("online", "online"),
                ("loadFailed", "load_failed"),
                ("closeNotification", "close_notification"),
            )
        }
        # Only the fid this page was drawn for: not one whose brand is unknown (its cookie is
        # being removed).
        fid = parse_fid(self.request.COOKIES.get(FID_COOKIE))
        in_address = "fid" in QueryDict(self._query)
        if fid and fid == self.fid and self.page is not None and not in_address:
            props["fidForUrl"] = str(fid)
        return props

    # ----- header, footer and banner -----

    @cached_property
    def header_nav(self) -> list:
        return selectors.header_nav(
            user=self.session_user, locale=self.locale.code, fid=self.fid, brand=self.brand
        )

    @cached_property
    def account_menu(self) -> list:
        page = self.page
        back_to = self.back_path if page and page.name not in ("login", "sso") else ""
        return selectors.account_menu(
            user=self.session_user, locale=self.locale.code, fid=self.fid, back_to=back_to
        )

    @cached_property
    def footer_sections(self) -> list:
        return selectors.footer_sections(
            brand=self.brand,
            user=self.session_user,
            locale=self.locale.code,
            country=self.visitor.country,
            fid=self.fid,
        )

    @cached_property
    def social_links(self) -> list:
        return selectors.social_links(brand=self.brand)

    @cached_property
    def legal_links(self) -> list:
        return selectors.legal_links(locale=self.locale.code, fid=self.fid)

    @cached_property
    def show_payments_line(self) -> bool:
        return selectors.shows_payments_line(country=self.visitor.country)

    @cached_property
    def show_promotion_banner(self) -> bool:
        return selectors.shows_promotion_banner(user=self.session_user, brand=self.brand)

    @cached_property
    def show_lead_popup(self) -> bool:
        return selectors.shows_lead_popup(user=self.session_user, page=self.page)

    @cached_property
    def show_menu_button(self) -> bool:
        return self.page.menu if self.page else True

    @cached_property
    def join_agent_url(self) -> str:
        return external_url("join_agent", self.locale.code, query={"ref": self.fid})

    @cached_property
    def powered_by_url(self) -> str:
        return external_url("powered_by")

    @property
    def powered_by_name(self) -> str:
        return settings.POWERED_BY_NAME

    @property
    def payments_entity(self) -> str:
        return settings.PAYMENTS_ENTITY

    @cached_property
    def home_url(self) -> str:
        return page_url("home", self.locale.code, fid=self.fid)

    @cached_property
    def year(self) -> int:
        return date.today().year

    # ----- the pickers -----
    # The long lists load with their dialogs (views.choices); without JavaScript the controls
    # link to pages that list them (choose-country, choose-currency, choose-language).

    @cached_property
    def country_list_url(self) -> str:
        return choices_url("countries", self.locale.code)

    @cached_property
    def currency_list_url(self) -> str:
        return choices_url("currencies", self.locale.code)

    @cached_property
    def language_list_url(self) -> str:
        return choices_url("languages", self.locale.code)

    @cached_property
    def language_next(self) -> str:
        """The page's path and query without the locale prefix: the language dialog puts each
        locale's prefix before it."""
        return self._rest + (f"?{self._query}" if self._query else "")

    @cached_property
    def current_country_name(self) -> str:
        country = self.visitor.country
        return country_name(country, self.locale.code) if country else ""

    @cached_property
    def choose_language_url(self) -> str:
        return page_url("choose-language", self.locale.code, query={"next": self.back_path})

    @cached_property
    def choose_country_url(self) -> str:
        return page_url("choose-country", self.locale.code, query={"next": self.back_path})

    @cached_property
    def choose_currency_url(self) -> str:
        return page_url("choose-currency", self.locale.code, query={"next": self.back_path})
