"""A request body over the upload limit is answered 413 and never kills the connection.

Django refuses to read a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (2.5 MB) when a view asks for
it, and left the unread bytes in the connection: the production server then dropped the
kept-alive connection, so the visitor's next request on it failed. Here, before any view, such
a body is read and thrown away (up to ``UPLOAD_DRAIN_MAX_BYTES``, so the connection stays in
step and can carry the next request) and answered 413; a body larger than that is not worth
reading, and its 413 says ``Connection: close``.
"""

from django.conf import settings
from django.http import HttpResponse

CHUNK = 64 * 1024
TOO_LARGE = "Request body too large."


class BodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if limit is None or length <= limit:
            return self.get_response(request)
        response = HttpResponse(TOO_LARGE, status=413, content_type="text/plain")
        if length <= settings.UPLOAD_DRAIN_MAX_BYTES:
            left = length
            while left > 0:
                chunk = request.read(min(CHUNK, left))
                if not chunk:
                    break
                left -= len(chunk)
        else:
            response["Connection"] = "close"
        return response
