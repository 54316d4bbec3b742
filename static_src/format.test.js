/** Checks static_src/format.js against the shared vectors (the pytest suite checks Babel). */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import { currencyDecimals, formatArea, formatList, formatMoney } from "./format.js";

const vectors = JSON.parse(readFileSync(new URL("../fixtures/format-vectors.json", import.meta.url)));

for (const v of vectors.money) {
  test(`formatMoney ${v.locale} ${v.currency} ${v.amount} ${JSON.stringify(v.options)}`, () => {
    assert.equal(formatMoney(v.amount, v.currency, v.iso, v.options), v.icu ?? v.expected);
  });
}

for (const v of vectors.area) {
  test(`formatArea ${v.locale} ${v.square_metres} ${v.unit}`, () => {
    assert.equal(formatArea(v.square_metres, v.unit, v.iso), v.icu ?? v.expected);
  });
}

for (const v of vectors.list) {
  test(`formatList ${v.locale} ${v.items.length}`, () => {
    assert.equal(formatList(v.items, v.locale), v.expected);
  });
}

test("currencyDecimals gives CLDR's decimals (the server's), not the runtime ICU's defaults", () => {
  for (const [currency, digits] of Object.entries(vectors.currency_digits)) {
    assert.equal(currencyDecimals(currency), digits, currency);
  }
});
