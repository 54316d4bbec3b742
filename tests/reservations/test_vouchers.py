"""Vouchers (``/vouchers``): who may see them, the page in every locale, one voucher alone, its
PDF opened and read back in en, he, ar, ja and th, the QR code, and the provider down or slow.

The demo user ``power@example.com`` (options.vouchers, the reservations action) has one booking
of their own, TN-ACME2A, upcoming; their reservations action lets them read every booking, which
the vouchers must not show."""

import io
import re
import unicodedata
from collections import Counter
from dataclasses import replace
from datetime import UTC, datetime

import pypdf
import pytest
import segno

from storefront.catalog.formatting import format_day
from storefront.checkout.emails import brand_of
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import LOCALE_CODES, LOCALES
from storefront.reservations.services import link
from storefront.upstream import reservations as upstream
from storefront.upstream.errors import UpstreamUnavailable
from tests.login import login_form

REFERENCE = "TN-ACME2A"  # power's own booking
OTHERS = ("TN-TESS2A", "TN-SUNY2A", "TN-GLBX2A")  # bookings power may read, but not theirs
PDF_LOCALES = ("en", "he", "ar", "ja", "th")


def _power(client):
    response = client.post("/login", login_form("power@example.com"))
    assert response.status_code == 302, response.status_code
    return client


@pytest.fixture
def power_client(client, demo_bookings):
    return _power(client)


@pytest.fixture
def booking(demo_bookings):
    """Power's booking as the sandbox holds it, and its uuid."""
    row = next(b for b in demo_bookings if b.reference == REFERENCE)
    return row, str(link(row.public_id))


def _address(code: str, query: str = "") -> str:
    return f"{LOCALES[code].prefix}/vouchers" + (f"?{query}" if query else "")


def _text(html: str) -> str:
    """What a reader sees: the body without tags, scripts and styles, entities read."""
    import html as html_module

    body = html.split("<body", 1)[1]
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return html_module.unescape(re.sub(r"<[^>]+>", " ", body))


def _brand_name(code: str) -> str:
    """The name of the test server's brand as its pages write it (Hebrew on Hebrew pages)."""
    return brand_of("testserver", 1).text("name", code)


def _section(code: str) -> dict[str, str]:
    """The vouchers' own messages of a locale, by their keys within the section."""
    return {k.split(".", 1)[1]: v for k, v in messages(code).items() if k.startswith("vouchers.")}


# --- who may see them -----------------------------------------------------------------------


def test_an_anonymous_visitor_is_sent_to_log_in_and_back(client, booking):
    _row, uuid = booking
    for path in ("/vouchers", f"/vouchers?booking={uuid}&format=pdf", "/he/vouchers"):
        response = client.get(path)
        assert response.status_code == 302
        assert "/login?next=" in response["Location"], response["Location"]


@pytest.mark.parametrize("path", ["/vouchers", "/vouchers?booking={uuid}&format=pdf"])
def test_a_traveller_without_the_vouchers_option_is_refused_even_by_url(
    traveller_client, demo_bookings, path
):
    own = next(b for b in demo_bookings if b.reference == "TN-TESS2A")  # the traveller's own
    response = traveller_client.get(path.format(uuid=link(own.public_id)))
    assert response.status_code == 403
    assert response["Content-Type"].startswith("text/html")


def test_the_power_user_sees_their_own_voucher_and_no_one_elses(power_client):
    response = power_client.get("/vouchers")
    assert response.status_code == 200
    html = response.content.decode()
    assert REFERENCE in html and "<svg" in html
    assert not any(other in html for other in OTHERS)
    assert "no-store" in response["Cache-Control"] or "private" in response["Cache-Control"]


def test_one_voucher_alone_and_404_for_any_other_booking(power_client, booking, demo_bookings):
    row, uuid = booking
    response = power_client.get(f"/vouchers?booking={uuid}")
    assert response.status_code == 200
    html = response.content.decode()
    assert REFERENCE in html and translate("vouchers.all", "en") in html
    assert html.count('class="voucher card"') == 1
    # Another's booking, which power's reservations action could read: not a voucher of theirs.
    other = next(b for b in demo_bookings if b.reference == "TN-TESS2A")
    for wanted in (str(link(other.public_id)), "00000000-0000-0000-0000-000000000000", "nope"):
        assert power_client.get(f"/vouchers?booking={wanted}").status_code == 404
        assert power_client.get(f"/vouchers?booking={wanted}&format=pdf").status_code == 404


# --- the page in every locale ---------------------------------------------------------------

RAW_KEY = re.compile(
    r"\b(?:vouchers|transaction|search|book|hotel|results|picker|guests|board|pages)\.[a-z_]+"
)


