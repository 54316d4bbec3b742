/**
 * i18next, initialised with the page's locale and only that locale's catalog.
 * The catalogs are the same `locales/{code}.json` files Django reads, split by build.mjs into
 * what every island reads and the lead popup's texts; esbuild turns each into its own lazy
 * chunk, so a page downloads exactly one, and the popup's texts only when it is about to open.
 */
import i18next from "i18next";
import { loadCatalog } from "./catalogs.js";

/**
 * An i18next instance that reads `catalog` for the locale `code` (our lower-case code, "pt-br").
 * i18next keeps its language in canonical BCP 47 form and looks every message up under that name
 * ("pt-br" is "pt-BR", "zh-cn" "zh-CN", "tl-ph" "fil-PH"): a catalog stored under our code would
 * never be found there and every message would show its key. So the catalog goes under the name
 * i18next itself chose for the code.
 */
export async function createI18n(code, catalog) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: code,
    resources: {},
    interpolation: { escapeValue: false }, // React escapes what it renders
    returnNull: false,
  });
  instance.addResourceBundle(instance.language, "translation", catalog);
  return instance;
}

const instances = new Map();

/** The page's i18next instance, made once: islands mounted later (on interaction) share it. */
export function initI18n(code) {
  if (!instances.has(code)) {
    instances.set(
      code,
      loadCatalog(code).then((catalog) => createI18n(code, catalog)),
    );
  }
  return instances.get(code);
}

/** The page's instance with the lead popup's texts (`leads.*`) added. */
export async function withLeadTexts(code) {
  const [i18n, { default: texts }] = await Promise.all([
    initI18n(code),
    import(`../.build/catalogs/leads/leads-${code}.json`),
  ]);
  i18n.addResourceBundle(i18n.language, "translation", texts, true, true);
  return i18n;
}
