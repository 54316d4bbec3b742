"""Protections that every request shares: the visitor's address behind trusted proxies, login
throttles, response headers, and the deploy checks that refuse settings unsafe with several
processes."""
