"""The operator's pages: terms, privacy, agents' terms, the app, and the sections the spec only
routes (flights, cars, packages, tickets). One view draws them all (``pages/content.html``);
the contact page adds its form (``storefront.support``) to the same text."""

from storefront.pages.views import render_page
from storefront.web.links import external_url
from storefront.web.session_user import current_user

from .models import SECTIONS
from .selectors import head_context, page_content

# The agent platform's sections (spec section 1): what an agent is offered on a section's page.
PLATFORM = (("flights", "nav.flights"), ("cars", "nav.cars"), ("tickets", "nav.tickets"))


def content_context(request, slug: str) -> dict:
    """The page's text (``content``), its title when the text is in the visitor's language
    (``content_heading``; else the page's title from the catalogs), and what its head says of
    its languages."""
    content = page_content(request, slug)
    heading = content.title if content is not None and not content.fallback else ""
    return {
        "content": content,
        "content_heading": heading,
        **head_context(content),
    }


def content_page(request, *, page_name, **params):
    context = content_context(request, page_name)
    user = current_user(request)
    if page_name in SECTIONS and user is not None and user.is_agent:
        context["platform_links"] = [
            (key, label, external_url(key), key == page_name) for key, label in PLATFORM
        ]
    return render_page(request, page_name=page_name, extra_context=context, **params)
