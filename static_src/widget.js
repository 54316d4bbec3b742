/**
 * The partner's search widget (/widgets/search, templates/layouts/widget.html): tells the page
 * that frames it how tall it is, so that the frame never scrolls. Its own entry (build.mjs), a
 * module script from our origin like main.js, loaded only by the widget layout.
 *
 * Props: the `#widget-frame` JSON block, built by storefront.brands.widget.widget_context:
 * `origins`, the brand's frame_ancestors (the only origins its CSP lets frame it), and `type`,
 * the message's type. Each height goes as `{type, height}` to the parent under each of those
 * origins as targetOrigin (never "*": the browser delivers it only to a parent of that origin),
 * to the one that frames it when the browser says which (location.ancestorOrigins).
 *
 * The height is what the page needs: the document's content, and while a date picker or guests
 * sheet (a modal <dialog>, laid over the page) or the destination's suggestions are open, theirs
 * too, so opening them grows the frame instead of being cut off by it.
 */

const GAP = 16; // room left around a dialog, and under a popover or a list of suggestions
// Layers laid over the page in its flow's coordinates: the destination's suggestions and the
// guests popover (a desktop's; a phone's is a modal <dialog>, measured on its own).
const POPOVERS = "[role=listbox], [role=dialog]:not(dialog)";
// The most a dialog grows the frame to (px): the site's own cap of a sheet's height, and less on
// a screen too short for it (the dialog must fit where the visitor can see it).
const MAX_DIALOG = Math.max(
  420,
  Math.min(720 + 2 * GAP, (typeof screen !== "undefined" && screen.availHeight ? screen.availHeight : 800) - 80),
);

/** The props block, or null when it is missing or not what widget_context() builds. */
export function readFrameProps(text) {
  let props;
  try {
    props = JSON.parse(text);
  } catch {
    return null;
  }
  const origins = props?.origins;
  if (!Array.isArray(origins) || typeof props.type !== "string") return null;
  return { type: props.type, origins: origins.filter((origin) => typeof origin === "string" && /^https?:\/\/[^/\s]+$/.test(origin)) };
}

/** The origins to post to: the listed ones, or only the framing one when the browser names it. */
export function targetOrigins(origins, ancestors) {
  if (!ancestors || ancestors.length === 0) return origins;
  return origins.filter((origin) => origin === ancestors[0]);
}

/** The height a dialog would take with nothing of it scrolled away: its box, and what its
 * scrolling parts (the dialog, a picker's months) hide. */
function naturalHeight(dialog, view) {
  let hidden = 0;
  for (const part of [dialog, ...dialog.querySelectorAll("*")]) {
    const over = part.scrollHeight - part.clientHeight;
    if (over > hidden && part.clientHeight > 0 && /auto|scroll/.test(view.getComputedStyle(part).overflowY)) hidden = over;
  }
  return dialog.offsetHeight + hidden;
}

/**
 * The height the page needs (px): its body, and whatever open layer reaches lower. An open
 * dialog asks for its natural height, but never more than `cap` (a phone's date picker holds
 * thirteen months: it fills the frame and scrolls inside itself, as on the site).
 */
export function neededHeight(doc, cap = MAX_DIALOG) {
  const view = doc.defaultView;
  let height = doc.body.getBoundingClientRect().height;
  for (const dialog of doc.querySelectorAll("dialog[open]")) {
    height = Math.max(height, Math.min(naturalHeight(dialog, view) + 2 * GAP, cap));
  }
  for (const layer of doc.querySelectorAll(POPOVERS)) {
    const box = layer.getBoundingClientRect();
    if (box.height > 0) height = Math.max(height, box.bottom + (view.scrollY || 0) + GAP);
  }
  return Math.ceil(height);
}

function start() {
  const source = document.getElementById("widget-frame");
  if (!source || window.parent === window) return;
  const props = readFrameProps(source.textContent);
  if (!props) {
    console.error("widget: #widget-frame does not match widget_context()");
    return;
  }
  const origins = targetOrigins(props.origins, window.location.ancestorOrigins);
  if (origins.length === 0) return;
  // Framed: open layers take their natural height, which the frame then grows to.
  document.documentElement.dataset.framed = "";

  let sent = 0;
  let queued = false;
  const send = () => {
    queued = false;
    const height = neededHeight(document);
    if (height === sent) return;
    sent = height;
    for (const origin of origins) window.parent.postMessage({ type: props.type, height }, origin);
  };
  const later = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(send);
  };

  const sizes = new ResizeObserver(later);
  sizes.observe(document.body);
  const watch = () => {
    for (const layer of document.querySelectorAll(`dialog[open], ${POPOVERS}`)) sizes.observe(layer);
    later();
  };
  // A dialog opening or closing, a list of suggestions appearing: measure again.
  new MutationObserver(watch).observe(document.body, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["open", "hidden", "aria-expanded"],
  });
  watch();
}

if (typeof document !== "undefined") start();
