"""White label: the brand a request is rendered with, and the hosts the storefront answers.

- ``brand.py``: the Brand value and ``Brand.layer`` (validating every field it takes).
- ``defaults.py``: the built-in default brand, the bottom layer.
- ``registry.py``: provider configs by (kind, key), cached stale-while-revalidate, and operator
  overrides (``models.BrandOverride``, edited in admin).
- ``selectors.py``: host rules (canonical, white-label suffix, custom) and the layered brand.
- ``middleware.py``: HostGuard and Brand (fid cookie, fallbacks, redirect without a bad fid).
"""
