/**
 * Area unit toggle (spec section 4): m <-> f, kept under the `unit` key (default m) through the
 * state module. Areas on the page are rendered as `<span data-area-m="25">25 m²</span>`; this
 * rewrites them in the chosen unit (1 sq ft = 0.09290304 sq m, whole numbers) and tells other
 * islands through a `storefront:unit` event. Props: storefront.chrome.islands.unit_toggle_props.
 * The server draws the toggle with the default unit (templates/includes/unit_toggle.html); the
 * island loads on the first interaction, or at idle when the browser holds a stored unit
 * (`stored "unit"`).
 */
import { useEffect, useState } from "react";
import { readLocal, toggleUnit, writeLocal } from "../state.js";
import { formatArea } from "../format.js";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  checkShape("unit_toggle_props()", {
    units: Array.isArray(props.units) && props.units.includes(props.default),
  });
}

function showAreas(unit, locale) {
  for (const element of document.querySelectorAll("[data-area-m]")) {
    element.textContent = formatArea(Number(element.dataset.areaM), unit, locale);
  }
}

export default function UnitToggle(props) {
  const { units } = props;
  const { t } = props.i18n;
  const locale = document.documentElement.lang || "en";
  const [unit, setUnit] = useState(() => {
    const stored = readLocal("unit");
    return units.includes(stored) ? stored : props.default;
  });

  useEffect(() => {
    showAreas(unit, locale);
    window.dispatchEvent(new CustomEvent("storefront:unit", { detail: unit }));
  }, [unit, locale]);

  const next = toggleUnit(unit);
  const label = t("unit.switch_to", { current: t(`unit.${unit}`), next: t(`unit.${next}`) });

  function toggle() {
    writeLocal("unit", next);
    setUnit(next);
  }

  // A click on the server's toggle before this island was on screen (main.js holds it).
  useHeldAction(props.resume, (action) => action === "toggle" && toggle());

  return (
    <button type="button" className="chip unit-toggle" title={label} onClick={toggle} data-unit={unit} data-focus-key="unit">
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true" className={unit === "m" ? "unit-toggle__on" : undefined}>{t("unit.short_m")}</span>
      <span aria-hidden="true">/</span>
      <span aria-hidden="true" className={unit === "f" ? "unit-toggle__on" : undefined}>{t("unit.short_f")}</span>
    </button>
  );
}
