"""The one view behind every registered page, plus robots.txt."""

from django.http import HttpResponse
from django.template.loader import select_template
from django.template.response import TemplateResponse
from django.urls import reverse
from django.views.decorators.http import require_GET

from storefront.brands.brand import widget_tokens
from storefront.chrome.selectors import city_cards

from .routes import PAGES_BY_NAME


def _home_context(request):
    return {"home_destinations": city_cards(locale=request.locale.code)}


def _widget_context(request):
    return {"widget_tokens": widget_tokens(request.GET)}


# Context that only one page needs, by page name.
PAGE_CONTEXT = {"home": _home_context, "widgets-search": _widget_context}


def render_page(request, *, page_name, **params):
    """Render a registered page in its layout. Route parameters arrive already validated."""
    page = PAGES_BY_NAME[page_name]
    request.page = page
    template = select_template([page.template, "pages/generic.html"])
    context = {"page": page, "params": params, "layout_template": f"layouts/{page.layout}.html"}
    if page.name in PAGE_CONTEXT:
        context.update(PAGE_CONTEXT[page.name](request))
    response = TemplateResponse(request, template, context)
    response.is_page = True
    return response


@require_GET
def robots_txt(request):
    lines = [
        "User-agent: *",
        "Disallow: /account/",
        "Disallow: /dashboard/",
        "Disallow: /pay",
        "Disallow: /transaction/",
        "Allow: /",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain")
