"""Headers on every response: ``Permissions-Policy`` and ``Cross-Origin-Resource-Policy``.

``SecurityHeadersMiddleware`` sits right after Django's SecurityMiddleware and before WhiteNoise,
so pages, error pages, static files and HostGuard's 400/503 all pass through it. A header a view
has already set is kept.

Permissions-Policy denies the powerful features the product does not use; geolocation and
payment stay open to our own pages only (a "near me" search, a payment page). Only names
Chromium knows are listed, as it logs a console error on every page for any other:
``bluetooth``, ``battery``, ``ambient-light-sensor`` and ``document-domain`` are such names
(Chromium 156; no browser lets a page use Web Bluetooth through this header yet).
``interest-cohort`` (FLoC, gone) is still accepted silently, ``browsing-topics`` replaces it.

Cross-Origin-Resource-Policy ``same-origin``: no other site may load our responses (scripts,
images, JSON) as its subresources.
"""

PERMISSIONS_POLICY = ", ".join(
    [
        "accelerometer=()",
        "browsing-topics=()",
        "camera=()",
        "clipboard-read=()",
        "display-capture=()",
        "geolocation=(self)",
        "gyroscope=()",
        "hid=()",
        "idle-detection=()",
        "interest-cohort=()",
        "local-fonts=()",
        "magnetometer=()",
        "microphone=()",
        "midi=()",
        "payment=(self)",
        "screen-wake-lock=()",
        "serial=()",
        "usb=()",
        "window-management=()",
        "xr-spatial-tracking=()",
    ]
)
CROSS_ORIGIN_RESOURCE_POLICY = "same-origin"


class SecurityHeadersMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers.setdefault("Permissions-Policy", PERMISSIONS_POLICY)
        response.headers.setdefault("Cross-Origin-Resource-Policy", CROSS_ORIGIN_RESOURCE_POLICY)
        return response
