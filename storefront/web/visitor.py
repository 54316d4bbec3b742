"""``Visitor``: the visitor's choices for one request, as one frozen value.

Set by middleware (``chrome.preferences.PreferencesMiddleware`` from the locale, the brand's fid
and the preference cookies; ``accounts.middleware`` adds the user once it knows it) as
``request.visitor``, and handed whole to what prices, links and formats a page (``search.results``,
the presenters), instead of five arguments threaded by hand.
"""

from dataclasses import dataclass

from .links import DEFAULT_FID
from .session_user import SessionUser


@dataclass(frozen=True)
class Visitor:
    locale: str = "en"  # the page's locale code
    currency: str = "USD"  # prices are asked for and shown in it
    country: str | None = None  # ISO code, chosen or from the geo header: taxes (Israel VAT)
    display: str = "net"  # the price display: "net" or "gross"
    # The area unit the server draws: square metres. The browser's stored choice (spec: unit,
    # default m) is applied by the UnitToggle island, so kept pages stay the same for everyone.
    unit: str = "m"
    fid: int = DEFAULT_FID  # the agent's referral id: every internal link keeps it
    user: SessionUser | None = None


def visitor_of(request, *, locale: str | None = None) -> Visitor:
    """The request's visitor; a request that stopped before the middleware set it (an error
    page for a bad host) gets the defaults, in ``locale`` (the caller may know it from the
    path) or the request's, and with the brand's fid if the brand middleware ran."""
    found = getattr(request, "visitor", None)
    if found is not None:
        return found
    if locale is None:
        known = getattr(request, "locale", None)
        locale = known.code if known is not None else "en"
    return Visitor(locale=locale, fid=getattr(request, "fid", DEFAULT_FID))
