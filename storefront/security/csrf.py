"""``GET /session/csrf``: the CSRF token for a script about to POST.

Pages carry no token (an anonymous page may be served from a shared cache, and a secret next to
reflected input in a compressed page is what BREACH probes): the islands read the ``csrftoken``
cookie, or, when it is not set yet, ask here once; the answer sets the cookie too and is never
stored by any cache. Pages whose own form posts without JavaScript (``/login``,
``/become-an-agent``, a logged-in traveller's forms) still embed Django's masked token.
"""

from django.http import JsonResponse
from django.middleware.csrf import get_token
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET


@require_GET
@never_cache
def csrf_token(request):
    return JsonResponse({"token": get_token(request)})
