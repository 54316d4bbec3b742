"""The shared chrome of every page: header, footer, banner, pickers and remembered choices.

``selectors.py`` decides which links a visitor sees (by role, locale, country and brand);
``layout.Chrome`` computes, when a template first asks, what the layouts and the includes of
``templates/includes/`` show (``chrome.header_nav``, ``chrome.brand_name``, ...), and
``context_processors.chrome`` puts it in every page's context; ``islands.py`` builds the
Header's, CountryPicker's and UnitToggle's props from it.
"""
