"""Island props, one builder per island, alphabetical. The JS side names these as producers.

A builder gets the request and the template context (the page's ``chrome``, whose values are
computed when first read, ``storefront.chrome.layout.Chrome``, and ``visitor``) and returns
JSON-ready data. Labels travel as
catalog keys: the islands translate them with i18next from the page's one catalog, except that an
island mounted before the visitor acts may get its first render's messages resolved here
(``words``, read by static_src/words.js), so that i18next and the catalog load only with what
opens later. Each island
module exports ``checkProps``, which static_src/mount.js runs before mounting: props that differ
leave the server's fallback markup in place, and one console error names the island and fields.
"""

from django.urls import reverse

from storefront.brands.templating import brand_asset
from storefront.chrome.preferences import COLOR_MODE_KEY, COLOR_MODES, color_mode
from storefront.i18n.catalog import messages, translate
from storefront.web.links import external_url, page_url

# Pages whose own content is the login form: their login link is not a modal.
LOGIN_PAGES = ("login", "sso")


def first_words(code: str, keys, counted=(), **params) -> dict[str, str]:
    """Messages resolved for static_src/words.js: ``key`` for each of ``keys`` (its placeholders
    filled from ``params``) and ``key#count`` for each ``(key, count)`` of ``counted`` (the plural
    form the count takes in locale ``code``)."""
    words = {key: translate(key, code, **params) for key in keys}
    words.update({f"{key}#{count}": translate(key, code, count=count) for key, count in counted})
    return words


def _links(links) -> list[dict]:
    return [
        {"id": link.id, "label": link.label, "href": link.href, "external": link.external}
        for link in links
    ]


def _language(context) -> dict:
    """The current locale and its own name; the dialog loads the locales (``list``) and links
    ``next`` under each one's prefix."""
    return {
        "current": context["locale"].code,
        "name": context["locale"].name,
        "next": context["chrome"].language_next,
        "list": context["chrome"].language_list_url,
    }


def _theme(request) -> dict:
    return {"mode": color_mode(request), "modes": list(COLOR_MODES), "storageKey": COLOR_MODE_KEY}


def _currency(context) -> dict:
    return {
        "current": context["visitor"].currency,
        "priceDisplay": context["visitor"].display,
        "list": context["chrome"].currency_list_url,  # the currencies, loaded with the dialog
    }


def country_picker_props(request, context) -> dict:
    """Read by static_src/islands/CountryPicker.jsx: the current choice (and its name in the
    page's locale) and where the dialog finds the countries (one list per locale, not in the
    page; the dialog shows their SVG flags, never emoji)."""
    chrome = context["chrome"]
    return {
        "current": context["visitor"].country,
        "name": chrome.current_country_name or None,
        "list": chrome.country_list_url,
    }


FAVORITE_WORDS = ("favorites.toggle", "favorites.saved", "favorites.removed", "auth.network_error")


def favorite_toggle_props(request, context) -> dict:
    """Read by static_src/islands/FavoriteToggle.jsx, one block for every heart of the page
    (each has its own hotel: ``favorite_toggle_own``): for a logged-in traveller where to say
    that a hotel is kept (``endpoint``; "" when the browser keeps the favorites), and ``words``,
    everything it says (no i18next on a page of cards), with ``{{hotel}}`` left for the island to
    fill with its own hotel's name (static_src/words.js)."""
    return {
        "endpoint": reverse("toggle-favorite") if context.get("favorite_ids") is not None else "",
        "words": first_words(context["locale"].code, FAVORITE_WORDS),
    }


def favorite_toggle_own(hotel, favorite_ids) -> dict:
    """A heart's own props: its hotel, and for a logged-in traveller whether it is kept
    (``favorite_ids``, set by the page's view); ``on`` None: the browser keeps the favorites."""
    on = None if favorite_ids is None else hotel.id in favorite_ids
    return {"hotel": hotel.id, "name": hotel.name, "on": on}


def favorites_props(request, context) -> dict:
    """Read by static_src/islands/Favorites.jsx on /favorites: the hotels the page lists, in
    order, and whether they are the account's (else the browser's, state.js)."""
    return {
        "listed": list(context.get("favorites_listed") or []),
        "signedIn": context.get("favorite_ids") is not None,
    }


def gallery_props(request, context) -> dict:
    """Read by static_src/islands/Gallery.jsx: the photos of the page's ``gallery`` (set by the
    hotel page's view), each with its sizes, and the id of the strip the server rendered."""
    gallery = context["gallery"]
    return {
        "title": gallery["title_text"],
        "strip": gallery["strip"],
        "photos": [
            {"src": p.src, "srcset": p.srcset, "width": p.width, "height": p.height}
            for p in gallery["photos"]
        ],
    }


def header_props(request, context) -> dict:
    """Read by static_src/islands/Header.jsx. ``show_nav``/``show_currency`` come from the layout
    including the header; the link sets per role come from storefront.chrome.selectors."""
    locale = context["locale"].code
    page = context["page"]
    show_nav = bool(context.get("show_nav"))
    chrome = context["chrome"]
    user = chrome.session_user
    return {
        "homeUrl": chrome.home_url,
        "brandName": chrome.brand_name,
        "logo": {mode: brand_asset(url) for mode, url in chrome.brand_logo.items()},
        "nav": _links(chrome.header_nav) if show_nav else [],
        "mobile": ("menu" if chrome.show_menu_button else "back") if show_nav else None,
        "currency": _currency(context) if context.get("show_currency") else None,
        "language": _language(context),
        "theme": _theme(request),
        "account": {
            "user": {"name": user.name} if user else None,
            "links": _links(chrome.account_menu),
        },
        "auth": {
            "modal": not (page and page.name in LOGIN_PAGES),
            "action": page_url("login", locale),
            "next": chrome.current_path,
            "forgotPasswordUrl": external_url("forgot_password"),
        },
        # Logged in: where the browser's saved searches move into the account (search/saved.py).
        "searchesMerge": reverse("merge-searches") if user else None,
        # ... and the favorites this browser kept (hotels/favorites.py).
        "favoritesMerge": reverse("merge-favorites") if user else None,
    }


