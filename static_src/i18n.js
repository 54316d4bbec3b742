/**
 * i18next, initialised with the page's locale and only that locale's catalog.
 * The catalogs are the same `locales/{code}.json` files Django reads; esbuild turns each into its
 * own lazy chunk, so a page downloads exactly one.
 */
import i18next from "i18next";

export async function initI18n(locale) {
  const { default: catalog } = await import(`../locales/${locale}.json`);
  const instance = i18next.createInstance();
  await instance.init({
    lng: locale,
    resources: { [locale]: { translation: catalog } },
    interpolation: { escapeValue: false }, // React escapes what it renders
    returnNull: false,
  });
  return instance;
}
