/**
 * An island's first words: what its first render shows, resolved by the server from the one
 * catalog per locale and sent in its props (`words`, storefront/islands/words.py). An island that
 * mounts before the visitor does anything (the search box) then renders without i18next and the
 * page's catalog, which cost more than any island's own code (21 KB of the home page's 93 KB).
 *
 * `t(key)` reads `words[key]` and `t(key, { count })` reads `words["key#count"]`: the server sends
 * exactly the messages the island's first render and its own checks can show. A `{{name}}` the
 * server left in a message (the hearts of a results page share their words) is filled from
 * `t`'s options, as i18next fills it. Whatever opens
 * later (a dialog, the destination combobox) waits for `t.ready()`, which loads i18next with the
 * page's catalog; from then on `t` is i18next's, so the texts never change under the visitor.
 */

/** The `i18n` an island with first words receives: `{ t }`, with `t.ready()` as above. */
export function firstWords(words, locale) {
  let full = null;
  let loading = null;
  const t = (key, options) => {
    if (full) return full.t(key, options);
    const id = options && "count" in options ? `${key}#${options.count}` : key;
    if (Object.hasOwn(words, id)) return fill(words[id], options);
    // A message the server did not send, shown before t.ready(): a bug, which shows its key
    // as i18next does for a message it lacks (the browser suite looks for keys in every locale).
    console.error(`first words: no "${id}" (load i18next with t.ready() before showing it)`);
    return key;
  };
  t.ready = () => {
    loading ??= import("./i18n.js")
      .then(({ initI18n }) => initI18n(locale))
      .then((instance) => {
        full = instance;
      });
    return loading;
  };
  return { t };
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** `text` with each `{{name}}` that `options` has filled (as i18next does, unescaped: React
 * escapes what it renders). */
function fill(text, options) {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (whole, name) => (Object.hasOwn(options, name) ? String(options[name]) : whole));
}

/** Resolves once `t` can say anything in the catalog (at once for i18next's own `t`). */
export function whenSpoken(t) {
  return typeof t?.ready === "function" ? t.ready() : Promise.resolve();
}
