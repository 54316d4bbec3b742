/**
 * The footer's country control: a button showing the chosen country (same box as the no-JS
 * select in templates/includes/country_picker.html) that opens the searchable country dialog,
 * loaded on first open. Props: storefront.islands.props.country_picker_props.
 */
import { useCallback, useState } from "react";
import LazyDialog from "./LazyDialog.jsx";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";

const loadCountries = () => import("./dialogs/CountryDialog.jsx");

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("country_picker_props()", {
    current: props.current === null || typeof props.current === "string",
    groups:
      Array.isArray(props.groups) &&
      props.groups.every((group) => typeof group?.name === "string" && Array.isArray(group.countries)),
  });
}

export default function CountryPicker(props) {
  const { current, groups } = props;
  const { t } = props.i18n;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const row = groups.flatMap((group) => group.countries).find(([code]) => code === current);
  const name = row ? row[1] : null;

  return (
    <>
      <button type="button" className="select country-button" aria-haspopup="dialog" aria-describedby="footer-country"
        onClick={() => setOpen(true)}>
        {row?.[2] && <span aria-hidden="true">{row[2]}</span>}
        <span className="country-button__name">{name ? t("country.current", { name }) : t("country.none")}</span>
        <Icon name="chevron" small />
      </button>
      <LazyDialog load={loadCountries} open={open} onClose={close} t={t} current={current} groups={groups} />
    </>
  );
}
