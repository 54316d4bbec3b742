/**
 * Mounts the React islands that Django rendered into the page.
 *
 * Each `<div data-island="Name" data-props="id">` holds server-rendered fallback markup and points
 * at a `<script type="application/json" id="id">` with its props, built in Python by the builder
 * the island's app registers (`storefront/islands/registry.py`; one builder per island; islands a
 * page holds many of share one block, and each has its own props in `data-own`). Only the islands present on the page are
 * imported (see ./islands/registry.js); React and the page's one catalog load only when needed.
 *
 * An island marked `data-load="interaction"` (the gallery, the header and the hearts for anonymous
 * visitors, the footer's country and unit controls: islands that nothing asks for before the visitor
 * does; and the search box of the home, list and hotel pages, whose React was a phone's one long
 * task after load: its server form works as it is until the visitor points at, touches or
 * focuses it) loads on the
 * first pointer, touch or focus inside it (a key comes after a focus), or inside the element its
 * `data-zone` names (the island may render only controls beside server markup it leaves in
 * place); with `data-stored="key"` it loads when the browser is first idle instead if the browser
 * has stored that key (a choice other than the default the server draws, such as the area unit in
 * ft²; localStorage is read only then, never before the first paint). `data-load="visible"` (a map) loads
 * when it comes near the viewport. Until then its server markup works alone. A plain click on an
 * element with `data-action` in an island that is not mounted yet is held (its default
 * prevented) until the island's first render is on screen, and the island then carries it out
 * (`resume.takeAction()`); the focus goes to the island's control with the same `data-focus-key`,
 * and what was typed into a server field with a `data-focus-key` is the island's to keep
 * (`resume.typed()`, mount.js).
 * `data-load="lead"` is the lead popup: it mounts when its timer (./lead.js) says so. The others
 * (the search box of /hotels, saved searches and the widget, the saved lists, the hotel page's
 * stay dates) mount when the browser is first idle, or at the first touch, whichever comes first.
 */
import { loadCatalog } from "./catalogs.js";
import { registry } from "./islands/registry.js";
import { armLeadPopup } from "./lead.js";
import { idle, onChunkFailure, startLivingParts } from "./living.js";
import { plainClick, successorSelector } from "./handoff.js";
import { DEFAULTS, readLocal } from "./state.js";

/**
 * The island's props: its props block, with the props of its own (`data-own`, JSON) over them
 * where the page's islands of a name share one block (a results page's hearts); throws (mount.js
 * reports it) when either is missing, not JSON or no object.
 */
function readProps(element) {
  const source = document.getElementById(element.dataset.props || "");
  if (!source) throw new Error(`no props block #${element.dataset.props || ""}`);
  const props = parsed(source.textContent, `props block #${source.id}`);
  return "own" in element.dataset ? { ...props, ...parsed(element.dataset.own, "data-own") } : props;
}

