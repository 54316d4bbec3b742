"""The islands' props builders, each registered by the app whose island it is.

An app's ``islands.py`` registers a builder for each island it owns::

    @register("Gallery")
    def gallery_props(visitor: Visitor, gallery: GalleryView) -> dict: ...

``IslandsConfig.ready`` imports every installed app's ``islands`` module (Django's
``autodiscover_modules``), so the registry is full before the first page renders; this package
imports no app (an import-linter contract), the apps import it.

A builder gets the page's visitor (``web.visitor.Visitor``) and what the template hands to
``island()`` after the island's name: ``island("Gallery", gallery)`` calls
``gallery_props(visitor, gallery)``, and keywords other than ``island()``'s own (``tag``,
``load``, ``zone``, ``stored``) go to the builder too (``island("Header", chrome, nav=True)``).
It returns JSON-ready data. Labels travel as catalog keys: the islands translate them with
i18next from the page's one catalog, except that an island mounted before the visitor acts may
get its first render's messages resolved by the server (``words``, built with
``words.first_words``, read by static_src/words.js), so that i18next and the catalog load only
with what opens later. Each island module exports ``checkProps``, which static_src/mount.js runs
before mounting: props that differ leave the server's fallback markup in place, and one console
error names the island and fields.
"""

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import autodiscover_modules

# Island name -> its builder; the names are static_src/islands/registry.js's.
BUILDERS: dict[str, Callable[..., dict]] = {}


def register(name: str):
    """``@register("Name")``: the decorated function builds the props of island ``name``."""

    def add(builder):
        if BUILDERS.setdefault(name, builder) is not builder:
            raise ImproperlyConfigured(
                f"island {name}: built by {BUILDERS[name].__module__}.{BUILDERS[name].__name__}"
                f" already, not also by {builder.__module__}.{builder.__name__}"
            )
        return builder

    return add


def build(name: str, visitor, *values, **params) -> dict:
    """The props of island ``name`` for ``visitor``, from what its template hands over."""
    try:
        builder = BUILDERS[name]
    except KeyError:
        raise LookupError(
            f"island {name}: no props builder; an app's islands.py registers one with"
            f' @register("{name}")'
        ) from None
    return builder(visitor, *values, **params)


def autodiscover() -> None:
    """Import every installed app's ``islands`` module, where it registers its builders."""
    autodiscover_modules("islands")
