"""The login form's fields, as the no-JS form and the header's modal post them (one place to
spell them: storefront/accounts/views.py reads ``action`` and ``mode``)."""

from storefront.sandbox.demo import DEMO_PASSWORD


def login_form(email: str, password: str = DEMO_PASSWORD, **fields) -> dict:
    """``fields``: ``next``, ``csrfmiddlewaretoken``..."""
    return {"action": "login", "mode": "login", "email": email, "password": password, **fields}
