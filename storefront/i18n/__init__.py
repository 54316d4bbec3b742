"""Locales: the locale table, locale resolution for each request, and the JSON catalogs.

``locales/{code}.json`` is the only catalog of UI strings. Templates read it through the ``t``
filter (``templating.py``) and the islands read the same file through i18next.
"""
