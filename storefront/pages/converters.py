"""Path converters: route parameter validation (DESIGN section 3). No match means the 404 page.

``kebab`` slugs ``[a-z0-9]+(-[a-z0-9]+)*``; ``country`` the same minus the static words under
``/hotels/``; ``posint`` positive integers; Django's ``uuid`` canonical lower-case UUIDs.
"""

from django.urls import register_converter

# Namespaces under /hotels/ that are never a {countrySlug}. (/hotels/search and /hotels/israel
# win because static rows come first; /hotels/israel/eilat is still the country-city page.)
RESERVED_HOTEL_SEGMENTS = frozenset({"destination", "place", "places"})


class SlugConverter:
    regex = r"[a-z0-9]+(?:-[a-z0-9]+)*"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class CountrySlugConverter(SlugConverter):
    """A slug that is not one of the static words under ``/hotels/``."""

    regex = (
        r"(?!(?:" + "|".join(sorted(RESERVED_HOTEL_SEGMENTS)) + r")(?:/|\Z))" + SlugConverter.regex
    )


class PositiveIntConverter:
    regex = r"[1-9][0-9]{0,17}"

    def to_python(self, value):
        return int(value)

    def to_url(self, value):
        return str(value)


# Django's own "uuid" converter already accepts only canonical lower-case UUIDs.
register_converter(SlugConverter, "kebab")
register_converter(CountrySlugConverter, "country")
register_converter(PositiveIntConverter, "posint")
