"""White label: the brand a request is rendered with, and the hosts the storefront answers.

A brand is the white-label configuration of spec section 3. Today only the built-in default
brand exists (``defaults.py``); resolution by host and fid through the provider, operator
overrides and caching arrive with the brands issue and plug into ``selectors.brand_for_request``.
"""