function parsed(text, what) {
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${what} is not JSON`);
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value;
}

/**
 * Asks at once for every module a mount needs: the islands' code, React (through mount.js), and
 * the page's catalog with i18next unless every island brought its first words (./words.js). Imported one after another they were six round trips deep (main, its
 * chunks, mount, i18next, the catalog, the islands, their chunks); side by side, three.
 * A failure here is reported where the mount awaits the same module.
 */
function fetchAhead(elements) {
  const locale = document.documentElement.dataset.locale || "en";
  const words = (element) => {
    try {
      return Boolean(readProps(element).words);
    } catch {
      return false;
    }
  };
  // Islands sent their first words (./words.js) need neither i18next nor the catalog yet.
  const speaking = elements.every(words) ? [] : [loadCatalog(locale), import("./i18n.js")];
  const early = [...speaking, ...elements.map((element) => registry[element.dataset.island]())];
  for (const promise of early) promise.catch(() => {});
}

/** Mounts `elements`; resolves to those that kept their server markup (refused props, or code
 * that did not load). */
async function mountNow(elements) {
  if (elements.length === 0) return [];
  try {
    fetchAhead(elements);
    const { mount } = await import("./mount.js");
    return await mount(elements, { registry, readProps });
  } catch (error) {
    // A chunk that does not load (a deploy replaced it, the network dropped): reload once.
    console.error(error);
    onChunkFailure();
    return elements;
  }
}

const INTERACTIONS = ["pointerover", "touchstart", "focusin"];

/**
 * Keeps what the visitor begins on `element`'s server controls (inside `zone`) before the island
 * is on screen: a plain click on a `data-action` control is held (its default prevented, `start`
 * called) and carried out by the island; a press that began on a server control and ends after
 * the island replaced it goes to the island's control (the browser sends no click when the
 * pressed element left the page). Returns `settle(kept)`, to call once the mount is over with
 * whether the island kept its server markup: then a held click does what the server's control
 * does without JavaScript.
 */
function holdUntilMounted(element, zone, start) {
  let held = null; // the control whose click waits for the island
  const hold = (event) => {
    const action = event.target.closest("[data-action]");
    if (!action || element.dataset.mounted || !plainClick(event)) return; // a new tab: the browser's
    event.preventDefault();
    held = action;
    element.dataset.pendingAction = action.dataset.action;
    start();
  };
  zone.addEventListener("click", hold);

  let pressed = null;
  const press = (event) => {
    const action = event.target.closest("[data-action]");
    pressed = action && !element.dataset.mounted && plainClick(event) ? action : null;
  };
  const release = (event) => {
    const control = pressed;
    pressed = null;
    if (!control || control.isConnected || !element.dataset.mounted) return;
    const selector = successorSelector(control);
    const successor = selector && element.querySelector(selector);
    if (successor?.contains(document.elementFromPoint(event.clientX, event.clientY))) successor.click();
  };
  zone.addEventListener("pointerdown", press, { capture: true, passive: true });
  document.addEventListener("pointerup", release, { capture: true, passive: true });

  return (kept) => {
    if (!kept) return; // clicks stay held until its first render is on screen
    zone.removeEventListener("click", hold);
    zone.removeEventListener("pointerdown", press, { capture: true });
    document.removeEventListener("pointerup", release, { capture: true });
    if (held) {
      // No island after all: the server's control does what it does without JavaScript.
      delete element.dataset.pendingAction;
      held.click();
    }
  };
}

/**
 * Mounts `element` on its first interaction; a click before that waits for the island. Returns
 * `take()`, for a caller that mounts it sooner with others: it stops the wait and returns the
 * island's `settle(kept)` (see holdUntilMounted), or null when the island has started already.
 */
function onInteraction(element) {
  const zone = document.getElementById(element.dataset.zone || "") || element;
  let started = false;
  const stopWaiting = () => {
    if (started) return false;
    started = true;
    for (const type of INTERACTIONS) zone.removeEventListener(type, start);
    return true;
  };
  const start = () => {
    if (stopWaiting()) mountNow([element]).then((left) => settle(left.includes(element)));
  };
  const settle = holdUntilMounted(element, zone, start);
  for (const type of INTERACTIONS) zone.addEventListener(type, start, { passive: true });
  return () => (stopWaiting() ? settle : null);
}

function whenVisible(elements) {
  if (elements.length === 0) return;
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
      for (const element of near) observer.unobserve(element);
      mountNow(near);
    },
    { rootMargin: "300px 0px" },
  );
  for (const element of elements) observer.observe(element);
}

const PAGE_START = Date.now();

function mountIslands() {
  const elements = [...document.querySelectorAll("[data-island]")].filter(
    (element) => element.dataset.island in registry,
  );
  const when = (load) => elements.filter((element) => (element.dataset.load || "") === load);
  const waiting = new Map(when("interaction").map((element) => [element, onInteraction(element)]));
  whenVisible(when("visible"));
  whenIdleOrTouched(when(""));
  // What the visitor stored is read when the browser is first idle, never before the first
  // paint: a page's first use of localStorage waits for the browser process to say whether the
  // site may store (a synchronous round trip that held a phone's first frame 60 to 160 ms).
  idle(
    () => {
      // A stored choice other than the default the server drew: show it without waiting for a
      // touch.
      const stored = ({ dataset: { stored: key } }) => {
        const value = key ? readLocal(key, null) : null;
        return value !== null && JSON.stringify(value) !== JSON.stringify(DEFAULTS[key]);
      };
      const taken = [...waiting]
        .filter(([element]) => stored(element))
        .map(([element, take]) => [element, take()])
        .filter(([, settle]) => settle);
      if (taken.length > 0) {
        const together = taken.map(([element]) => element);
        mountNow(together).then((left) => taken.forEach(([element, settle]) => settle(left.includes(element))));
      }
    },
    { timeout: 2000 },
  );
  // The lead popup's times, in an idle task of their own: the first storage read above waits on
  // the browser process, and the two together made one long task on a phone.
  idle(
    () => {
      for (const element of when("lead")) {
        armLeadPopup(element, {
          startedAt: PAGE_START,
          load: async () => {
            const { withLeadTexts } = await import("./i18n.js");
            await Promise.all([withLeadTexts(document.documentElement.dataset.locale || "en"), registry.LeadPopup()]);
          },
          mount: (popup) => mountNow([popup]),
        });
      }
    },
    { timeout: 2000 },
  );
}

const FIRST_TOUCH = ["pointerdown", "pointerover", "touchstart", "focusin", "keydown"];

/**
 * The other islands mount when the browser is first idle (an image still loading does not hold
 * them back), or at the
 * visitor's first pointer, touch, focus or key, whichever comes first, so that React and the
 * islands' code never compete with the page's first paint. Each island's first render is its
 * server fallback, so mounting moves nothing.
 */
function whenIdleOrTouched(elements) {
  if (elements.length === 0) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_TOUCH) document.removeEventListener(type, start, true);
    mountNow(elements).then((left) => settles.forEach((settle, index) => settle(left.includes(elements[index]))));
  };
  // A click on a server control before its island is on screen waits for it, as on one that
  // loads at the first interaction (a kept hotel's heart mounts at idle, and may be tapped first).
  const settles = elements.map((element) => holdUntilMounted(element, element, start));
  for (const type of FIRST_TOUCH) document.addEventListener(type, start, { capture: true, passive: true });
  idle(start, { timeout: 2000 });
}

startLivingParts();
mountIslands();
