/** Every catalog is found by i18next under its own locale code (case included). */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import test from "node:test";
import { createI18n } from "./i18n.js";

const dir = new URL("../locales/", import.meta.url);

for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
  const code = file.slice(0, -".json".length);
  test(`i18next reads locales/${file} for ${code}`, async () => {
    const catalog = JSON.parse(readFileSync(new URL(file, dir), "utf8"));
    const i18n = await createI18n(code, catalog);
    assert.ok(i18n.hasResourceBundle(i18n.language, "translation"), i18n.language);
    assert.equal(i18n.t("currency.title"), catalog.currency.title);
    assert.equal(i18n.t("pages.login.title"), catalog.pages.login.title);
    assert.equal(i18n.t("a11y.home_link", { brand: "B" }), catalog.a11y.home_link.replace("{{brand}}", "B"));
  });
}
