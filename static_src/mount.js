/**
 * Loaded by main.js only when the page has islands: React and the mount. i18next and the page's
 * catalog load only for an island whose props carry no first words (./words.js).
 *
 * An island's props are checked (its module's `checkProps`) before React touches the element:
 * props that differ from what the island expects leave the server's markup, which works without
 * JavaScript, in place (no `data-mounted`), and one console line says which island and why.
 */
import { createElement, startTransition, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { successorSelector } from "./handoff.js";
import { firstWords } from "./words.js";

/** The page's i18next instance, loaded only for an island that did not get its first words. */
const fullI18n = (locale) => import("./i18n.js").then(({ initI18n }) => initI18n(locale));

/** Mounts `elements`; resolves to those whose props were refused (their server markup stays). */
export async function mount(elements, { registry, readProps }) {
  const locale = document.documentElement.dataset.locale || "en";
  const refused = [];
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
        refused.push(element);
        return;
      }
      // An island sent its first words (./words.js) renders without i18next and the catalog.
      const i18n = props.words ? firstWords(props.words, locale) : await fullI18n(locale);
      // What the visitor began before the island arrived (main.js): a held click's action, which
      // the island takes once its first render is on screen (`resume.takeAction()` in an effect:
      // a click may still be held while React renders), the text typed into the server's fields
      // (`resume.typed()`), and the control that had the focus, which the island's markup
      // replaces: its successor gets the focus (same `data-focus-key`, else the link to the same
      // address).
      // What the visitor typed into the server's fields (those with a `data-focus-key`) is
      // `resume.typed()`: read at each call, during the island's render (the fields are still on
      // screen, and may still be typed in) and in its first layout effect (they have just left
      // the page, and keep their text: no keystroke falls between the two in one task).
      const fields = [...element.querySelectorAll("input[data-focus-key], textarea[data-focus-key]")];
      const resume = {
        takeAction() {
          const action = element.dataset.pendingAction || "";
          delete element.dataset.pendingAction;
          return action;
        },
        typed() {
          const changed = fields.filter((field) => field.value !== field.defaultValue);
          return Object.fromEntries(changed.map((field) => [field.dataset.focusKey, field.value]));
        },
      };
      // The control that has the focus when React replaces the server's markup: the visitor
      // may Tab on while the island renders (a transition, in slices), so it is followed until
      // then, not read once here.
      let focused = element.contains(document.activeElement) ? document.activeElement : null;
      const follow = (event) => {
        focused = event.target;
      };
      element.addEventListener("focusin", follow);
      const lastFocused = () => {
        element.removeEventListener("focusin", follow);
        return focused;
      };
      // `data-mounted` says the island's markup has replaced the server's (React renders after
      // this task, so it is set once the first render is committed, not when it is scheduled).
      // A transition: React renders in slices and yields to the browser between them, so
      // mounting never blocks a tap or a scroll for long (the server's markup is on screen).
      const root = createRoot(element);
      startTransition(() => {
        root.render(createElement(Committed, { element, lastFocused }, createElement(Island, { ...props, i18n, resume })));
      });
    }),
  );
  return refused;
}

/**
 * Marks its island mounted once React has committed the island's first render, and gives the
 * focus back to the successor of the control that had it, when the visitor was in the island.
 */
function Committed({ element, lastFocused, children }) {
  useLayoutEffect(() => {
    element.dataset.mounted = "true";
    const control = lastFocused();
    const successor = control && successorSelector(control);
    const active = document.activeElement;
    if (successor && (!active || active === document.body || !active.isConnected)) {
      element.querySelector(successor)?.focus();
    }
  }, [element, lastFocused]);
  return children;
}
