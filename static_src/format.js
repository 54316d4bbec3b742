/**
 * Money, area and star-rating display rules (spec section 5), the same as
 * storefront/catalog/formatting.py. Both are checked against fixtures/format-vectors.json.
 */
export const NOT_A_NUMBER = "#NaN!";
const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;
const AREA_UNITS = { m: "m²", f: "ft²" };

function finite(value) {
  if (typeof value === "boolean" || value === null || value === undefined || value === "") return null;
  const number = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : null;
}

export function currencyDecimals(currency) {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
    .maximumFractionDigits;
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
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(numbering && numbering !== "default" ? { numberingSystem: numbering } : {}),
  }).format(number);
}

/** An area in square metres shown in the visitor's unit ("m" or "f"), whole numbers. */
export function formatArea(squareMetres, unit, locale) {
  let number = finite(squareMetres);
  if (number === null || !(unit in AREA_UNITS)) return NOT_A_NUMBER;
  if (unit === "f") number /= SQUARE_METRES_PER_SQUARE_FOOT;
  const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(number));
  return `${value}\u00a0${AREA_UNITS[unit]}`;
}

/** A star rating is shown only when it is more than 0 and less than 6. */
export function showsStars(stars) {
  const number = finite(stars);
  return number !== null && number > 0 && number < 6;
}
