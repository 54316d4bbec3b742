"""The two ways a lead arrives: ``POST /leads`` from the popup (JSON), and the no-JS page
``/become-an-agent`` (a form posted to itself).

``POST /leads`` answers, as the spec's section 8 wants the visitor told: 200 ``{"status":
"sent"}`` when the provider took it; 200 ``{"status": "queued"}`` when it could not now (the
popup shows the toast, then its sent state: the lead waits in the outbox and goes out later);
400 with ``errors`` (field -> messages) for what the visitor must change; 429 when throttled.
It takes JSON only, which a browser sends across sites only after a CORS preflight that we never
grant, and refuses a foreign ``Origin``: so it needs no CSRF token, and the popup works on pages
served from a shared cache, which carry none.
"""

import json
from urllib.parse import parse_qs, urlsplit

from django.http import HttpResponseRedirect, JsonResponse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from storefront.catalog.selectors import dial_choices, dial_options
from storefront.i18n.catalog import translate
from storefront.i18n.resolution import locale_from_path
from storefront.pages.views import render_page
from storefront.security.throttles import Throttled, ThrottleUnavailable, lead_attempt
from storefront.web.visitor import visitor_of

from . import services

MAX_BODY = 4_096
THROTTLED = "auth.throttled"


def _accept(request, data, *, page: str):
    """Throttle, check, keep and try to send: the outcome, or None when throttled."""
    try:
        lead_attempt(request=request, email=services.text(data, "email", 254))
    except (Throttled, ThrottleUnavailable):
        return None
    # The page the visitor was on: a page of this site (else its home), whose query may name
    # the referring agent and whose prefix is its language.
    parts = urlsplit(page)
    if parts.scheme not in ("http", "https") or parts.netloc != request.get_host():
        page = request.build_absolute_uri("/")
        parts = urlsplit(page)
    # ref and userid: the fid in the page's query (spec section 7), else the default 3.
    fid = parse_qs(parts.query).get("fid", [""])[0]
    return services.submit(
        data,
        # The page's language (its path's prefix): the popup posts to the one /leads of all.
        locale=locale_from_path(parts.path or "/")[0],
        url=page,
        title=services.text(data, "title", 200),
        fid=int(fid) if fid.isdigit() and len(fid) < 10 else None,
    )


def _foreign_origin(request) -> bool:
    """Whether a browser says the call comes from another site (no Origin: not a browser's
    cross-site call; "null": a sandboxed or file page)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    if origin == "null":
        return True
    return not url_has_allowed_host_and_scheme(
        origin + "/", allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )


@csrf_exempt
@require_POST
def send_lead(request):
    if request.content_type != "application/json":
        return JsonResponse({"message": "", "errors": {}}, status=415)
    if _foreign_origin(request):
        return JsonResponse({"message": "", "errors": {}}, status=403)
    if len(request.body) > MAX_BODY:
        return JsonResponse({"message": "", "errors": {}}, status=400)
    try:
        data = json.loads(request.body)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return JsonResponse({"message": "", "errors": {}}, status=400)
    page = services.text(data, "url", 1000) or request.headers.get("Referer") or ""
    outcome = _accept(request, data, page=page)
    if outcome is None:
        return JsonResponse({"message": THROTTLED, "errors": {}}, status=429)
    if outcome.errors:
        return JsonResponse({"message": "", "errors": outcome.errors}, status=400)
    return JsonResponse({"status": "queued" if outcome.failed else "sent"})


@require_http_methods(["GET", "HEAD", "POST"])
def lead_page(request, *, page_name):
    """``/become-an-agent``: the popup's form for visitors without JavaScript (or who closed
    it). A send redirects back with ``?sent=1`` (or ``?sent=queued``: the spec's failure
    notice, the lead kept) so a reload sends nothing again; errors come back under fields."""
    locale = request.locale.code
    values = {"name": "", "email": "", "phone": "", "country": _default_country(request)}
    context = {"lead_values": values, "lead_errors": {}, "lead_notice": None}
    status = 200
    if request.method == "POST":
        values.update({k: str(request.POST.get(k) or "")[:254] for k in values})
        dial = next((d for c, _n, d in dial_choices(locale) if c == values["country"].upper()), "")
        data = {**request.POST.dict(), "calling_code": dial}
        outcome = _accept(request, data, page=request.build_absolute_uri())
        if outcome is None:
            context["lead_notice"] = THROTTLED
            status = 429
        elif outcome.errors:
            # Ours are catalog keys; the provider's words pass through as they are.
            context["lead_errors"] = {k: translate(v[0], locale) for k, v in outcome.errors.items()}
            status = 400
        else:
            target = request.get_full_path().split("?")[0]
            fid = request.GET.get("fid")
            query = f"?sent={'queued' if outcome.failed else '1'}" + (
                f"&fid={fid}" if fid and fid.isdigit() else ""
            )
            if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
                target = "/"
            return HttpResponseRedirect(target + query, status=303)
    context["lead_sent"] = request.GET.get("sent") in ("1", "queued")
    context["lead_failed"] = request.GET.get("sent") == "queued"
    context["lead_key"] = services.new_key()
    context["dial_options"] = dial_options(locale)
    response = render_page(request, page_name=page_name, extra_context=context)
    response.status_code = status
    return response


def _default_country(request) -> str:
    country = (visitor_of(request).country or "").upper()
    return country if len(country) == 2 else "US"
