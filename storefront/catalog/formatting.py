"""Money, area, review-score and list display rules (spec section 5), the same as
static_src/format.js.

Both sides are checked against one vector file, ``fixtures/format-vectors.json``. Money uses CLDR
patterns (Babel here, ``Intl.NumberFormat`` in the browser) with the page's locale and the
currency's own number of decimals (CLDR's, on both sides), rounding half away from zero as ICU
does. Two CLDR rules that Babel leaves out are applied here as ICU applies them: a pattern's ``-``
is the locale's minus sign, and a currency symbol that ends (or starts) with a letter is kept
apart from the digits by a no-break space (``currencySpacing``: "HUF 1,234.50", "Rp 1.234,50").
"""

import re
import unicodedata
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import cache, lru_cache
from numbers import Real

from babel import Locale as BabelLocale
from babel.dates import format_date, format_interval, format_time
from babel.lists import format_list as babel_list
from babel.numbers import (
    get_currency_precision,
    get_currency_symbol,
    get_minus_sign_symbol,
    parse_pattern,
)

from storefront.i18n.locales import get_locale

NOT_A_NUMBER = "#NaN!"
# CLDR minimumGroupingDigits = 2 (no separator in 1234): Babel does not carry this field, so the
# locales are listed here (read off ICU's CLDR data, which the browser applies).
MIN_TWO_DIGIT_GROUPING = frozenset({"bg", "es", "et", "hu", "it", "pl", "pt", "sl"})
# Digits of the numbering systems we offer: Babel switches symbols but not digits.
NUMBERING_DIGITS = {"arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹", "deva": "०१२३४५६७८९"}
# CLDR currencySpacing (root; none of our locales changes it): between a currency symbol whose
# character next to the number is neither a symbol (S*) nor a space (Z*) and a digit, insert this.
CURRENCY_SPACING = "\u00a0"
SQUARE_METRES_PER_SQUARE_FOOT = Decimal("0.09290304")
AREA_UNITS = {"m": "m²", "f": "ft²"}


@cache
def _babel(locale: str) -> BabelLocale:
    """Babel's locale for a page locale, parsed once per process (parsing is not free)."""
    return BabelLocale.parse(get_locale(locale).babel)


def _finite(value) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, (Real, Decimal, str)):
        return None
    try:
        number = Decimal(str(value).strip())
    except ArithmeticError:
        return None
    return number if number.is_finite() else None


def currency_decimals(currency: str) -> int:
    return get_currency_precision(currency)


def _spaced(symbol_char: str) -> bool:
    return unicodedata.category(symbol_char)[0] not in "SZ"


def _render(
    pattern_text: str,
    number: Decimal,
    locale: str,
    *,
    digits: int,
    numbering: str,
    currency: str | None = None,
) -> str:
    """``number`` through a CLDR pattern, with the CLDR rules Babel leaves out (module doc).
    Kept per arguments (``_kept``): a results page formats forty prices, and a stay's prices
    come back on each of its pages, sorts and filters. Equal numbers with the same ``digits``
    read the same (``Decimal("1.0")`` may share ``Decimal("1.00")``'s entry), but for the sign
    of zero, which the key carries: ``-0`` reads "-$0.00", as in ICU."""
    return _kept(pattern_text, number, number.is_signed(), locale, digits, numbering, currency)


@lru_cache(maxsize=8192)
def _kept(pattern_text, number, signed, locale, digits, numbering, currency) -> str:
    pattern, system = _pattern(pattern_text, locale, digits, numbering, currency)
    with localcontext() as context:
        context.rounding = ROUND_HALF_UP
        text = pattern.apply(
            number,
            _babel(locale),
            currency=currency,
            currency_digits=False,
            group_separator=_groups(locale, number),
            numbering_system=system,
        )
    return _digits(text, numbering)


