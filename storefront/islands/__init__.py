"""Islands: ``island()`` for templates (``templating.py``) and the esbuild manifest.

A template writes ``{% call island("Header") %}fallback{% endcall %}``: a ``<div data-island>``
holding the server-rendered fallback (works with no JavaScript) and the island's props in a JSON
script element (``props_script``: escaped as Django's ``json_script``, written faster). Props
are built in Python, one function per island, in ``props.py``.
``static_src/main.js`` mounts the islands a page has; ``static_src/islands/registry.js`` maps names
to lazy imports. ``island_assets()`` emits the stylesheet and the module script (from our
origin: the policy has no nonce).
"""
