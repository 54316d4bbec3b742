/**
 * Colour-theme toggle: system -> light -> dark -> system (spec section 4), drawn by the Header
 * island in the bar and in the account menu. The Header holds the one state (useColorMode) and
 * both toggles show it. Theme props: header_props()["theme"] { mode, modes, storageKey }.
 * Persists under the colour-mode key (localStorage) and mirrors it in the cookie the server
 * reads, then updates <html data-theme> at once.
 */
import { useState } from "react";
import { readLocal, writeLocal } from "../state.js";
import { Icon } from "./icons.jsx";

/** header_props()["theme"] has this shape: part of the Header's checkProps. */
export function themeShapeOk(theme) {
  return Array.isArray(theme?.modes) && theme.modes.includes(theme.mode) && typeof theme.storageKey === "string";
}

function apply(mode, storageKey) {
  document.documentElement.dataset.theme = mode;
  writeLocal(storageKey, mode); // mirrored in the cookie the server reads
}

/** The page's colour mode and the function that moves it on: [mode, next, cycle]. */
export function useColorMode(theme) {
  const { modes, storageKey } = theme;
  const [mode, setMode] = useState(() => {
    const stored = readLocal(storageKey);
    if (modes.includes(stored) && stored !== theme.mode) {
      apply(stored, storageKey);
      return stored;
    }
    return theme.mode;
  });
  const next = modes[(modes.indexOf(mode) + 1) % modes.length];
  function cycle() {
    apply(next, storageKey);
    setMode(next);
  }
  return [mode, next, cycle];
}

export default function ThemeToggle({ mode, next, cycle, t, focusKey }) {
  const label = t("theme.switch_to", { current: t(`theme.${mode}`), next: t(`theme.${next}`) });
  return (
    <button type="button" className="icon-button theme-toggle" aria-label={label} title={label} onClick={cycle} data-mode={mode}
      data-focus-key={focusKey}>
      <Icon name={mode} />
    </button>
  );
}