@lru_cache(maxsize=1024)
def _pattern(pattern_text: str, locale: str, digits: int, numbering: str, currency: str | None):
    """The parsed pattern for these settings, with the locale's minus sign and the currency's
    spacing, and the numbering system whose symbols it uses: the same for every number, so
    parsed once (a results page formats forty prices). Never changed once made."""
    babel_locale = _babel(locale)
    # A numbering system the locale has no symbols for keeps the default symbols; its digits
    # are still swapped in by _digits.
    system = numbering if numbering in babel_locale.number_symbols else "default"
    pattern = parse_pattern(pattern_text)
    pattern.frac_prec = (digits, digits)
    minus = get_minus_sign_symbol(babel_locale, numbering_system=system)
    prefixes = [pattern.prefix[0], pattern.prefix[1].replace("-", minus)]
    suffixes = [pattern.suffix[0], pattern.suffix[1].replace("-", minus)]
    if currency:
        symbol = get_currency_symbol(currency, babel_locale)
        for i in (0, 1):
            if prefixes[i].endswith("¤") and _spaced(symbol[-1]):
                prefixes[i] += CURRENCY_SPACING
            if suffixes[i].startswith("¤") and _spaced(symbol[0]):
                suffixes[i] = CURRENCY_SPACING + suffixes[i]
    pattern.prefix, pattern.suffix = tuple(prefixes), tuple(suffixes)
    return pattern, system


def _groups(locale: str, number: Decimal) -> bool:
    return not (get_locale(locale).code in MIN_TWO_DIGIT_GROUPING and abs(number) < 10000)


def _digits(text: str, numbering: str) -> str:
    digits = NUMBERING_DIGITS.get(numbering)
    return text.translate(str.maketrans("0123456789", digits)) if digits else text


def format_money(
    amount,
    currency: str,
    locale: str,
    *,
    no_decimals: bool = False,
    minor_units: bool = False,
    extra_decimals: int = 0,
    numbering: str = "default",
) -> str:
    """``amount`` of ``currency`` for the page ``locale`` ("de", "pt-br").

    ``no_decimals`` shows whole units; ``minor_units`` means ``amount`` is in cents (divided by
    10 ** the currency's decimals); ``extra_decimals`` adds digits beyond the currency's own;
    ``numbering`` picks a CLDR numbering system ("arab" for Arabic-Indic digits). Anything that is
    not a finite number shows as ``#NaN!``.
    """
    number = _finite(amount)
    if number is None:
        return NOT_A_NUMBER
    decimals = currency_decimals(currency)
    if minor_units:
        number = number.scaleb(-decimals)
    digits = 0 if no_decimals else decimals + max(0, int(extra_decimals))
    standard = _babel(locale).currency_formats["standard"]
    text = _render(
        standard.pattern, number, locale, digits=digits, numbering=numbering, currency=currency
    )
    return _isolated(text) if get_locale(locale).dir == "rtl" else text


# In a right-to-left page a currency symbol made of Latin letters and a sign ("US$", "CA$") is
# torn apart by the bidirectional algorithm: the letters run left to right, the "$" takes the
# page's direction, and "595.95 US$" shows as "$US 595.95". Such a symbol is kept whole in a
# left-to-right isolate (U+2066 ... U+2069), as static_src/format.js does.
_LATIN_WITH_SIGN = re.compile(r"[^\s0-9]*[A-Za-z][^\s0-9]*")
LRI, PDI = "\u2066", "\u2069"
BIDI_CONTROLS = re.compile("[\u200e\u200f\u061c\u2066-\u2069]")


def _isolated(text: str) -> str:
    def isolate(match):
        token = match.group(0)
        return token if re.fullmatch(r"[A-Za-z]+", token) else f"{LRI}{token}{PDI}"

    return _LATIN_WITH_SIGN.sub(isolate, text)


def plain_text(text: str) -> str:
    """``text`` without the invisible direction marks and isolates the formats add (for data
    read by machines: structured data, a CSV)."""
    return BIDI_CONTROLS.sub("", text)