# What the search box's first render and its own checks can show (static_src/islands/SearchBox.jsx):
# its labels and every search error; the guests summary is added for the box's guests.
SEARCH_BOX_WORDS = (
    "search.title",
    "search.destination",
    "search.destination_placeholder",
    "search.check_in",
    "search.check_out",
    "search.guests",
    "search.submit",
)


def _search_errors(code: str) -> list[str]:
    """Every message a date or guests check can give (``search.errors.*``)."""
    return [key for key in messages(code) if key.startswith("search.errors.")]


def _search_box_words(code: str, search, guests_error: bool) -> dict[str, str]:
    """The search box's first words: its labels, every ``search.errors.*`` message, and the
    guests summary of the guests it starts with (two adults in one room when they were refused,
    as static_src/stay.js ``parseGuests`` falls back)."""
    if guests_error or search is None:
        adults, children, rooms = 2, 0, 1
    else:
        adults, children, rooms = search.adults, search.children, len(search.rooms)
    counted = [("guests.adults", adults)]
    counted += [("guests.children", children)] if children else []
    counted += [("guests.rooms", rooms)] if rooms > 1 else []
    return first_words(code, (*SEARCH_BOX_WORDS, *_search_errors(code)), counted)


def search_box_props(request, context) -> dict:
    """Read by static_src/islands/SearchBox.jsx. The form's values are the ones the no-JS form
    shows: ``search_form``, set by ``{% set search_form = search_form_values() %}`` just before the
    island in templates/includes/search_form.html; the guests encoding is the page's ``search``
    query's (duck-typed: storefront.islands never imports storefront.search)."""
    form = context.get("search_form") or {}
    search = context.get("search")
    errors = dict(form.get("errors") or {})
    guests = "" if "guests" in errors else getattr(search, "guests", "")
    return {
        "action": form.get("action", ""),
        "destination": form.get("destination", ""),
        "place": str(form.get("place") or ""),
        "checkIn": form.get("check_in", ""),
        "checkOut": form.get("check_out", ""),
        "guests": guests or "2",
        "today": form.get("min_date", ""),
        "maxDate": form.get("max_date", ""),
        "kept": [[name, value] for name, value in form.get("kept", ())],
        "errors": errors,
        "locale": context["locale"].code,
        # The account's saved searches when logged in (None: the browser's own, state.js).
        "recent": form.get("recent"),
        "words": _search_box_words(context["locale"].code, search, "guests" in errors),
    }


def lead_popup_props(request, context) -> dict:
    """Read by static_src/islands/LeadPopup.jsx: where it sends (storefront/leads/views.py)
    and the dial code it starts on, the visitor's country's (else the United States')."""
    country = str(context["visitor"].country or "").upper()
    return {"endpoint": reverse("send-lead"), "country": country if len(country) == 2 else "US"}


def map_props(request, context) -> dict:
    """Read by static_src/islands/Map.jsx: the page's map (``hotel_map`` on a hotel page,
    ``results_map`` on results; storefront/search/maps.py), its library, source and markers."""
    shown = context.get("hotel_map")
    if shown:
        return {**shown, "mode": "inline"}
    return {**context["results_map"], "mode": "beside", "slot": "results-map"}


def saved_searches_props(request, context) -> dict:
    """Read by static_src/islands/SavedSearches.jsx: the first day a saved search is still worth
    showing (``searches_today``, set by storefront.search.saved.searches_page)."""
    return {"today": context["searches_today"]}


def stay_dates_props(request, context) -> dict:
    """Read by static_src/islands/StayDates.jsx: the form of templates/includes/stay_form.html
    (``f`` from ``search_form_values()``, ``stay_prompt``, ``stay_hidden``, the page's
    ``search`` query for its guests). All it says comes as its first words (static_src/words.js):
    the page loads i18next only when the date picker opens."""
    form = context["f"]
    search = context.get("search")
    guests = getattr(search, "guests", "2")
    hidden = [["guests", guests]] if guests and guests != "2" else []
    hidden += [[name, value] for name, value in context.get("stay_hidden") or ()]
    hidden += [[name, value] for name, value in form.get("kept", ())]
    return {
        "action": request.path,
        "prompt": context["stay_prompt"],
        "today": form.get("min_date", ""),
        "maxDate": form.get("max_date", ""),
        "hidden": hidden,
        "errors": {
            k: v
            for k, v in dict(form.get("errors") or {}).items()
            if k in ("check_in", "check_out")
        },
        "words": first_words(
            context["locale"].code,
            (
                context["stay_prompt"],
                "search.check_in",
                "search.check_out",
                "results.see_rooms",
                *_search_errors(context["locale"].code),
            ),
        ),
    }


def unit_toggle_props(request, context) -> dict:
    """Read by static_src/islands/UnitToggle.jsx (the unit itself lives in localStorage)."""
    return {"units": ["m", "f"], "default": "m"}


BUILDERS = {
    "CountryPicker": country_picker_props,
    "FavoriteToggle": favorite_toggle_props,
    "Favorites": favorites_props,
    "Gallery": gallery_props,
    "Header": header_props,
    "LeadPopup": lead_popup_props,
    "Map": map_props,
    "SavedSearches": saved_searches_props,
    "SearchBox": search_box_props,
    "StayDates": stay_dates_props,
    "UnitToggle": unit_toggle_props,
}
