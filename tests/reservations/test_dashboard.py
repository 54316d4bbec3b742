"""The agents' dashboard (``/dashboard/bookings``, ``/dashboard/bookings/{uuid}``) as its users
see it, against the sandbox's demo bookings: the agent's own (fid 42) with commission, the
filters, paging and totals, the CSV of what is filtered (a spreadsheet reads it, and no guest's
name becomes a formula), ``all=true`` for the reservations action only, who may open a booking,
the provider down, and every locale."""

import csv
import io
import re
import uuid as uuid_module
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from html import unescape

import pytest

from storefront.catalog.formatting import format_money
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.reservations import dashboard
from storefront.reservations.services import link
from storefront.sandbox import demo
from storefront.sandbox.models import Account
from storefront.upstream import reservations as upstream
from storefront.upstream.errors import UpstreamUnavailable
from tests.login import login_form

AGENT_REFS = {"TN-SUNY2A", "TN-SUNY3B", "TN-SUNY4C", "TN-SUNY5D", "TN-SUNY6E", "TN-SUNY7F"}
OTHER_REFS = {"TN-TESS2A", "TN-TESS3B", "TN-TESS4C", "TN-TESS5D", "TN-ACME2A", "TN-GLBX2A"}
REFERENCE = re.compile(r"TN-[A-Z0-9]{6}")


def _log_in(client, email):
    assert client.post("/login", login_form(email)).status_code == 302
    return client


@pytest.fixture
def agent(client, demo_bookings):
    return _log_in(client, "agent@example.com")


@pytest.fixture
def power(client, demo_bookings):
    return _log_in(client, "power@example.com")


def _refs(response) -> set[str]:
    assert response.status_code == 200, response.status_code
    table = re.search(r"<tbody>.*?</tbody>", response.content.decode(), re.S)
    return set(REFERENCE.findall(table.group(0))) if table else set()


def _text(response) -> str:
    """What a person reads: the tags and the invisible direction marks out."""
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return unescape(re.sub(r"[\u2066-\u2069\u200e\u200f]", "", re.sub(r"<[^>]+>", " ", html)))


def _csv(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    body = response.content
    assert body.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads UTF-8
    return list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))


# --- the listing --------------------------------------------------------------------------------


def test_an_agent_sees_the_bookings_under_their_fid_with_commission_and_totals(agent):
    response = agent.get("/dashboard/bookings")
    assert _refs(response) == AGENT_REFS
    text = _text(response)
    assert "Bookings" in text and "All Reservations" not in text
    listing = upstream.agent_bookings(cookies=_cookies(agent), locale="en")
    for item in listing.rows:  # each row's net, gross and commission, in its own currency
        for amount in (item.net, item.gross, item.commission):
            assert format_money(amount, item.currency, "en") in text, item.reference
    for currency, total in listing.totals.items():
        assert format_money(total.commission, currency, "en") in text
    assert "6 bookings" in text
    # Each reference leads to its booking's page.
    tokyo = next(r for r in listing.rows if r.reference == "TN-SUNY3B")
    assert f'href="/dashboard/bookings/{link(tokyo.id)}"' in response.content.decode()


def _cookies(client):
    return dict(client.session["provider"]["cookies"])


@pytest.mark.parametrize(
    "query,expected",
    [
        ("status=cancelled", {"TN-SUNY7F"}),
        ("status=past", {"TN-SUNY5D", "TN-SUNY6E"}),
        ("status=upcoming", {"TN-SUNY2A", "TN-SUNY3B", "TN-SUNY4C"}),
        ("q=sato", {"TN-SUNY3B"}),  # a guest's name, any case
        ("q=tn-suny4c", {"TN-SUNY4C"}),  # a reference
        ("q=nobody-by-that-name", set()),
    ],
)
def test_filters_narrow_the_rows(agent, query, expected):
    assert _refs(agent.get(f"/dashboard/bookings?{query}")) == expected


def test_check_in_dates_narrow_the_rows_and_the_form_keeps_them(agent):
    today = datetime.now(UTC).date()
    start, end = today + timedelta(days=11), today + timedelta(days=51)
    response = agent.get(f"/dashboard/bookings?from={start}&to={end}")
    # Eilat (+12), Tel Aviv (+21) and Tokyo (+50) start in the window; Kyoto (+70) after it.
    assert _refs(response) == {"TN-SUNY7F", "TN-SUNY2A", "TN-SUNY3B"}
    html = response.content.decode()
    assert f'value="{start}"' in html and f'value="{end}"' in html
    assert "3 bookings" in _text(response)


