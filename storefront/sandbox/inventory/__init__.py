"""The provider's inventory (docs/provider-inventory-api.md): places, hotels, photos, rates.

Generated in memory on first use, deterministically, and never stored: nothing here touches the
database. ``geo`` holds the world as tables, ``places``/``hotels``/``store`` build it, ``search``
answers autocomplete, ``rates``/``fx`` price stays, ``photos`` draws pictures, ``api`` and
``views`` give it the contract's shapes. The storefront may import ``codes`` (it imports nothing)
and nothing else from here.
"""