def format_moment(iso: str, locale: str) -> str:
    """An ISO date and time with its UTC offset ("2027-03-08T23:59:00+01:00") as the locale
    writes a date and time, at that offset (a hotel's deadline in the hotel's own time); the
    text as given when it is not one."""
    try:
        moment = datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return str(iso)
    babel = _babel(locale)
    time = format_time(moment, "short", tzinfo=moment.tzinfo, locale=babel)
    day = format_date(moment.date(), "medium", locale=babel)
    return str(babel.datetime_formats["medium"]).replace("{1}", day).replace("{0}", time)


def format_day(day, locale: str) -> str:
    """A calendar day as the locale writes it in full, weekday included ("Wednesday, March
    10, 2027"): a stay's dates on the booking page."""
    return format_date(day, "full", locale=_babel(locale))


def format_stay(check_in, check_out, locale: str, *, year: bool = False) -> str:
    """A stay's two days as the locale writes a short range of days, without the year (a search
    is for the coming year): "Mar 10 – 13", "10.–13. März", "3月10日～13日", "10–13 במרץ";
    across months "Mar 30 – Apr 2". CLDR's interval formats (Babel). ``year``: with it ("Mar 10
    – 13, 2027"), for lists of stays past and to come (the agents' dashboard)."""
    return format_interval(check_in, check_out, "yMMMd" if year else "MMMd", locale=_babel(locale))


def format_clock(hhmm: str, locale: str) -> str:
    """A hotel's local time of day ("15:00") as the locale writes it ("3:00 PM" in en); the
    text as given when it is not one."""
    try:
        clock = datetime.strptime(hhmm, "%H:%M").time()
    except (TypeError, ValueError):
        return str(hhmm)
    return format_time(clock, "short", locale=_babel(locale))


def format_area(square_metres, unit: str, locale: str) -> str:
    """An area in square metres shown in the visitor's unit ("m" or "f"), whole numbers."""
    number = _finite(square_metres)
    if number is None or unit not in AREA_UNITS:
        return NOT_A_NUMBER
    if unit == "f":
        number = number / SQUARE_METRES_PER_SQUARE_FOOT
    whole = number.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    standard = _babel(locale).decimal_formats[None]
    value = _render(standard.pattern, whole, locale, digits=0, numbering="default")
    return f"{value}\u00a0{AREA_UNITS[unit]}"


def format_score(score, locale: str) -> str:
    """A review score as the locale writes a number with one decimal ("9.4", "9,4" in de and
    fr); "" for no score."""
    number = _finite(score)
    if number is None:
        return ""
    tenths = number.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    return _render("0.0", tenths, locale, digits=1, numbering="default")


# ICU's contextual list rules, which Babel leaves out (CLDR gives the plain pattern only): in
# Hebrew "ו" is written "ו-" before anything but a Hebrew letter ("ו-2 חדרים"); in Spanish "y"
# is "e" before an i sound ("i", "hi", but not "hia", "hie"...).
_ITEM, _END = "\x02", "\x03"
_HEBREW_AND = re.compile(rf"ו{_ITEM}(?![\u05d0-\u05ea])")
_SPANISH_AND = re.compile(rf"\by {_ITEM}(?=h?i(?![aeiouáéíóú]))", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _listed(items: tuple[str, ...], locale: str) -> str:
    marked = [f"{_ITEM}{item}{_END}" for item in items]
    text = babel_list(marked, style="standard", locale=_babel(locale))
    language = get_locale(locale).babel.split("_")[0]
    if language == "he":
        text = _HEBREW_AND.sub(f"ו-{_ITEM}", text)
    elif language == "es":
        text = _SPANISH_AND.sub(f"e {_ITEM}", text)
    return text.replace(_ITEM, "").replace(_END, "")


def format_list(items, locale: str) -> str:
    """Items joined as the locale joins a list ("2 adults and 1 child", "大人2名、子ども1名",
    "بالغان وطفل"): CLDR's list patterns (Babel; ``Intl.ListFormat`` in the browser)."""
    items = tuple(str(item) for item in items if item)
    return _listed(items, locale) if items else ""