@pytest.mark.parametrize(
    "query,field,key",
    [
        ("from=2027-13-45", "from", "dashboard.errors.date_invalid"),
        ("to=yesterday", "to", "dashboard.errors.date_invalid"),
        ("from=2027-03-10&to=2027-03-01", "to", "dashboard.errors.reversed"),
        ("q=" + "x" * 101, "q", "dashboard.errors.q_too_long"),
    ],
)
def test_invalid_filters_are_a_message_under_their_field_never_sent(
    agent, monkeypatch, query, field, key
):
    def refuse(**kwargs):
        raise AssertionError("invalid filters reached the provider")

    monkeypatch.setattr(upstream, "agent_bookings", refuse)
    for path in (f"/dashboard/bookings?{query}", f"/he/dashboard/bookings?{query}&format=csv"):
        response = agent.get(path)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
        locale = "he" if path.startswith("/he/") else "en"
        html = response.content.decode()
        error = re.search(rf'<p class="field__error" id="dash-{field}-error">(.*?)</p>', html)
        assert error and error.group(1) == translate(key, locale)
        assert f'id="dash-{field}"' in html and 'aria-invalid="true"' in html


def test_pages_keep_the_filters(agent, monkeypatch):
    monkeypatch.setattr(dashboard, "PER_PAGE", 2)
    first = agent.get("/dashboard/bookings?status=upcoming")
    assert len(_refs(first)) == 2
    html = first.content.decode()
    next_url = re.search(r'<a class="button" href="([^"]+)" rel="next">', html).group(1)
    assert next_url == "/dashboard/bookings?status=upcoming&amp;page=2"
    second = agent.get("/dashboard/bookings?status=upcoming&page=2")
    assert _refs(second) | _refs(first) == {"TN-SUNY2A", "TN-SUNY3B", "TN-SUNY4C"}
    assert len(_refs(second)) == 1 and "3 bookings" in _text(second)
    assert 'rel="prev"' in second.content.decode()
    # A page past the last, or not a number: no 500.
    assert agent.get("/dashboard/bookings?page=99").status_code == 200
    assert _refs(agent.get("/dashboard/bookings?page=abc")) == _refs(first)


def test_no_bookings_for_the_filter_is_said_with_a_way_back(agent):
    response = agent.get("/dashboard/bookings?q=nobody-by-that-name")
    text = _text(response)
    assert translate("dashboard.empty_title", "en") in text
    assert 'href="/dashboard/bookings"' in response.content.decode()


# --- the CSV ------------------------------------------------------------------------------------


def test_the_csv_has_every_row_of_the_filter_with_plain_numbers_and_iso_dates(agent, monkeypatch):
    monkeypatch.setattr(dashboard, "CSV_PER_PAGE", 2)  # several provider pages, one file
    response = agent.get("/dashboard/bookings?status=upcoming&page=2&format=csv")
    assert re.fullmatch(
        r'attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"', response["Content-Disposition"]
    )
    header, *rows = _csv(response)
    assert header[:4] == ["Reference", "Status", "Guest", "Hotel"]
    assert {row[0] for row in rows} == {"TN-SUNY2A", "TN-SUNY3B", "TN-SUNY4C"}  # all, not page 2
    listing = upstream.agent_bookings(cookies=_cookies(agent), locale="en", status="upcoming")
    by_ref = {item.reference: item for item in listing.rows}
    for row in rows:
        item = by_ref[row[0]]
        values = dict(zip(header, row, strict=True))
        assert Decimal(values["Net"]) == item.net and Decimal(values["Gross"]) == item.gross
        assert Decimal(values["Commission"]) == item.commission
        assert values["Currency"] == item.currency and values["Status"] == "Upcoming"
        assert values["Check-in"] == item.check_in.isoformat()
        assert not re.search(r"[^\d.]", values["Gross"])  # no symbol, no grouping


def test_the_csv_speaks_the_visitors_language(agent):
    header, *rows = _csv(agent.get("/ja/dashboard/bookings?status=cancelled&format=csv"))
    assert header[0] == translate("dashboard.columns.reference", "ja")
    assert header[-1] == translate("dashboard.cancelled_on", "ja")
    assert [row[1] for row in rows] == [translate("dashboard.status.cancelled", "ja")]


