"""WSGI entry point: ``gunicorn storefront.wsgi`` or any WSGI server."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "storefront.settings")
application = get_wsgi_application()
