/**
 * When the lead popup opens (spec sections 4 and 9). Part of main.js: only this timer is on
 * every page; the popup's code (islands/LeadPopup.jsx) and texts (`leads.*`) load when it is
 * about to open.
 *
 * The server renders the popup's island, `data-load="lead"`, only where it may show: the default
 * layout, never for agents. When the browser is first idle (main.js: the page's first paint
 * never waits for localStorage) the times are read and stored (state.js `leadPlan`), counted
 * from when the page mounted its islands; when the delay has passed the popup waits while the visitor is busy (another dialog or popup open,
 * the focus in a field they type in), then loads and opens.
 */
import { leadPlan, readLocal, writeLocal } from "./state.js";

const BUSY_RECHECK_MS = 1000;
const TYPED = "input:not([type=button]):not([type=submit]):not([type=reset]):not([type=checkbox]):not([type=radio]), textarea, select";

/** Whether opening now would cover what the visitor is doing. */
export function visitorBusy() {
  if (document.querySelector("dialog[open], [aria-haspopup][aria-expanded='true']")) return true;
  const focused = document.activeElement;
  return Boolean(focused && (focused.isContentEditable || focused.matches?.(TYPED)));
}

function whenFree(run) {
  if (visitorBusy()) setTimeout(() => whenFree(run), BUSY_RECHECK_MS);
  else run();
}

/**
 * Arms the popup of `element` for a page mounted at `startedAt` (ms since the epoch; armed a
 * little later, its times still count from then); `load()` fetches its code and texts,
 * `mount(element)` opens it.
 */
export function armLeadPopup(element, { startedAt = Date.now(), load, mount }) {
  const plan = leadPlan(startedAt, readLocal("visited"), readLocal("closed"));
  writeLocal("visited", plan.visited);
  if (plan.closed === null && readLocal("closed") !== null) writeLocal("closed", null); // re-armed
  if (plan.delay === null) return;
  setTimeout(() => {
    whenFree(async () => {
      try {
        await load();
      } catch (error) {
        console.error(error); // no popup this time; the page goes on
        return;
      }
      whenFree(() => mount(element)); // the visitor may have started something meanwhile
    });
  }, Math.max(0, startedAt + plan.delay - Date.now()));
}
