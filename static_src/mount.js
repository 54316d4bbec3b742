/**
 * Loaded by main.js only when the page has islands: React, the page's catalog, and the mount.
 *
 * An island's props are checked (its module's `checkProps`) before React touches the element:
 * props that differ from what the island expects leave the server's markup, which works without
 * JavaScript, in place (no `data-mounted`), and one console line says which island and why.
 */
import { createElement, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { initI18n } from "./i18n.js";

export async function mount(elements, { registry, readProps }) {
  const i18n = await initI18n(document.documentElement.dataset.locale || "en");
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island;
      const { default: Island, checkProps } = await registry[name]();
      let props;
      try {
        props = readProps(element);
        if (typeof checkProps !== "function") throw new Error("the module exports no checkProps");
        checkProps(props);
      } catch (error) {
        console.error(`Island ${name} not mounted (its server markup stays): ${error.message}`);
        return;
      }
      // What the visitor began before the island arrived (main.js): a held click's action and
      // the control that had the focus (`data-focus-key`), for the island to carry on with.
      const focused = document.activeElement?.closest?.("[data-focus-key]");
      const resume = {
        action: element.dataset.pendingAction || "",
        focusKey: focused && element.contains(focused) ? focused.dataset.focusKey : "",
      };
      delete element.dataset.pendingAction;
      // `data-mounted` says the island's markup has replaced the server's (React renders after
      // this task, so it is set once the first render is committed, not when it is scheduled).
      // A transition: React renders in slices and yields to the browser between them, so
      // mounting never blocks a tap or a scroll for long (the server's markup is on screen).
      const root = createRoot(element);
      startTransition(() => {
        root.render(createElement(Committed, { element }, createElement(Island, { ...props, i18n, resume })));
      });
    }),
  );
}

/** Marks its island mounted once React has committed the island's first render. */
function Committed({ element, children }) {
  useLayoutEffect(() => {
    element.dataset.mounted = "true";
  }, [element]);
  return children;
}
