/**
 * The page's catalog (`.build/catalogs/page/{code}.json`, one lazy chunk per locale), asked for
 * once. Kept apart from i18n.js so that main.js can start fetching it without i18next.
 */
const pending = new Map();

export function loadCatalog(code) {
  if (!pending.has(code)) {
    pending.set(
      code,
      import(`../.build/catalogs/page/${code}.json`).then(({ default: catalog }) => catalog),
    );
  }
  return pending.get(code);
}