FORMULAS = ('=HYPERLINK("http://evil","x")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3")


def test_a_guest_named_like_a_formula_is_text_in_the_csv(agent):
    accounts = {a.email: a for a in Account.objects.filter(email="agent@example.com")}
    now = datetime.now(UTC)
    for number, name in enumerate(FORMULAS):
        holder = demo._holder(name, "Evil", "evil@example.com", "+1 212 555 0100", "us")
        booking = demo.DemoBooking(
            f"evil-{number}", f"TN-EVIL{number}X", 2015, 30 + number, 2, "USD", holder,
            fid="42", booked=0,
        )  # fmt: skip
        demo._save_booking(booking, now, accounts)
    header, *rows = _csv(agent.get("/dashboard/bookings?q=evil&format=csv"))
    guests = sorted(row[header.index("Guest")] for row in rows)
    assert guests == sorted(f"'{name} Evil" for name in FORMULAS)
    # The page shows them as they are, escaped.
    page = agent.get("/dashboard/bookings?q=evil")
    assert "=HYPERLINK(&#34;http://evil&#34;,&#34;x&#34;) Evil" in page.content.decode()


def test_safe_cell_neutralises_every_formula_start():
    for start in ("=", "+", "-", "@", "\t", "\r", "＝"):
        assert dashboard.safe_cell(f"{start}1+1") == f"'{start}1+1"
    assert dashboard.safe_cell("Noa Levi") == "Noa Levi"
    assert dashboard.safe_cell("") == ""


# --- who sees what ------------------------------------------------------------------------------


def test_all_reservations_is_every_booking_for_the_reservations_action(power):
    response = power.get("/dashboard/bookings?all=true")
    assert _refs(response) >= AGENT_REFS | OTHER_REFS
    assert "All Reservations" in _text(response)
    assert 'name="all" value="true"' in response.content.decode()  # the filters keep it
    _header, *rows = _csv(power.get("/dashboard/bookings?all=true&format=csv"))
    assert {row[0] for row in rows} >= AGENT_REFS | OTHER_REFS


def test_a_user_with_the_reservations_action_but_no_agency_sees_all(power, monkeypatch):
    monkeypatch.setattr(dashboard, "PER_PAGE", 2)
    response = power.get("/de/dashboard/bookings?status=past")
    assert "TN-TESS4C" in _refs(response) or "TN-GLBX2A" in _refs(response)
    html = response.content.decode()
    assert translate("account.all_reservations", "de") in _text(response)
    assert 'href="/de/dashboard/bookings?status=past&amp;all=true&amp;page=2"' in html


def test_all_reservations_is_refused_to_an_agent_without_the_action(agent, monkeypatch):
    asked = []
    monkeypatch.setattr(upstream, "agent_bookings", lambda **kw: asked.append(kw))
    assert agent.get("/dashboard/bookings?all=true").status_code == 403
    assert agent.get("/dashboard/bookings?all=true&format=csv").status_code == 403
    assert asked == []


def test_the_provider_refusing_a_listing_is_403_here(agent, monkeypatch):
    from storefront.upstream.errors import UpstreamError

    def forbidden(**kwargs):
        raise UpstreamError("Only agents", status=403, code="forbidden")

    monkeypatch.setattr(upstream, "agent_bookings", forbidden)
    assert agent.get("/dashboard/bookings").status_code == 403


@pytest.mark.parametrize("query", ["", "?all=true", "?format=csv"])
def test_a_traveller_is_refused_the_dashboard(traveller_client, demo_bookings, query):
    assert traveller_client.get(f"/dashboard/bookings{query}").status_code == 403


def test_an_anonymous_visitor_is_sent_to_log_in(client, demo_bookings):
    response = client.get("/dashboard/bookings?status=past")
    assert response.status_code == 302
    assert response["Location"].startswith("/login?next=")


# --- one booking --------------------------------------------------------------------------------


def _uuid(reference, bookings):
    return link(next(b for b in bookings if b.reference == reference).public_id)


def test_an_agent_opens_a_booking_with_its_net_gross_and_commission(agent, demo_bookings):
    response = agent.get(f"/dashboard/bookings/{_uuid('TN-SUNY2A', demo_bookings)}")
    assert response.status_code == 200
    booking = next(b for b in demo_bookings if b.reference == "TN-SUNY2A")
    text = _text(response)
    assert "TN-SUNY2A" in text and "Noa Levi" in text and "Late arrival, around 23:00." in text
    for amount in (booking.commission, booking.total_paid, Decimal(str(booking.price["net"]))):
        assert format_money(amount, "ILS", "en") in text
    assert 'href="/dashboard/bookings"' in response.content.decode()  # back to the listing


@pytest.mark.parametrize("reference", ["TN-ACME2A", "TN-TESS2A", "TN-GLBX2A"])
def test_another_agencys_or_a_travellers_booking_is_404_for_an_agent(
    agent, demo_bookings, reference
):
    assert agent.get(f"/dashboard/bookings/{_uuid(reference, demo_bookings)}").status_code == 404


def test_an_unknown_address_is_404(agent):
    assert agent.get(f"/dashboard/bookings/{uuid_module.uuid4()}").status_code == 404


def test_the_reservations_action_opens_any_booking(power, demo_bookings):
    response = power.get(f"/he/dashboard/bookings/{_uuid('TN-SUNY3B', demo_bookings)}")
    assert response.status_code == 200 and "Haruto Sato" in _text(response)
    assert 'href="/he/dashboard/bookings?all=true"' in response.content.decode()


def test_a_traveller_cannot_open_a_dashboard_booking_even_their_own(
    traveller_client, demo_bookings
):
    path = f"/dashboard/bookings/{_uuid('TN-TESS2A', demo_bookings)}"
    assert traveller_client.get(path).status_code == 403


# --- the provider down --------------------------------------------------------------------------


def _down(**kwargs):
    raise UpstreamUnavailable("timed out")


@pytest.mark.parametrize("code", ["en", "he", "ja"])
def test_the_provider_down_is_a_localised_message_not_a_500(
    agent, monkeypatch, code, demo_bookings
):
    address = _uuid("TN-SUNY2A", demo_bookings)
    monkeypatch.setattr(upstream, "agent_bookings", _down)
    monkeypatch.setattr(upstream, "reservation", lambda *a, **kw: _down())
    prefix = LOCALES[code].prefix
    for path in (
        "/dashboard/bookings",
        "/dashboard/bookings?format=csv",
        f"/dashboard/bookings/{address}",
    ):
        response = agent.get(f"{prefix}{path}")
        assert response.status_code == 200, path
        assert translate("dashboard.unavailable", code) in _text(response)
        assert "no-store" in response["Cache-Control"]


# --- every locale -------------------------------------------------------------------------------

SHOWN = (
    "dashboard.columns.commission",
    "dashboard.columns.gross",
    "dashboard.columns.net",
    "dashboard.status.confirmed",
    "dashboard.status.past",
    "dashboard.status.cancelled",
    "dashboard.export",
    "dashboard.apply",
    "dashboard.from",
    "dashboard.totals_title",
)


@pytest.mark.parametrize("code", list(LOCALES))
def test_every_locale_shows_the_listing_in_its_own_words(agent, code):
    response = agent.get(f"{LOCALES[code].prefix}/dashboard/bookings")
    assert _refs(response) == AGENT_REFS
    text = _text(response)
    assert not re.search(r"\bdashboard\.[a-z_.]+", text), code  # no key shown raw
    assert translate("dashboard.count", code, count=6) in text
    for key in SHOWN:
        assert translate(key, code) in text, (code, key)
        english = translate(key, "en")
        if code != "en" and translate(key, code) != english:
            assert not re.search(rf"(?<!\w){re.escape(english)}(?!\w)", text), (code, key)
    assert f'dir="{LOCALES[code].dir}"' in response.content.decode().split(">", 2)[1]


def test_a_session_the_provider_forgot_is_sent_to_log_in_again_and_back(agent, monkeypatch):
    from storefront.upstream.errors import UpstreamUnauthorized

    def expired(**kwargs):
        raise UpstreamUnauthorized("Unauthenticated.", status=401)

    monkeypatch.setattr(upstream, "agent_bookings", expired)
    response = agent.get("/de/dashboard/bookings?status=past")
    assert response.status_code == 302
    assert response["Location"].startswith("/de/login?next=%2Fde%2Fdashboard%2Fbookings")
    assert "expired=1" in response["Location"]
