/**
 * Language picker: the header chip opens a dialog (bottom sheet on phones) listing the 39
 * locales by their own names; each links to the current page in that locale and the dialog
 * closes as the locale changes. Props from storefront.islands.props.language_picker_props.
 */
import { useCallback, useState } from "react";
import Dialog from "./Dialog.jsx";
import { Icon } from "./icons.jsx";

function checkProps(props) {
  if (!Array.isArray(props.links) || typeof props.current !== "string") {
    throw new Error("LanguagePicker: props do not match language_picker_props()");
  }
  return props;
}

export default function LanguagePicker(props) {
  const { current, links } = checkProps(props);
  const t = props.i18n.t;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const currentName = links.find((link) => link.code === current)?.name ?? current;

  return (
    <>
      <button type="button" className="chip" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <Icon name="globe" />
        <span className="chip__text" lang="en">{current.toUpperCase()}</span>
        <span className="visually-hidden">{t("language.current", { name: currentName })}</span>
        <Icon name="chevron" small />
      </button>
      <Dialog open={open} onClose={close} title={t("language.title")} titleId="language-dialog-title"
        variant="bottom" closeLabel={t("living.dismiss")}>
        <ul className="language-list">
          {links.map((link) => (
            <li key={link.code}>
              <a href={link.href} hrefLang={link.iso} data-locale={link.code}
                aria-current={link.code === current ? "true" : undefined} onClick={close}>
                <span lang={link.iso} dir={link.dir}>{link.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </Dialog>
    </>
  );
}
