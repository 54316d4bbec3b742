"""Leaf helpers that pages, accounts and chrome all need, so that they never need each other:
URL building and safe redirects (``links.py``) and the session user type (``session_user.py``).
Nothing here imports those apps; ``tests/test_architecture.py`` keeps it so (import-linter)."""
