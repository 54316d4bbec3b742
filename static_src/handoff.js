/**
 * The handoff from a server control to the island's control that replaces it, when an island
 * mounts under the visitor's hands (main.js, mount.js).
 */

/**
 * A selector for the element of an island's own markup that takes over from `control`, an
 * element of the server's markup: the one with its `data-focus-key`, else the link to the same
 * address; null when none can be told.
 */
export function successorSelector(control) {
  const key = control.closest("[data-focus-key]")?.dataset.focusKey;
  if (key) return `[data-focus-key="${CSS.escape(key)}"]`;
  const href = control.closest("a[href]")?.getAttribute("href");
  return href ? `a[href="${CSS.escape(href)}"]` : null;
}

/** A plain click: the main button, no modifier (a modified click opens a tab or a window). */
export function plainClick(event) {
  return event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
