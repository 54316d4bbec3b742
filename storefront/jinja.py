"""The template engine of every page: Jinja2 through Django's backend (``settings.TEMPLATES``).

Templates in ``templates/`` are Jinja2; only the admin's own pages (and the one of ours that
extends them, ``storefront/brands/templates/admin/``) use Django's engine. Jinja2 compiles a
template to Python, so a results page of twenty cards renders in about half the time Django's
engine took walking its 1,700 nodes (README, "How far one machine goes").

What templates call, each from the app that owns it:

- ``"key"|t(name=value)`` and ``t_lead("key")``: the catalogs (``storefront.i18n.templating``;
  ``t`` is a filter because Jinja2 calls a filter directly and a global through the context,
  a microsecond more each, four hundred times a results page); ``code|lang_attr``: the ``lang``
  attribute of a provider's text in another language than the page's (the same module);
- ``{% call island("Name", value, load=...) %}fallback{% endcall %}``, ``island_assets()`` and
  ``module_script("widget.js")`` (``storefront.islands.templating``; the props builders are the
  apps' own, registered in their ``islands.py``);
- ``{% call inline_style() %}...{% endcall %}``: a style block admitted by its hash
  (``storefront.security.templating``);
- ``search_form_values()``: what the search form shows, and ``search_summary()``: the line a
  phone shows in its place (``storefront.search.templating``), and ``favorite_toggle(hotel)``:
  a hotel's heart, and ``star_rating(stars)``: its stars (``storefront.hotels.templating``);
- ``icon("name")``: an SVG of ``templates/includes/icons/``, inline (``storefront.web.icons``);
- ``url("name", *args)``, ``static("path")`` (``links.static_url``) and ``csrf_input`` (the
  backend's), as in Django;
- the filters ``brand_asset`` and ``builtin_asset`` (``storefront.brands.templating``),
  ``get_item``, and Django's ``add``, ``date``, ``default``, ``default_if_none``,
  ``json_script``, ``slice``, ``truncatechars``, ``urlencode`` and ``yesno``, which keep
  their Django meaning (``default`` replaces any false value; ``slice("2")`` is ``[:2]``).

``Jinja2`` is the backend of ``settings.TEMPLATES``: Django's, except that the values a view hands
to its template win over the context processors' (``chrome``: the page's ``chrome``, whose
values the layouts read as ``chrome.header_nav``..., and ``locale``, ``brand``, ``page``,
``visitor`` and ``color_mode``), as in Django's own engine; Django's Jinja2 backend lets the
processors win.

A name a template does not get prints as nothing, and so does any attribute of it
(``ChainableUndefined``), as it did in Django's engine.
"""

from django.template import defaultfilters
from django.template.backends import jinja2 as django_jinja2
from django.template.backends.utils import csrf_input_lazy, csrf_token_lazy
from django.urls import reverse
from jinja2 import ChainableUndefined, Environment
from jinja2 import Template as JinjaTemplate

from storefront.brands.templating import brand_asset, builtin_asset
from storefront.catalog.templating import listed
from storefront.hotels.templating import favorite_toggle, star_rating
from storefront.i18n.templating import lang_attr, t, t_lead
from storefront.islands.templating import island, island_assets, module_script
from storefront.search.templating import search_form_values, search_summary
from storefront.security.templating import inline_style
from storefront.web.html import escape_text
from storefront.web.icons import icon
from storefront.web.links import static_url


def url(name: str, *args, **kwargs) -> str:
    return reverse(name, args=args or None, kwargs=kwargs or None)


def get_item(mapping, key):
    """``errors|get_item(name)``: a dict lookup by a variable key (None when absent)."""
    return mapping.get(key) if hasattr(mapping, "get") else None


class StorefrontTemplate(JinjaTemplate):
    @classmethod
    def _from_namespace(cls, environment, namespace, globals):
        # The compiled template's functions look ``escape`` up in its namespace when they run:
        # what a template prints ({{ }}) is escaped as plain text, not a new Markup per value
        # (a results page prints two thousand); a macro's or a set block's output is joined
        # and made Markup by Jinja2 itself.
        namespace["escape"] = escape_text
        return super()._from_namespace(environment, namespace, globals)


class StorefrontEnvironment(Environment):
    template_class = StorefrontTemplate

    def getattr(self, obj, attribute):
        """``card.hotel`` on a dict reads its key first, as Django's engine did: the views hand
        templates plain dicts (twenty cards, their hotels and offers), and Jinja2 would try the
        attribute first and raise, for every one of a results page's thousand lookups."""
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)

    def make_globals(self, d):
        """A template's globals as one plain dict, not Jinja2's ``ChainMap`` over the
        environment's: every include makes a context that copies the keys of its globals, and
        walking a ``ChainMap`` for them was a fortieth of a results page's render. The
        environment's globals are set once, before any template loads (``environment``)."""
        return {**self.globals, **(d or {})}


def environment(**options) -> Environment:
    # Django's backend passes Undefined (DebugUndefined with DEBUG), which raises on an
    # attribute of a missing name (and prints "{{ name }}" in development): Django's engine
    # printed nothing for either.
    options["undefined"] = ChainableUndefined
    # Django's engine kept a template's last newline; so does this one (the same bytes).
    # Every template stays loaded (a plain dict: the LRU cache's bookkeeping on each of a page's
    # seventy includes cost more than the lookup; there are fifty templates).
    options.setdefault("cache_size", -1)
    env = StorefrontEnvironment(keep_trailing_newline=True, **options)
    env.globals.update(
        t_lead=t_lead,
        island=island,
        island_assets=island_assets,
        module_script=module_script,
        inline_style=inline_style,
        search_form_values=search_form_values,
        search_summary=search_summary,
        favorite_toggle=favorite_toggle,
        star_rating=star_rating,
        icon=icon,
        url=url,
        static=static_url,
    )
    env.filters.update(
        t=t,
        lang_attr=lang_attr,
        brand_asset=brand_asset,
        builtin_asset=builtin_asset,
        get_item=get_item,
        listed=listed,
        add=defaultfilters.add,
        date=defaultfilters.date,
        default=defaultfilters.default,
        default_if_none=defaultfilters.default_if_none,
        json_script=defaultfilters.json_script,
        slice=defaultfilters.slice_filter,
        truncatechars=defaultfilters.truncatechars,
        urlencode=defaultfilters.urlencode,
        yesno=defaultfilters.yesno,
    )
    return env


class Jinja2(django_jinja2.Jinja2):
    def from_string(self, template_code):
        return Template(super().from_string(template_code).template, self)

    def get_template(self, template_name):
        return Template(super().get_template(template_name).template, self)


class Template(django_jinja2.Template):
    def render(self, context=None, request=None):
        if request is None:
            return super().render(context)
        values = {}
        for processor in self.backend.template_context_processors:
            values.update(processor(request))
        values.update(context or {})
        values.update(
            request=request,
            csrf_input=csrf_input_lazy(request),
            csrf_token=csrf_token_lazy(request),
        )
        return super().render(values)
