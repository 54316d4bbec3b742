"""``GET /health``: the load balancer's question, answered before anything else runs.

First in ``MIDDLEWARE``: no cache, database, provider or session is touched, so a frozen Redis,
a slow provider or a full database pool never makes a healthy process look dead (and a
process that can answer this can answer pages: each of those costs a page a bounded wait, never
a stall). Any other path goes on down the chain.
"""

from django.http import HttpResponse

PATH = "/health"


class HealthMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path == PATH and request.method in ("GET", "HEAD"):
            response = HttpResponse("ok", content_type="text/plain")
            response["Cache-Control"] = "no-store"
            return response
        return self.get_response(request)
