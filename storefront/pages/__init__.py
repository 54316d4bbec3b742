"""Pages: the route registry (``routes.py``) and the view that renders a registered page."""
