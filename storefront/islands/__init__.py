"""Islands: the props builders' registry (``registry.py``), ``island()`` for templates
(``templating.py``), an island's first words (``words.py``) and the esbuild manifest.

A template writes ``{% call island("Gallery", gallery) %}fallback{% endcall %}``: a
``<div data-island>`` holding the server-rendered fallback (works with no JavaScript) and the
island's props in a JSON script element (``props_script``: escaped as Django's ``json_script``,
written faster). Props are built in Python by the app the island belongs to, one function per
island registered in its ``islands.py`` (``@register("Gallery")``), from the page's visitor and
the values the template passes. This package imports no app.
``static_src/main.js`` mounts the islands a page has; ``static_src/islands/registry.js`` maps names
to lazy imports. ``island_assets()`` emits the stylesheet and the module script (from our
origin: the policy has no nonce).
"""
