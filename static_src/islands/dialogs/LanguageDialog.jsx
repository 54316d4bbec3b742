/**
 * Language picker: the 39 locales by their own names, each a link to the current page in that
 * locale (through /preferences/language, which remembers the choice); it closes as the locale
 * changes. Props: header_props()["language"].
 */
import Dialog from "../Dialog.jsx";

export default function LanguageDialog({ open, onClose, t, current, links }) {
  return (
    <Dialog open={open} onClose={onClose} title={t("language.title")} titleId="language-dialog-title"
      variant="bottom" closeLabel={t("dialog.close")}>
      <ul className="language-list">
        {links.map((link) => (
          <li key={link.code}>
            <a href={link.href} hrefLang={link.iso} data-locale={link.code}
              aria-current={link.code === current ? "true" : undefined} onClick={onClose}>
              <span lang={link.iso} dir={link.dir}>{link.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
