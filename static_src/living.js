/**
 * The living parts of every page (spec sections 2, 4 and 9), without React: connectivity
 * banner, toasts, the navigation progress bar, island-chunk failure handling, old service-worker
 * cleanup, adding the fid to the URL, link prefetching and device info.
 *
 * Texts come from Django (#living-props, built by storefront.chrome.layout.Chrome.living_props), so
 * this module needs no catalog. Timings are the spec's.
 */
import { isCrawler } from "./crawlers.js";

export const TIMINGS = {
  onlineNotice: 3000,
  toast: 5000,
  progressThrottle: 200,
  progressDuration: 5000,
  progressHide: 500,
  chunkReloadGuard: 60000,
};
const RELOAD_KEY = "chunk-reload-at";

function props() {
  const source = document.getElementById("living-props");
  try {
    return source ? JSON.parse(source.textContent) : {};
  } catch {
    return {};
  }
}

const text = props();

/* ---------- connectivity ---------- */
function connectivity() {
  const banner = document.querySelector("[data-connectivity]");
  if (!banner) return;
  const label = banner.querySelector("[data-connectivity-text]");
  const dismiss = banner.querySelector("[data-connectivity-dismiss]");
  let timer = null;
  dismiss.addEventListener("click", () => {
    banner.hidden = true;
  });
  window.addEventListener("offline", () => {
    clearTimeout(timer);
    label.textContent = text.offline;
    banner.dataset.state = "offline";
    dismiss.hidden = false;
    banner.hidden = false;
  });
  window.addEventListener("online", () => {
    clearTimeout(timer);
    label.textContent = text.online;
    banner.dataset.state = "online";
    dismiss.hidden = true;
    banner.hidden = false;
    timer = setTimeout(() => {
      banner.hidden = true;
    }, TIMINGS.onlineNotice);
  });
}

/* ---------- toasts ---------- */
export function showToast(message, { kind = "info" } = {}) {
  const stack = document.querySelector("[data-toasts]");
  if (!stack) return;
  const toast = document.createElement("div");
  toast.className = `toast toast--${kind}`;
  toast.setAttribute("role", kind === "error" ? "alert" : "status");
  const body = document.createElement("p");
  body.textContent = message;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast__close";
  close.setAttribute("aria-label", text.closeNotification || "×");
  close.textContent = "×";
  close.addEventListener("click", () => toast.remove());
  toast.append(body, close);
  stack.append(toast);
  setTimeout(() => toast.remove(), TIMINGS.toast);
}

/* ---------- progress bar ---------- */
export const progress = (() => {
  const element = document.querySelector("[data-progress]");
  let throttle = null;
  return {
    start() {
      if (!element) return;
      clearTimeout(throttle);
      throttle = setTimeout(() => {
        element.dataset.state = "running";
        element.style.setProperty("--progress-duration", `${TIMINGS.progressDuration}ms`);
      }, TIMINGS.progressThrottle);
    },
    done() {
      if (!element) return;
      clearTimeout(throttle);
      if (element.dataset.state !== "running") return;
      element.dataset.state = "done";
      setTimeout(() => delete element.dataset.state, TIMINGS.progressHide);
    },
    fail() {
      if (!element) return;
      clearTimeout(throttle);
      element.dataset.state = "failed";
      setTimeout(() => delete element.dataset.state, TIMINGS.progressHide + TIMINGS.toast);
    },
  };
})();

function startProgressOnNavigation() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[href]");
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target === "_blank" || link.hasAttribute("download")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.search === window.location.search) return;
    progress.start();
  });
  document.addEventListener("submit", () => progress.start());
  window.addEventListener("pageshow", () => progress.done());
}

/* ---------- chunk failures: reload at most once per minute ---------- */
export function onChunkFailure() {
  progress.fail();
  const last = Number(window.sessionStorage.getItem(RELOAD_KEY) || 0);
  // Offline, a reload would only show the browser's error page: say it instead.
  if (navigator.onLine && Date.now() - last > TIMINGS.chunkReloadGuard) {
    window.sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
    return;
  }
  showToast(text.loadFailed, { kind: "error" });
}

/** Calls back when the browser is next idle (`requestIdleCallback`; 200 ms later without it). */
export const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 200));

/* ---------- start-up cleanup of earlier versions (when the browser is first idle) ---------- */
async function cleanUpOldVersions() {
  if ("serviceWorker" in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
  if ("caches" in window) {
    const keys = await window.caches.keys();
    await Promise.all(keys.map((key) => window.caches.delete(key)));
  }
}

/* ---------- fid in the URL ---------- */
// The server read the fid cookie and checked it (`fidForUrl`, only when the address has none): a
// page's first document.cookie waits on the browser process, the longest part of this task.
function addFidToUrl() {
  const url = new URL(window.location.href);
  const fid = text.fidForUrl;
  if (!fid || url.searchParams.has("fid")) return;
  url.searchParams.set("fid", fid);
  window.history.replaceState(window.history.state, "", url);
}

/* ---------- device info, computed once ---------- */
export const device = (() => {
  const ua = navigator.userAgent || "";
  const isTablet = /iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua);
  const isMobile = !isTablet && /Mobi|iPhone|iPod|Android.*Mobile|Opera Mini/i.test(ua);
  return Object.freeze({
    userAgent: ua,
    isMobile,
    isTablet,
    isDesktop: !isMobile && !isTablet,
    isIos: /iPhone|iPad|iPod/i.test(ua),
    isAndroid: /Android/i.test(ua),
    isWindows: /Windows/i.test(ua),
    isMacOS: /Macintosh|Mac OS X/i.test(ua) && !/iPhone|iPad|iPod/i.test(ua),
    isChrome: /Chrome|CriOS/i.test(ua) && !/Edg|OPR/i.test(ua),
    isFirefox: /Firefox|FxiOS/i.test(ua),
    isSafari: /Safari/i.test(ua) && !/Chrome|CriOS|Android/i.test(ua),
    isEdge: /Edg/i.test(ua),
    isCrawler: isCrawler(ua), // the server's list (crawlers.js)
  });
})();

/* ---------- prefetch on intent, never on slow or data-saving connections ---------- */
export function prefetchAllowed(connection = navigator.connection) {
  if (!connection) return true;
  return !connection.saveData && !["slow-2g", "2g"].includes(connection.effectiveType);
}

function prefetchOnIntent() {
  if (!prefetchAllowed()) return;
  const done = new Set();
  const prefetch = (event) => {
    const link = event.target.closest && event.target.closest("a[href]");
    // A link whose page does something when opened (/book holds a room with the provider) is
    // marked data-no-prefetch: pointing at it must not do that.
    if (!link || link.target === "_blank" || link.hasAttribute("data-no-prefetch")) return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin || done.has(url.href)) return;
    if (url.pathname.startsWith("/preferences/") || url.pathname === window.location.pathname) return;
    done.add(url.href);
    const hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = url.href;
    document.head.append(hint);
  };
  document.addEventListener("pointerover", prefetch, { passive: true });
  document.addEventListener("focusin", prefetch);
}

export function startLivingParts() {
  connectivity();
  startProgressOnNavigation();
  addFidToUrl();
  prefetchOnIntent();
  // When the browser is first idle, in a task of its own: the first navigator.serviceWorker
  // waits on the browser process (7 ms of a phone's first script task here).
  idle(() => cleanUpOldVersions().catch(() => {}), { timeout: 3000 });
  document.documentElement.dataset.device = device.isMobile ? "mobile" : device.isTablet ? "tablet" : "desktop";
}
