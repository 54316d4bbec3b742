"""The route registry: one row per page. Nothing else defines page URLs.

Each row names the page (the spec's route names), the path patterns it answers (Django ``path()``
syntax without the locale prefix; optional segments are written out as extra patterns), and how it
is presented: layout, whether the phone header shows the menu button or a back button, whether
navigation keeps the scroll position, and whether the page is listed in ``sitemap.xml``. Where one
spec route covers two pages (``/hotels/{country}/{city}`` and ``/hotels/{country}/{city}/{hotel}``)
the hotel has a row of its own that keeps the spec's route name in ``route``: ``reverse()``
finds either by its parameters, and both have the route's title.

``storefront/urls.py`` mounts every row under ``i18n_patterns`` so that each page exists at
``/path`` (en) and ``/{prefix}/path`` for the 38 other locales. Where two patterns could match the
same URL the more specific static one wins: static rows come first, and ``{countrySlug}`` under
``/hotels/`` never takes a namespace word (``converters.RESERVED_HOTEL_SEGMENTS``).

The spec's optional segments are written out only where the URL cannot be mistaken for another
page: ``/hotels/destination/{x}`` is the country page, so the destination page without a country
exists only in its ``/results`` form.

Parameters: ``uuid``/``transactionUuid`` canonical UUIDs, slugs ``[a-z0-9]+(-[a-z0-9]+)*``,
``placeId``/``hotelId`` positive integers (``converters.py``).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Page:
    name: str
    paths: tuple[str, ...]
    layout: str = "default"
    menu: bool = False  # phone header: menu button (True) or back button (False)
    keep_scroll: bool = False  # opts out of scroll-to-top on navigation
    static: bool = True  # a page without parameters
    indexable: bool = True  # in sitemap.xml (if static); else noindex and disallowed in robots.txt
    sitemap: bool = True  # False: indexable, but its canonical is another page's (not listed)
    template_name: str = ""  # default: pages/{name}.html, else pages/generic.html
    view: str = ""  # dotted path of a view of its own; default: pages.views.render_page
    access: str = ""  # "" (anyone), "user" (logged in), "bookings" (agents, or users with
    # the reservations action) or "vouchers" (users with options.vouchers); anonymous visitors
    # are sent to log in, others get 403
    route: str = ""  # the spec's route name that ``reverse()`` knows these paths by, when one
    # spec route covers two pages (a country or city, and a hotel); default: ``name``
    query: tuple[str, ...] = ()  # the query parameters the page reads, besides ``GLOBAL_QUERY``:
    # every other one is dropped before the page is rendered or looked up in the page cache
    # (``storefront.pages.query``)

    @property
    def template(self) -> str:
        return self.template_name or f"pages/{self.name}.html"

    @property
    def url_name(self) -> str:
        return self.route or self.name

    @property
    def title_key(self) -> str:
        """The catalog key of the page's title: its route's (``pages.<route>.title``)."""
        return f"pages.{self.url_name}.title"


# The query parameters every page reads (the preferences and the agent's fid, read by the
# middleware), and those of a search (``storefront.search.query.SearchQuery``: a test checks
# that it reads no other).
GLOBAL_QUERY = ("currency", "country", "fid")
SEARCH_QUERY = (
    *("destination", "place", "check_in", "check_out", "guests", "session"),
    *("rooms", "adults", "children", "age"),  # the no-JS form's guests, folded into ``guests``
    *("price_min", "price_max", "stars", "review", "free_cancellation", "board", "amenity"),
    *("bed", "sort", "page", "recommended"),
)
# The widget's colours (``brands.brand.COLOR_TOKENS``: a test checks they agree).
WIDGET_QUERY = ("brand", "bgBrand", "bgBrandAlt", "textBrand", "textBrandAlt")


def _static(name, path, **kwargs):
    return Page(name=name, paths=(path,), **kwargs)


def _params(name, *paths, **kwargs):
    return Page(name=name, paths=paths, static=False, **kwargs)


# The fixed city pages (country, city); the chrome links them too.
CITY_PAGES = (
    ("ae", "dubai"),
    ("de", "berlin"),
    ("es", "barcelona"),
    ("mx", "cancun"),
    ("nl", "amsterdam"),
)
PRIVATE = {"indexable": False}
CHOOSER = {"indexable": False, "query": ("next",)}
LOGIN = {
    "indexable": False,
    "view": "storefront.accounts.views.login_page",
    "query": ("next", "mode", "expired", "logout"),
}
USER = {"indexable": False, "access": "user"}
BOOKINGS = {"indexable": False, "access": "bookings"}
VOUCHERS = {"indexable": False, "access": "vouchers"}

# Results pages: a view of their own (storefront/search/views.py) and one template.
RESULTS = {
    "view": "storefront.search.views.results_page",
    "template_name": "pages/results.html",
    "query": SEARCH_QUERY,
}
# A hotel's page: a view of its own (storefront/hotels/views.py), drawn by the same template.
HOTEL = {
    "view": "storefront.hotels.views.hotel_page",
    "template_name": "pages/results.html",
    "query": (*SEARCH_QUERY, "offer", "seen"),
}

# The operator's pages (storefront/content/): one view, one template; the text from admin.
CONTENT = {"view": "storefront.content.views.content_page", "template_name": "pages/content.html"}

_TRANSACTION = {
    "layout": "minimal",
    "template_name": "pages/transaction.html",
    "indexable": False,
    "view": "storefront.checkout.views.transaction_page",
}

PAGES: tuple[Page, ...] = (
    _static("home", "", menu=True),
    _static("agent-terms-of-use", "agent-terms-of-use", **CONTENT),
    _static("app", "app", **CONTENT),
    _static(
        "become-an-agent",
        "become-an-agent",
        view="storefront.leads.views.lead_page",
        query=("sent",),
        **PRIVATE,
    ),
    _static(
        "book",
        "book",
        layout="clean",
        view="storefront.checkout.views.book_page",
        template_name="pages/book.html",
        query=(*SEARCH_QUERY, "offer", "seen"),
        **PRIVATE,
    ),
    _static("cars", "cars", **CONTENT),
    # The no-JS lists behind the footer's country and the header's currency controls.
    _static("choose-country", "choose/country", **CHOOSER),
    _static("choose-currency", "choose/currency", **CHOOSER),
    _static("choose-language", "choose/language", **CHOOSER),
    # Indexable; its form page is rendered for each visit (a CSRF token and a form key of its
    # own: storefront/support/views.py), its confirmation (?sent=1) is kept like any page.
    _static(
        "contact-support",
        "contact-support",
        view="storefront.support.views.contact_page",
        template_name="pages/contact-support.html",
        query=("sent",),
    ),
    _static(
        "favorites",
        "favorites",
        view="storefront.hotels.views.favorites_page",
        query=(*SEARCH_QUERY, "hotels"),
        **PRIVATE,
    ),
    _static("flights", "flights", **CONTENT),
    _static("hotels", "hotels", menu=True),
    _static("login", "login", layout="clean", **LOGIN),
    _static("packages", "packages", **CONTENT),
    _static(
        "pay",
        "pay",
        layout="minimal",
        view="storefront.checkout.views.pay_page",
        query=("transaction",),
        **PRIVATE,
    ),
    _static("privacy-policy", "privacy-policy", **CONTENT),
    _static(
        "profile",
        "profile",
        view="storefront.accounts.views.profile_page",
        template_name="pages/profile.html",
        query=("saved",),
        **USER,
    ),
    _static(
        "reservation",
        "reservation",
        view="storefront.reservations.views.lookup_page",
        template_name="pages/reservation.html",
        query=("cancel", "cancelled"),
        **PRIVATE,
    ),
    _static("searches", "searches", view="storefront.search.saved.searches_page", **PRIVATE),
    _static("sso", "sso", layout="minimal", **LOGIN),
    _static("terms-of-use", "terms-of-use", **CONTENT),
    _static("tickets", "tickets", **CONTENT),
    _static(
        "vouchers",
        "vouchers",
        view="storefront.reservations.voucher_views.vouchers_page",
        query=("booking", "format"),
        **VOUCHERS,
    ),
    _static(
        "account-reservations",
        "account/reservations",
        menu=True,
        view="storefront.reservations.views.reservations_page",
        template_name="pages/account-reservations.html",
        query=("status", "page"),
        **USER,
    ),
    _static(
        "dashboard-bookings",
        "dashboard/bookings",
        view="storefront.reservations.dashboard_views.bookings_page",
        query=("from", "to", "status", "q", "page", "all", "format"),
        **BOOKINGS,
    ),
    _static("hotels-israel", "hotels/israel", menu=True, **RESULTS),
    _static("hotels-search", "hotels/search", keep_scroll=True, **RESULTS),
    _static("transaction-error", "transaction/error", **_TRANSACTION),
    _static("transaction-success", "transaction/success", **_TRANSACTION),
    _static("widgets-search", "widgets/search", layout="widget", query=WIDGET_QUERY, **PRIVATE),
    *(
        # Canonical to their city's browse page (``search.presenters.list_path``).
        _static(
            f"hotels-places-{country}-{city}",
            f"hotels/places/{country}/{city}",
            sitemap=False,
            **RESULTS,
        )
        for country, city in CITY_PAGES
    ),
    _params(
        "account-reservations-uuid",
        "account/reservations/<uuid:uuid>",
        menu=True,
        view="storefront.reservations.views.reservation_page",
        template_name="pages/reservation.html",
        query=("cancel", "cancelled"),
        **USER,
    ),
    _params(
        "dashboard-bookings-uuid",
        "dashboard/bookings/<uuid:uuid>",
        view="storefront.reservations.dashboard_views.booking_page",
        **BOOKINGS,
    ),
    # /hotels/destination/{x} is the country page; the destination page without a country is
    # reachable only where it cannot be mistaken for another page (the results form).
    _params("hotels-destination-countrySlug", "hotels/destination/<kebab:countrySlug>", **RESULTS),
    _params(
        "hotels-destination-countrySlug-destinationSlug-results",
        "hotels/destination/<kebab:countrySlug>/<kebab:destinationSlug>/results",
        "hotels/destination/<kebab:destinationSlug>/results",
        **RESULTS,
    ),
    _params(
        "hotels-destination-countrySlug-destinationSlug",
        "hotels/destination/<kebab:countrySlug>/<kebab:destinationSlug>",
        **RESULTS,
    ),
    _params(
        "hotels-destination-countrySlug-destinationSlug-hotelSlug",
        "hotels/destination/<kebab:countrySlug>/<kebab:destinationSlug>/<kebab:hotelSlug>",
        **HOTEL,
    ),
    _params(
        "hotels-place-placeId-results",
        "hotels/place/results",
        "hotels/place/<posint:placeId>/results",
        **RESULTS,
    ),
    # Two spec routes each name a search or browse page and a hotel: each is two rows here,
    # the browse forms answered by the results view, the hotel form by the hotel's, under the
    # spec's one route name (``route=``: reverse() and the page title), patterns in the same
    # order as the spec's.
    _params(
        "hotels-place-countrySlug-hotelId",
        "hotels/place",
        "hotels/place/<kebab:countrySlug>",
        **RESULTS,
    ),
    _params(
        "hotel-by-id",
        "hotels/place/<kebab:countrySlug>/<posint:hotelId>",
        route="hotels-place-countrySlug-hotelId",
        **HOTEL,
    ),
    _params(
        "hotels-countrySlug-citySlug-hotelSlug",
        "hotels/<country:countrySlug>",
        "hotels/<country:countrySlug>/<kebab:citySlug>",
        **RESULTS,
    ),
    _params(
        "hotel",
        "hotels/<country:countrySlug>/<kebab:citySlug>/<kebab:hotelSlug>",
        route="hotels-countrySlug-citySlug-hotelSlug",
        **HOTEL,
    ),
    _params(
        "transaction-transactionUuid-success",
        "transaction/<uuid:transactionUuid>/success",
        **_TRANSACTION,
    ),
    _params(
        "transaction-transactionUuid-error",
        "transaction/<uuid:transactionUuid>/error",
        **_TRANSACTION,
    ),
)

PAGES_BY_NAME: dict[str, Page] = {page.name: page for page in PAGES}
