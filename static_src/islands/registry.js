/**
 * The one island registry: island name -> lazy import, alphabetical.
 * A name here must match a builder in storefront/islands/props.py.
 */
export const registry = {
  LanguagePicker: () => import("./LanguagePicker.jsx"),
  ThemeToggle: () => import("./ThemeToggle.jsx"),
};
