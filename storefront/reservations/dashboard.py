"""The agents' dashboard (``/dashboard/bookings``): its filters read from the query string, its
rows and totals in the visitor's words, and the CSV of what is filtered.

The filters are checked here before anything is asked of the provider: a malformed date, an end
before the start or a search longer than the provider takes is a message under its field
(``dashboard.errors.*``), never sent on. The CSV is for a spreadsheet: a byte-order mark (Excel
reads UTF-8 only with one), numbers as plain decimals with a dot and the currency in its own
column, dates ISO, and every cell someone else could have written (a guest's name, a hotel, a
reference) that a spreadsheet would take for a formula neutralised with a leading quote.
"""

import csv
import io
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from storefront.catalog.formatting import format_money, format_stay
from storefront.i18n.catalog import translate
from storefront.upstream import reservations as upstream
from storefront.web.links import page_url

from .presenters import status_of
from .services import link

STATUSES = ("", *upstream.STATUSES)  # "" is every status
Q_MAX = 100  # the provider's limit on ``q``
PAGE_MAX = 10_000  # a page number past any listing: the provider answers it empty
PER_PAGE = 20  # rows a page of the listing shows
CSV_PER_PAGE = 100  # the provider's largest page
CSV_PAGES = 50  # at most 5,000 rows in one file: a bound on what one click asks of the provider

# What a spreadsheet reads as the start of a formula (OWASP's list, with the full-width forms
# some spreadsheets fold to them).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


@dataclass(frozen=True)
class Filters:
    """The listing's filters as the visitor sent them: ``values`` to show the form again,
    ``errors`` (field → catalog key) for what cannot be sent to the provider."""

    date_from: date | None = None
    date_to: date | None = None
    status: str = ""
    q: str = ""
    page: int = 1
    everyone: bool = False
    values: dict = field(default_factory=dict)
    errors: dict = field(default_factory=dict)

    @classmethod
    def from_query(cls, query) -> "Filters":
        values = {name: query.get(name, "").strip() for name in ("from", "to", "status", "q")}
        errors = {}
        days = {}
        for name in ("from", "to"):
            try:
                days[name] = date.fromisoformat(values[name]) if values[name] else None
            except ValueError:
                days[name], errors[name] = None, "dashboard.errors.date_invalid"
        if days["from"] and days["to"] and days["to"] < days["from"]:
            errors["to"] = "dashboard.errors.reversed"
        q = "".join(ch for ch in values["q"] if ch.isprintable())
        if len(q) > Q_MAX:
            errors["q"] = "dashboard.errors.q_too_long"
        status = values["status"] if values["status"] in STATUSES else ""
        try:
            page = min(max(int(query.get("page", "1")), 1), PAGE_MAX)
        except ValueError:
            page = 1
        return cls(
            date_from=days["from"],
            date_to=days["to"],
            status=status,
            q=q,
            page=page,
            everyone=query.get("all") == "true",
            values=values | {"status": status},
            errors=errors,
        )

    @property
    def filtered(self) -> bool:
        return bool(self.date_from or self.date_to or self.status or self.q)

    def query(self, **changes) -> dict:
        """The filters as a query string (paging and the CSV link keep them), empty ones out."""
        kept = {
            "from": self.date_from.isoformat() if self.date_from else "",
            "to": self.date_to.isoformat() if self.date_to else "",
            "status": self.status,
            "q": self.q,
            "all": "true" if self.everyone else "",
            "page": str(self.page) if self.page > 1 else "",
        }
        return {name: value for name, value in (kept | changes).items() if value}

    def provider_kwargs(self) -> dict:
        return {
            "date_from": self.date_from,
            "date_to": self.date_to,
            "status": self.status,
            "q": self.q,
            "everyone": self.everyone,
        }


def listing_url(locale: str, fid: int, filters: Filters, **changes) -> str:
    return page_url("dashboard-bookings", locale, fid=fid, query=filters.query(**changes))


