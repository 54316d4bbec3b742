"""``POST /leads``: the lead popup's (JSON) and the no-JS form's (form-encoded) send.

Answers, as the spec's section 8 wants the visitor told: 200 ``{"status": "sent"}`` when the
provider took it; 200 ``{"status": "queued"}`` when it could not now (the popup shows the
toast, then its sent state: the lead waits in the outbox and goes out later); 400 with
``errors`` (field -> messages) for what the visitor must change; 429 when throttled.
"""

import json
from urllib.parse import parse_qs, urlsplit

from django.http import JsonResponse
from django.views.decorators.http import require_POST

from storefront.security.throttles import Throttled, ThrottleUnavailable, lead_attempt

from . import services

MAX_BODY = 4_096


@require_POST
def send_lead(request):
    if len(request.body) > MAX_BODY:
        return JsonResponse({"message": "", "errors": {}}, status=400)
    if request.content_type == "application/json":
        try:
            data = json.loads(request.body)
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return JsonResponse({"message": "", "errors": {}}, status=400)
    else:
        data = request.POST
    try:
        lead_attempt(request=request, email=str(data.get("email") or ""))
    except (Throttled, ThrottleUnavailable):
        return JsonResponse({"message": "auth.throttled", "errors": {}}, status=429)
    page = str(data.get("url") or request.headers.get("Referer") or "")
    if not page.startswith(("http://", "https://")):
        page = request.build_absolute_uri("/")
    # ref and userid: the fid in the page's query (spec section 7), else the default 3.
    fid = parse_qs(urlsplit(page).query).get("fid", [""])[0]
    outcome = services.submit(
        data,
        locale=request.locale.code,
        url=page,
        title=str(data.get("title") or ""),
        fid=int(fid) if fid.isdigit() and len(fid) < 10 else None,
    )
    if outcome.errors:
        return JsonResponse({"message": "", "errors": outcome.errors}, status=400)
    return JsonResponse({"status": "queued" if outcome.failed else "sent"})
