/**
 * The footer's country control: a button showing the chosen country (the same box as the no-JS
 * link in templates/includes/country_picker.html, which leads to a page with a select) that opens
 * the searchable country dialog; its code and the locale's country list load on first open. The
 * island itself loads at the first interaction with the link (footer.html: `load "interaction"`).
 * Props: storefront.chrome.islands.country_picker_props.
 */
import { useCallback, useState } from "react";
import LazyDialog from "./LazyDialog.jsx";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";

const loadCountries = () => import("./dialogs/CountryDialog.jsx");

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("country_picker_props()", {
    current: props.current === null || typeof props.current === "string",
    name: props.name === null || typeof props.name === "string",
    list: typeof props.list === "string",
  });
}

export default function CountryPicker(props) {
  const { current, name, list } = props;
  const { t } = props.i18n;
  const [open, setOpen] = useState(false);
  // Opened by a click on the server's link before this island was on screen (main.js holds it).
  useHeldAction(props.resume, (action) => action === "open" && setOpen(true));
  const close = useCallback(() => setOpen(false), []);

  return (
    <>
      <button type="button" className="select country-button" aria-haspopup="dialog" aria-describedby="footer-country"
        data-focus-key="country" onClick={() => setOpen(true)}>
        <span className="country-button__name">{name ? t("country.current", { name }) : t("country.none")}</span>
        <Icon name="chevron" small />
      </button>
      <LazyDialog load={loadCountries} list={list} open={open} onClose={close} t={t} current={current} />
    </>
  );
}
