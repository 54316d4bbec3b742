"""``chrome``: the context processor of every page (``settings.TEMPLATES``, the Jinja2 engine
only: the admin's own pages do not get it)."""

from .layout import Chrome


def chrome(request):
    """The page's ``chrome`` (``layout.Chrome``: its values are computed when a template first
    reads them) and the few names every page reads, taken from it: ``locale``, ``brand``,
    ``page``, ``visitor`` (``web.visitor.Visitor``; islands' builders get it) and ``color_mode``
    (a view may replace it: the admin's brand preview). Error pages get them too, possibly for a
    request that stopped before the locale or brand middleware (see ``Chrome``)."""
    shown = Chrome(request)
    return {
        "chrome": shown,
        "locale": shown.locale,
        "brand": shown.brand,
        "page": shown.page,
        "visitor": shown.visitor,
        "color_mode": shown.color_mode,
    }
