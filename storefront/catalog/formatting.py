"""Money, area and star-rating display rules (spec section 5), the same as static_src/format.js.

Both sides are checked against one vector file, ``fixtures/format-vectors.json``. Money uses CLDR
patterns (Babel here, ``Intl.NumberFormat`` in the browser) with the page's locale and the
currency's own number of decimals, rounding half away from zero as ICU does.
"""

import math
from decimal import ROUND_HALF_UP, Decimal, localcontext
from numbers import Real

from babel import Locale as BabelLocale
from babel.numbers import (
    UnsupportedNumberingSystemError,
    format_decimal,
    get_currency_precision,
    parse_pattern,
)

from storefront.i18n.locales import get_locale

NOT_A_NUMBER = "#NaN!"
# CLDR minimumGroupingDigits = 2 (no separator in 1234): Babel does not carry this field, so the
# locales are listed here (read off ICU's CLDR data, which the browser applies).
MIN_TWO_DIGIT_GROUPING = frozenset({"bg", "es", "et", "hu", "it", "pl", "pt", "sl"})
# Digits of the numbering systems we offer: Babel switches symbols but not digits.
NUMBERING_DIGITS = {"arab": "٠١٢٣٤٥٦٧٨٩", "arabext": "۰۱۲۳۴۵۶۷۸۹", "deva": "०१२३४५६७८९"}
SQUARE_METRES_PER_SQUARE_FOOT = Decimal("0.09290304")
AREA_UNITS = {"m": "m²", "f": "ft²"}


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
    babel_locale = BabelLocale.parse(get_locale(locale).babel)
    pattern = parse_pattern(babel_locale.currency_formats["standard"])
    pattern.frac_prec = (digits, digits)
    kwargs = {
        "currency": currency,
        "currency_digits": False,
        "group_separator": _groups(locale, number),
    }
    with localcontext() as context:
        context.rounding = ROUND_HALF_UP
        try:
            text = pattern.apply(number, babel_locale, numbering_system=numbering, **kwargs)
        except UnsupportedNumberingSystemError:
            text = pattern.apply(number, babel_locale, numbering_system="default", **kwargs)
    return _digits(text, numbering)


def format_area(square_metres, unit: str, locale: str) -> str:
    """An area in square metres shown in the visitor's unit ("m" or "f"), whole numbers."""
    number = _finite(square_metres)
    if number is None or unit not in AREA_UNITS:
        return NOT_A_NUMBER
    if unit == "f":
        number = number / SQUARE_METRES_PER_SQUARE_FOOT
    whole = number.quantize(Decimal(1), rounding=ROUND_HALF_UP)
    value = format_decimal(
        whole,
        locale=get_locale(locale).babel,
        numbering_system="default",
        group_separator=_groups(locale, whole),
    )
    return f"{value}\u00a0{AREA_UNITS[unit]}"


def shows_stars(stars) -> bool:
    """A star rating is shown only when it is more than 0 and less than 6."""
    number = _finite(stars)
    return number is not None and 0 < number < 6 and not math.isnan(float(number))
