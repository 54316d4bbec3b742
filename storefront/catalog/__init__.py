"""Countries and currencies (names from CLDR through Babel) and locale-aware formatting."""