@pytest.mark.parametrize("code", LOCALE_CODES)
def test_the_page_speaks_every_locale(power_client, booking, code):
    row, _uuid = booking
    response = power_client.get(_address(code))
    assert response.status_code == 200
    html = response.content.decode()
    locale = LOCALES[code]
    assert f'<html lang="{locale.iso}" dir="{locale.dir}"' in html
    text = _text(html)
    assert not RAW_KEY.search(text), RAW_KEY.search(text).group(0)
    words = _section(code)
    for key in ("heading", "intro", "print_hint", "upcoming_title", "download_pdf", "open"):
        assert words[key] in text, (code, key)
    nights = (row.check_out - row.check_in).days
    assert translate("picker.nights", code, count=nights) in text
    assert format_day(row.check_in, code) in text
    assert translate("vouchers.issued_by", code, brand=_brand_name(code)) in text
    if code != "en":  # no sentence of the section left in English
        english = _section("en")
        left = [k for k, v in english.items() if len(v.split()) >= 3 and v != words[k]]
        left = [k for k in left if english[k] in text]
        assert not left, (code, left)


def test_the_download_link_and_its_label_name_the_booking(power_client, booking):
    _row, uuid = booking
    html = power_client.get("/ja/vouchers").content.decode()
    assert f'href="/ja/vouchers?booking={uuid}&amp;format=pdf"' in html
    assert translate("vouchers.download_label", "ja", reference=REFERENCE) in html
    assert translate("vouchers.qr_label", "ja", reference=REFERENCE) in html


def test_no_confirmed_booking_says_so(power_client, monkeypatch):
    empty = upstream.Listing(reservations=(), total=0, page=1, pages=1, per_page=100)
    monkeypatch.setattr(upstream, "bookings", lambda **kwargs: empty)
    html = power_client.get("/he/vouchers").content.decode()
    assert translate("vouchers.empty", "he") in html


def test_upcoming_then_past_and_what_the_traveller_asked_for(power_client, monkeypatch):
    """Each listing's bookings under its heading (a cancelled one that a listing would still
    carry shows no voucher); a special request is written as the traveller wrote it."""
    real = upstream.bookings
    cookies = dict(power_client.session["provider"]["cookies"])
    own = real(cookies=cookies, locale="en", status="upcoming").reservations[0]
    stayed = replace(own, id="bk_stayed", reference="TN-PAST01", special_requests="Quiet, please.")
    gone = replace(own, id="bk_gone", reference="TN-GONE01", status="cancelled")
    lists = {"upcoming": (own, gone), "past": (stayed,)}

    def listing(*, status, **kwargs):
        rows = lists[status]
        return upstream.Listing(reservations=rows, total=len(rows), page=1, pages=1, per_page=100)

    monkeypatch.setattr(upstream, "bookings", listing)
    text = _text(power_client.get("/de/vouchers").content.decode())
    upcoming, past = (
        translate("vouchers.upcoming_title", "de"),
        translate("vouchers.past_title", "de"),
    )
    assert text.index(upcoming) < text.index(REFERENCE) < text.index(past) < text.index("TN-PAST01")
    assert "TN-GONE01" not in text
    assert translate("vouchers.special_requests", "de") in text and "Quiet, please." in text


# --- the QR code ----------------------------------------------------------------------------


