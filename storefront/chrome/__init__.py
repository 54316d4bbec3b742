"""The shared chrome of every page: header, footer, banner, pickers and remembered choices.

``selectors.py`` decides which links a visitor sees (by role, locale, country and brand);
``context_processors.chrome`` hands the result to the templates in ``templates/includes/``.
"""
