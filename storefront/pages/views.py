"""The one view behind every registered page, plus robots.txt."""

from functools import lru_cache
from urllib.parse import parse_qsl, urlencode, urlsplit

from csp.constants import NONE
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.template.loader import select_template
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from storefront.brands.selectors import link_origin
from storefront.brands.widget import widget_context
from storefront.catalog.selectors import country_choices, currency_choices
from storefront.chrome.selectors import city_cards
from storefront.i18n.locales import LOCALES
from storefront.i18n.resolution import locale_from_path
from storefront.serving import page_cache
from storefront.web.links import page_url, safe_path
from storefront.web.session_user import current_user

from .routes import PAGES, PAGES_BY_NAME


def _home_context(request):
    return {"home_destinations": city_cards(locale=request.locale.code, fid=request.fid)}


def _widget_context(request):
    return widget_context(
        brand=request.brand,
        host=request.get_host(),
        locale=request.locale.code,
        fid=request.visitor.fid,
        query=request.GET,
    )


def _transaction_context(request):
    # No booking exists yet that a success page could confirm: until payments are built, the
    # success addresses say only what we know (nothing yet) and where a confirmation would go.
    return {"outcome": "unknown" if request.page.name.endswith("success") else "error"}


def _next_parts(request) -> tuple[str, str, list[tuple[str, str]]]:
    """The page to go back to (``next``, a path on this host): itself, its path, its query."""
    target = safe_path(request.GET.get("next"))
    parts = urlsplit(target)
    return target, parts.path, parse_qsl(parts.query, keep_blank_values=True)


def _choose_country_context(request):
    """The footer's country control without JavaScript: every country, by continent, in a
    select that sends ``country`` to the page the visitor came from (its query kept)."""
    target, path, query = _next_parts(request)
    return {
        "next_url": target,
        "next_path": path,
        "next_query": [(k, v) for k, v in query if k != "country"],
        "country_choices": country_choices(request.locale.code),
    }


def _choose_currency_context(request):
    """The header's currency control without JavaScript: the currencies and the price display,
    sent to ``/preferences/currency``, which goes back to ``next``."""
    target, _path, _query = _next_parts(request)
    return {"next_url": target, "currency_choices": currency_choices(request.locale.code)}


def _choose_language_context(request):
    """The header's language control without JavaScript: every locale by its own name, each a
    link to the page the visitor came from (``next``, its query kept) in that locale, through
    ``/preferences/language``, which remembers the choice."""
    target, path, _query = _next_parts(request)
    _code, rest = locale_from_path(path)
    query = urlsplit(target).query
    endpoint = reverse("set-language")
    return {
        "language_links": [
            (
                loc,
                f"{endpoint}?"
                + urlencode(
                    {
                        "locale": loc.code,
                        "next": f"{loc.prefix}{rest}" + (f"?{query}" if query else ""),
                    }
                ),
            )
            for loc in LOCALES.values()
        ]
    }


# Context that only some pages need, by page name.
PAGE_CONTEXT = {
    "home": _home_context,
    "widgets-search": _widget_context,
    "choose-country": _choose_country_context,
    "choose-currency": _choose_currency_context,
    "choose-language": _choose_language_context,
    **{name: _transaction_context for name in PAGES_BY_NAME if name.startswith("transaction-")},
}


def _allow_framing(response, *, origins) -> None:
    """The search widget may be framed by the origins its brand allows, and by no one else."""
    if origins:
        response.xframe_options_exempt = True
    response._csp_replace = {"frame-ancestors": list(origins) or [NONE]}


@lru_cache(maxsize=256)
def _kept_template(name: str):
    return select_template([name, "pages/generic.html"])


def _page_template(name: str):
    """The page's template, else the generic one; kept once found (the engine keeps every
    template loaded, and Django's loader asks each engine in turn on every call), except in
    development, where a template edited is read again."""
    if settings.DEBUG:
        return select_template([name, "pages/generic.html"])
    return _kept_template(name)


def render_page(request, *, page_name, extra_context=None, public=True, **params):
    """Render a registered page in its layout. Route parameters arrive already validated;
    pages with an access rule send anonymous visitors to log in (and back), others get 403.
    A page's own view (the registry's ``view=``) passes what it found as ``extra_context``, and
    ``public=False`` when this answer must not be kept (the provider failed to price a stay).

    An indexable page without an access rule is public: the page cache may keep it for
    anonymous visitors (``storefront/serving/page_cache.py`` says when it does)."""
    page = PAGES_BY_NAME[page_name]
    request.page = page
    if page.access:
        user = current_user(request)
        if user is None:
            query = {"next": request.get_full_path()}
            return HttpResponseRedirect(page_url("login", request.locale.code, query=query))
        if page.access == "bookings" and not (user.is_agent or "reservations" in user.actions):
            raise PermissionDenied
        if page.access == "vouchers" and "vouchers" not in user.options:
            raise PermissionDenied  # the menu shows My Vouchers only with options.vouchers
    template = _page_template(page.template)
    context = {"page": page, "params": params, "layout_template": f"layouts/{page.layout}.html"}
    if page.name in PAGE_CONTEXT:
        context.update(PAGE_CONTEXT[page.name](request))
    context.update(extra_context or {})
    response = TemplateResponse(request, template, context)
    # Pages follow the visitor's cookies (theme, currency, country): never share across visitors.
    patch_vary_headers(response, ("Cookie",))
    if settings.GEO_COUNTRY_HEADER:  # the country, and so the default currency, may come from it
        patch_vary_headers(response, (settings.GEO_COUNTRY_HEADER,))
    if page.layout == "widget":
        _allow_framing(response, origins=request.brand.frame_ancestors)
    response.is_page = True
    if public and page.indexable and not page.access:
        page_cache.public(response)
    return response


@require_GET
def robots_txt(request):
    """Disallows the registry's non-indexable pages, unprefixed and under any locale prefix, and
    names the sitemap under the host's link origin (SITE_ORIGIN on a canonical host)."""
    private = sorted(
        {
            "/" + pattern.split("<")[0].rstrip("/")
            for page in PAGES
            if not page.indexable
            for pattern in page.paths
        }
    )
    lines = ["User-agent: *"]
    for path in private:
        # The page itself (`$`: that address exactly) and what lies below it (`/`): never every
        # address that merely starts with the same letters (/pay must not block /paya-beach).
        for locale_part in ("", "/*"):
            lines += [f"Disallow: {locale_part}{path}$", f"Disallow: {locale_part}{path}/"]
    origin = link_origin(host=request.get_host())
    lines += ["Allow: /", f"Sitemap: {origin}{reverse('sitemap')}"]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