def _modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules an SVG of segno's draws: its path's runs (``M x y`` moves, ``m dx dy``
    moves by, ``h n`` draws ``n`` modules on the row, whose middle is the ``.5``)."""
    path = re.search(r'<path class="qrline"[^>]* d="([^"]+)"', svg).group(1)
    x = y = 0.0
    dark = set()
    for command, numbers in re.findall(r"([MmHh])([-\d. ]+)", path):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            length = values[0]
            dark |= {(int(y), int(x + i)) for i in range(int(length))}
            x += length
    return dark


def test_the_qr_code_is_the_reference(power_client):
    """The page's SVG, read module by module, is the QR code of the reference and nothing else
    (segno cannot decode: the code is made again from the reference and compared)."""
    html = power_client.get("/vouchers").content.decode()
    svg = re.search(r'<div class="voucher__qr"[^>]*>(<svg.*?</svg>)', html, re.S).group(1)
    border = 4
    expected = segno.make_qr(REFERENCE, error="m")
    drawn = {
        (row + border, col + border)
        for row, line in enumerate(expected.matrix)
        for col, dark in enumerate(line)
        if dark
    }
    assert _modules(svg) == drawn
    assert 'viewBox="0 0 29 29"' in svg  # version 1: 21 modules and the quiet zone


# --- the PDF --------------------------------------------------------------------------------


def _pieces(page) -> str:
    """The page's text as the PDF draws it, each run it shows apart (pypdf's own text glues a
    right-to-left label to its value: ``مدة الإقامةليلتان``)."""
    parts = []
    page.extract_text(visitor_text=lambda part, *_args: parts.append(part))
    return " ".join(parts)


def _pdf(client, uuid: str, code: str):
    response = client.get(_address(code, f"booking={uuid}&format=pdf"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="voucher-{REFERENCE}.pdf"'
    assert response["Cache-Control"] == "private, no-store"
    return pypdf.PdfReader(io.BytesIO(response.content))


def _fonts(reader) -> set[str]:
    names = set()
    for page in reader.pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+", 1)[-1])
    return names


def _thai(text: str) -> str:
    """A PDF maps each glyph to one text, and HarfBuzz draws SARA AM (ำ) as NIKHAHIT and SARA AA:
    the extractor gives back either for that glyph. Both sides are compared without the
    difference (the page shows the right letters; see the rendered PNG in the report)."""
    return text.replace("\u0e33", "\u0e32").replace("\u0e4d", "")


def _same_text(text: str) -> str:
    return _thai(re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)))


def _tokens(text: str) -> Counter:
    """Words and numbers, Latin runs apart from the others': a right-to-left line comes out of
    the extractor in visual order of its runs (``2026 בדצמבר 13 ,יום ראשון``), each run's
    letters in reading order, so the comparison is of the words, not their order."""
    text = unicodedata.normalize("NFKC", text)
    return Counter(re.findall(r"\d+|[A-Za-z]+|[^\W\dA-Za-z_]+", text))


WRITTEN = {  # the catalog keys the PDF must show in the locale's words
    "vouchers.heading": {},
    "vouchers.intro": {},
    "vouchers.qr_caption": {},
    "vouchers.length": {},
    "vouchers.booked_on": {},
    "transaction.reference": {},
    "search.check_in": {},
    "search.check_out": {},
    "book.at_hotel_total": {},
}
FONT = {"he": "Noto-Sans-Hebrew", "ar": "Noto-Sans-Arabic", "th": "Noto-Sans-Thai"}


@pytest.mark.parametrize("code", PDF_LOCALES)
def test_the_pdf_is_written_in_the_visitors_language_and_direction(power_client, booking, code):
    row, uuid = booking
    reader = _pdf(power_client, uuid, code)
    assert len(reader.pages) == 1
    page = reader.pages[0]
    text = _pieces(page)
    assert "\ufffd" not in text
    reservation = upstream.bookings(
        cookies=dict(power_client.session["provider"]["cookies"]), locale=code
    ).reservations[0]
    expected = [
        REFERENCE,
        reservation.hotel_name,
        format_day(row.check_in, code),
        format_day(row.check_out, code),
        translate("picker.nights", code, count=reservation.nights),
        translate(f"board.{reservation.board}", code),
        translate("vouchers.issued_by", code, brand=_brand_name(code)),
        *(translate(key, code, **params) for key, params in WRITTEN.items()),
    ]
    rtl = LOCALES[code].dir == "rtl"
    if rtl:
        found = _tokens(text)
        for phrase in expected:
            missing = _tokens(phrase) - found
            assert not missing, (code, phrase, missing)
    else:
        found = _same_text(text)
        for phrase in expected:
            assert _same_text(phrase) in found, (code, phrase)
    # The script's own Noto face is embedded: the shaped text is really there, not boxes.
    fonts = _fonts(reader)
    assert any(name.startswith("Noto-Sans") for name in fonts), fonts
    if code in FONT:
        assert FONT[code] in fonts, fonts
    if code == "ja":
        assert "Noto-Sans-CJK-JP" in fonts, fonts
    # Laid out in the direction of the language: the labels' column starts on its side.
    label = translate("search.check_in", code)
    where = []

    def visit(part, cm, tm, _font, _size):
        if part.strip() and part.strip() in label:
            where.append(tm[4] * cm[0] + cm[4])

    page.extract_text(visitor_text=visit)
    middle = float(page.mediabox.width) / 2
    assert where and all((x > middle) == rtl for x in where), (code, where, middle)


def test_the_pdf_carries_the_brand(power_client, booking):
    _row, uuid = booking
    reader = _pdf(power_client, uuid, "en")
    text = reader.pages[0].extract_text()
    brand = _brand_name("en")
    assert translate("vouchers.issued_by", "en", brand=brand) in text
    assert reader.metadata.title == translate("vouchers.pdf_title", "en", reference=REFERENCE)
    # The logo: an image or drawing from our static files, inlined (the page loads nothing).
    assert "/XObject" in reader.pages[0]["/Resources"]


# --- the provider down or slow --------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "he", "ja"])
@pytest.mark.parametrize("query", ["", "booking={uuid}", "booking={uuid}&format=pdf"])
def test_the_provider_down_is_a_localised_message_not_a_500(
    power_client, booking, monkeypatch, code, query
):
    _row, uuid = booking

    def down(**kwargs):
        raise UpstreamUnavailable("the provider is down")

    monkeypatch.setattr(upstream, "bookings", down)
    response = power_client.get(_address(code, query.format(uuid=uuid)))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "no-store" in response["Cache-Control"]
    assert translate("vouchers.unavailable", code) in response.content.decode()


def test_the_provider_slow_is_the_same_message_within_the_page_budget(
    client, demo_bookings, provider_proxy, settings
):
    _power(client)
    settings.PAGE_BUDGET_SECONDS, settings.UPSTREAM_READ_TIMEOUT = 1.0, 1.0
    provider_proxy.mode, provider_proxy.delay = "slow", 10.0
    started = datetime.now(UTC)
    response = client.get("/he/vouchers")
    assert (datetime.now(UTC) - started).total_seconds() < 5
    assert response.status_code == 200
    assert translate("vouchers.unavailable", "he") in response.content.decode()