def row(item: upstream.AgentRow, locale: str, *, today: date, fid: int) -> dict:
    """One booking of the listing in the visitor's words, linked to its page."""

    def money(amount):
        return format_money(amount, item.currency, locale)

    return {
        "reference": item.reference,
        "url": page_url("dashboard-bookings-uuid", locale, fid=fid, uuid=link(item.id)),
        "guest": item.guest_name,
        "hotel": item.hotel_name,
        "stay": format_stay(item.check_in, item.check_out, locale, year=True),
        "nights": item.nights,
        "status": status_of(item, today),
        "net": money(item.net),
        "gross": money(item.gross),
        "commission": money(item.commission),
    }


def totals(listing: upstream.AgentListing, locale: str) -> list[dict]:
    """The whole filtered set's count, gross and commission, per currency."""
    return [
        {
            "currency": currency,
            "bookings": total.bookings,
            "gross": format_money(total.gross, currency, locale),
            "commission": format_money(total.commission, currency, locale),
        }
        for currency, total in sorted(listing.totals.items())
    ]


def page_links(listing: upstream.AgentListing, locale: str, fid: int, filters: Filters) -> dict:
    """Previous, next and the numbered pages around this one, each keeping the filters."""

    def url(number):
        return listing_url(locale, fid, filters, page=str(number) if number > 1 else "")

    first, last = max(1, listing.page - 2), min(listing.pages, listing.page + 2)
    return {
        "previous": url(listing.page - 1) if listing.page > 1 else "",
        "next": url(listing.page + 1) if listing.page < listing.pages else "",
        "numbers": [(n, url(n), n == listing.page) for n in range(first, last + 1)],
    }


# --- the CSV ------------------------------------------------------------------------------------

# The header's words: the table's own, and those the rest of the site already has.
CSV_HEADER = (
    "dashboard.columns.reference", "dashboard.columns.status", "dashboard.columns.guest",
    "dashboard.columns.hotel", "transaction.room", "search.check_in", "search.check_out",
    "dashboard.csv.nights", "dashboard.csv.currency", "dashboard.columns.net",
    "dashboard.columns.gross", "dashboard.columns.commission", "dashboard.booked_on",
    "dashboard.cancelled_on",
)  # fmt: skip


def safe_cell(text: str) -> str:
    """Text a spreadsheet shows as text: one that would start a formula gets a leading quote."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _number(amount: Decimal) -> str:
    return format(amount, "f")  # 1234.5, never 1E+3 nor 1,234.50


def all_rows(*, cookies: dict, locale: str, filters: Filters) -> list[upstream.AgentRow]:
    """Every row of the filtered set, page after page (``CSV_PAGES`` at most)."""
    rows, page = [], 1
    while True:
        listing = upstream.agent_bookings(
            cookies=cookies,
            locale=locale,
            page=page,
            per_page=CSV_PER_PAGE,
            **filters.provider_kwargs(),
        )
        rows.extend(listing.rows)
        if page >= min(listing.pages, CSV_PAGES) or not listing.rows:
            return rows
        page += 1


def csv_text(rows, locale: str, *, today: date) -> str:
    """The rows as a CSV a spreadsheet opens in the visitor's language: a BOM, a localised
    header, then one line per booking."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(safe_cell(translate(key, locale)) for key in CSV_HEADER)
    for item in rows:
        status = status_of(item, today)
        writer.writerow(
            [
                safe_cell(item.reference),
                translate(f"dashboard.status.{status}", locale),
                safe_cell(item.guest_name),
                safe_cell(item.hotel_name),
                safe_cell(item.room_name),
                item.check_in.isoformat(),
                item.check_out.isoformat(),
                item.nights,
                safe_cell(item.currency),
                _number(item.net),
                _number(item.gross),
                _number(item.commission),
                item.created_at.date().isoformat(),
                item.cancelled_at.date().isoformat() if item.cancelled_at else "",
            ]
        )
    return out.getvalue()
