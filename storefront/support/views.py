"""``/contact-support``: the contact form, a plain HTML form posted to itself (no JavaScript).

A send redirects to ``?sent=1`` (POST-redirect-GET: a reload sends nothing again), which says
the message was received, whether it went out at once or waits in the outbox; errors come back
under their fields with what was typed, and an error summary links each to its field; too many
sends answer 429 with the form kept.

Caching: the page stays indexable (in the sitemap, no ``noindex``), but the form page is never
kept or shared: it carries a CSRF token and a form key made for this visitor, so a kept copy
would hand one visitor's token and key to the next (the key would fold their messages into
one). It is rendered for each visit and says ``Cache-Control: private``. The confirmation
(``?sent=1``) has neither and is public like any page.
"""

from babel.numbers import format_decimal
from django.http import HttpResponseRedirect
from django.utils.cache import patch_cache_control
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from storefront.content.selectors import page_content
from storefront.i18n.catalog import translate
from storefront.pages.views import render_page
from storefront.security.throttles import Throttled, ThrottleUnavailable, contact_attempt

from . import services
from .models import ContactMessage

FIELDS = ("name", "email", "reference", "topic", "message")


def _throttle(request):
    def over_limit(email: str) -> bool:
        try:
            contact_attempt(request=request, email=email)
        except (Throttled, ThrottleUnavailable):
            return True
        return False

    return over_limit


def _messages(errors: dict[str, list[str]], locale) -> dict[str, str]:
    """Each field's first error in the visitor's language (ours are catalog keys; the
    provider's words pass through as they are), in the form's order."""
    limit = format_decimal(ContactMessage.MESSAGE_LIMIT, locale=locale.babel)
    found = {k: translate(v[0], locale.code, limit=limit) for k, v in errors.items() if v}
    return {k: found[k] for k in (*FIELDS, *found) if k in found}


@require_http_methods(["GET", "HEAD", "POST"])
def contact_page(request, *, page_name):
    locale = request.locale
    values = dict.fromkeys(FIELDS, "")
    context = {"contact_values": values, "contact_errors": {}, "contact_notice": None}
    status = 200
    if request.method == "POST":
        values.update({k: str(request.POST.get(k) or "")[:6000] for k in FIELDS})
        outcome = services.submit(
            request.POST,
            locale=locale.code,
            url=request.build_absolute_uri(request.path),
            fid=request.fid if isinstance(getattr(request, "fid", None), int) else None,
            throttle=_throttle(request),
        )
        if outcome.throttled:
            context["contact_notice"] = services.THROTTLED
            status = 429
        elif outcome.errors:
            context["contact_errors"] = _messages(outcome.errors, locale)
            status = 400
        else:
            target = request.path
            if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
                target = "/"
            fid = request.GET.get("fid")
            query = "?sent=1" + (f"&fid={fid}" if fid and fid.isdigit() else "")
            return HttpResponseRedirect(target + query, status=303)
    sent = request.method != "POST" and request.GET.get("sent") == "1"
    context["contact_sent"] = sent
    # The operator's text above the form (admin → content pages, "contact-support"), if any;
    # the confirmation has no form for it to introduce. Not the content pages' head_context: the
    # form reads in all 39 locales, so the page keeps every alternate and stays indexed whether
    # or not the operator wrote a text.
    context["content"] = None if sent else page_content(request, "contact-support")
    context["contact_key"] = services.new_key()
    context["contact_path"] = request.path
    # Posted to this address without its fragment: after a summary link (#contact-name) the
    # confirmation's address would otherwise carry it on.
    context["contact_action"] = request.get_full_path()
    context["contact_limit"] = format_decimal(ContactMessage.MESSAGE_LIMIT, locale=locale.babel)
    context["contact_topics"] = [
        (value, f"support.topics.{value}") for value, _label in ContactMessage.TOPICS
    ]
    response = render_page(request, page_name=page_name, extra_context=context, public=sent)
    response.status_code = status
    if not sent:
        patch_cache_control(response, private=True)
    return response
