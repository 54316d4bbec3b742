/**
 * Loaded by main.js only when the page has islands: React, the page's catalog, and the mount.
 */
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./i18n.js";

export async function mount(elements, { registry, readProps }) {
  const i18n = await initI18n(document.documentElement.dataset.locale || "en");
  await Promise.all(
    elements.map(async (element) => {
      const { default: Island } = await registry[element.dataset.island]();
      createRoot(element).render(createElement(Island, { ...readProps(element), i18n }));
      element.dataset.mounted = "true";
    }),
  );
}
