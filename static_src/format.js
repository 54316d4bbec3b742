/**
 * Money, area, star-rating and list display rules (spec section 5), the same as
 * storefront/catalog/formatting.py. Both are checked against fixtures/format-vectors.json.
 *
 * The server's CLDR (Babel) is authoritative, so two things are not left to the browser's ICU,
 * whose CLDR version varies: a currency's number of decimals (CLDR_DIGITS), and which CLDR
 * locale a page locale means (a bare "pt" is Brazilian in CLDR; our "pt" pages are pt-PT).
 */
export const NOT_A_NUMBER = "#NaN!";
// CLDR's decimals for the currencies that do not have 2 (Babel's get_currency_precision; the
// vectors' currency_digits check both sides). Intl's own defaults differ by ICU version: ICU 78
// gives HUF, IDR, COP and PKR 0 and RSD 2.
const CLDR_DIGITS = {
  ADP: 0, AFN: 0, ALL: 0, BHD: 3, BIF: 0, BYR: 0, CLF: 4, CLP: 0, DJF: 0, ESP: 0, GNF: 0, IQD: 0,
  IRR: 0, ISK: 0, ITL: 0, JOD: 3, JPY: 0, KMF: 0, KPW: 0, KRW: 0, KWD: 3, LAK: 0, LBP: 0, LUF: 0,
  LYD: 3, MGA: 0, MGF: 0, MMK: 0, MRO: 0, OMR: 3, PYG: 0, RSD: 0, RWF: 0, SLL: 0, SOS: 0, STD: 0,
  SYP: 0, TMM: 0, TND: 3, TRL: 0, UGX: 0, UYI: 0, UYW: 4, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  YER: 0, ZMK: 0, ZWD: 0,
};
// Page locales whose CLDR locale is not what the tag alone means (storefront/i18n/locales.py).
const CLDR_LOCALES = { pt: "pt-PT" };
const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;
const AREA_UNITS = { m: "m²", f: "ft²" };

function finite(value) {
  if (typeof value === "boolean" || value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : null;
}

export function currencyDecimals(currency) {
  return CLDR_DIGITS[String(currency).toUpperCase()] ?? 2;
}

function cldrLocale(locale) {
  return CLDR_LOCALES[String(locale ?? "").toLowerCase()] ?? locale;
}

/**
 * `amount` of `currency` for the page locale (a BCP 47 tag such as "pt-BR").
 * Options: noDecimals, minorUnits (amount in cents), extraDecimals, numbering ("arab").
 */
export function formatMoney(amount, currency, locale, options = {}) {
  let number = finite(amount);
  if (number === null) return NOT_A_NUMBER;
  const { noDecimals = false, minorUnits = false, extraDecimals = 0, numbering } = options;
  const decimals = currencyDecimals(currency);
  if (minorUnits) number /= 10 ** decimals;
  const digits = noDecimals ? 0 : decimals + Math.max(0, Math.trunc(extraDecimals));
  const text = new Intl.NumberFormat(cldrLocale(locale), {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(numbering && numbering !== "default" ? { numberingSystem: numbering } : {}),
  }).format(number);
  return RTL_LANGUAGES.has(String(locale).toLowerCase().split("-")[0]) ? isolated(text) : text;
}

// In a right-to-left page a currency symbol of Latin letters and a sign ("US$") is kept whole in
// a left-to-right isolate, or the bidi algorithm shows "$US 595.95" (the server does the same).
const RTL_LANGUAGES = new Set(["ar", "he"]);
function isolated(text) {
  return text.replace(/[^\s0-9]*[A-Za-z][^\s0-9]*/g, (token) =>
    /^[A-Za-z]+$/.test(token) ? token : `\u2066${token}\u2069`);
}

/** An area in square metres shown in the visitor's unit ("m" or "f"), whole numbers. */
export function formatArea(squareMetres, unit, locale) {
  let number = finite(squareMetres);
  if (number === null || !(unit in AREA_UNITS)) return NOT_A_NUMBER;
  if (unit === "f") number /= SQUARE_METRES_PER_SQUARE_FOOT;
  const value = new Intl.NumberFormat(cldrLocale(locale), { maximumFractionDigits: 0 }).format(Math.round(number));
  return `${value}\u00a0${AREA_UNITS[unit]}`;
}


/** Items joined as the locale joins a list ("2 adults and 1 child", "大人2名、子ども1名"):
 * CLDR's list patterns, as Babel joins them on the server. */
export function formatList(items, locale) {
  const kept = items.filter(Boolean).map(String);
  if (kept.length === 0) return "";
  return new Intl.ListFormat(cldrLocale(locale), { type: "conjunction", style: "long" }).format(kept);
}
