"""Reading islands out of rendered HTML: which islands a page has, and their props."""

import html as entities
import json
import re


def islands(html):
    """(tag, name, props id) of every ``{% island %}`` in ``html``."""
    return re.findall(r'<(\w+) data-island="(\w+)" data-props="([\w-]+)"[^>]*>', html)


def props_by_id(html, props_id):
    match = re.search(
        rf'<script id="{props_id}" type="application/json">(.*?)</script>', html, re.S
    )
    return json.loads(match.group(1))


def island_props(html, name, *, every=False):
    """The props of the page's island ``name`` (its first one; ``every``: a list of all), as
    static_src/main.js reads them: its props block, with its own (``data-own``) over them."""
    found = [
        {**props_by_id(html, pid), **json.loads(entities.unescape(own or "{}"))}
        for island, pid, own in re.findall(
            r'<\w+ data-island="(\w+)" data-props="([\w-]+)"(?: data-own="([^"]*)")?', html
        )
        if island == name
    ]
    return found if every else found[0]
