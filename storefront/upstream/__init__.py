"""The one client for the provider's API (spec section 7; DESIGN section 6)."""
