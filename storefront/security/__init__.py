"""Protections that every request shares: the visitor's address behind trusted proxies
(``client_ip.py``), login throttles (``throttles.py``) and response headers."""
