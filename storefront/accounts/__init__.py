"""Accounts: the session user and the roles that change the chrome (spec section 6)."""
