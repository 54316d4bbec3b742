"""How long what a page shows stays true, told by what it was rendered from.

The provider's content (a hotel, a place, a brand's config) and an operator's override change
now and then; live rates expire within a minute. The code that reads them (``upstream``,
``brands``) says so here, and whoever keeps rendered pages listens, so the readers never import
a cache of pages (``storefront/serving/page_cache.py`` is the one listener today):

- ``content_changed`` is sent when content came back different from what was kept: every kept
  page may show the old one and must go.
- ``valid_until(moment)`` says the page being rendered shows something true only until
  ``moment`` (epoch seconds): a kept copy must not outlive it.
- ``epoch()`` is the generation of kept pages the page being rendered will be kept under (None
  when it will not be kept): a process's memo of content is good for a kept page only in the
  epoch it was read in.

A keeper wraps each render in ``rendering(epoch)`` and reads ``Render.until`` after it.
"""

import math
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.dispatch import Signal

content_changed = Signal()  # sent with what="inventory" | "brand" | "override"


@dataclass
class Render:
    epoch: int | None
    until: float = math.inf


_render: ContextVar[Render | None] = ContextVar("freshness_render", default=None)


@contextmanager
def rendering(epoch: int | None):
    """The scope of one render that may be kept: its ``Render`` collects ``valid_until``."""
    render = Render(epoch)
    token = _render.set(render)
    try:
        yield render
    finally:
        _render.reset(token)


def epoch() -> int | None:
    render = _render.get()
    return render.epoch if render is not None else None


def valid_until(moment: float) -> None:
    render = _render.get()
    if render is not None:
        render.until = min(render.until, moment)


def changed(*, what: str) -> None:
    """Content of kind ``what`` changed: kept pages that show it go."""
    content_changed.send(sender=None, what=what)
