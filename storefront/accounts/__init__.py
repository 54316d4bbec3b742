"""Accounts: log in, register and log out through the provider, and keep the session user
current (spec sections 4 and 6). The user type and its roles live in
``storefront.web.session_user``."""
