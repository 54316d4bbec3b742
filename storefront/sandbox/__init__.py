"""The sandbox: a complete local implementation of the provider's API (spec section 7).

It is the default upstream, so the storefront runs end to end with no network. It is a separate
WSGI application (``server.py``) with its own URLconf and none of the storefront's middleware,
served by ``manage.py sandbox`` (``make run`` starts it beside the storefront) and by the test
suite as a live server. Its data lives in the same database, in ``sandbox_*`` tables: accounts,
provider brands, leads and provider sessions. ``manage.py demo_data`` loads the demo rows.
"""
