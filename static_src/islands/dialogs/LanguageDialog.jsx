/**
 * Language picker: the 39 locales by their own names, each a link to the current page in that
 * locale (through /preferences/language, which remembers the choice); it closes as the locale
 * changes. Props: header_props()["language"] (`current`, `next`: the page's path and query
 * without its locale prefix) and `choices`, the locales as LazyDialog loaded them from
 * `language.list` ([code, own name, BCP 47 tag, direction, path prefix], storefront/chrome/views.py).
 */
import Dialog from "../Dialog.jsx";

export function languageHref(prefix, code, next) {
  return `/preferences/language?${new URLSearchParams({ locale: code, next: `${prefix}${next}` })}`;
}

export default function LanguageDialog({ open, onClose, t, current, next, choices }) {
  return (
    <Dialog open={open} onClose={onClose} title={t("language.title")} titleId="language-dialog-title"
      variant="bottom" closeLabel={t("dialog.close")}>
      <ul className="language-list">
        {choices.map(([code, name, iso, dir, prefix]) => (
          <li key={code}>
            <a href={languageHref(prefix, code, next)} hrefLang={iso} data-locale={code}
              aria-current={code === current ? "true" : undefined} onClick={onClose}>
              <span lang={iso} dir={dir}>{name}</span>
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
