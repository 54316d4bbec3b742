/**
 * Client state: the one module that reads and writes the visitor's persisted state (spec
 * section 3) in localStorage, under the spec's keys, and mirrors into cookies the choices the
 * server renders (currency, country, priceDisplay, colour mode) so the first paint is right.
 *
 * The rules of section 4 live here as plain functions (tested by state.test.js): saved
 * searches (same URL before its session part replaced, at most 8, only future check-ins shown),
 * favorites (hotel ids, oldest first, each once, at most 100; newest first where listed), the
 * area unit toggle (m <-> f) and when the lead popup opens (`leadPlan`).
 */
const YEAR = 365 * 24 * 60 * 60;

export const KEYS = Object.freeze([
  "authCheck", "authUser", "countries", "country", "currencies", "currency", "favorites", "fid",
  "priceDisplay", "visited", "closed", "referral", "searches", "unit", "whiteLabel",
]);
export const COLOR_MODE_KEY = "color-mode";
export const DEFAULTS = Object.freeze({ priceDisplay: "net", unit: "m", favorites: [], searches: [] });
const MIRRORED = new Set(["currency", "country", "priceDisplay", COLOR_MODE_KEY]);
export const MAX_SEARCHES = 8;
export const SQUARE_METRES_PER_SQUARE_FOOT = 0.09290304;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocal(key, fallback = DEFAULTS[key] ?? null) {
  try {
    const value = storage()?.getItem(key);
    return value === null || value === undefined ? fallback : JSON.parse(value);
  } catch {
    return fallback;
  }
}

export function writeLocal(key, value) {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or disabled: the cookie mirror still carries server-rendered choices */
  }
  if (MIRRORED.has(key) && typeof value === "string") writeCookie(key, value);
}

/**
 * A choice kept in the query string too (spec section 4: currency, country): store it, then
 * load the same page with `key=value` in its query (other parameters and the hash kept).
 */
export function chooseInQuery(key, value) {
  writeLocal(key, value);
  const url = new URL(window.location.href);
  url.searchParams.set(key, value);
  window.location.assign(url.pathname + url.search + url.hash);
}

export function writeCookie(name, value, maxAge = YEAR) {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; samesite=lax${secure}`;
}

export function readCookie(name) {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

const CSRF_URL = "/session/csrf";
let askingToken = null;

/**
 * The CSRF token for a POST: the `csrftoken` cookie's, else asked of the server once
 * (storefront/security/csrf.py, which sets the cookie). Pages carry none: they may come from a
 * shared cache.
 */
export async function csrfToken() {
  const cookie = readCookie("csrftoken");
  if (cookie) return cookie;
  askingToken ??= fetch(CSRF_URL, { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`csrf: ${response.status}`))))
    .then((body) => body.token)
    .finally(() => {
      askingToken = null;
    });
  return askingToken;
}

/* ---------- rules of spec section 4 (pure) ---------- */

/** The area unit after a toggle: m <-> f. */
export function toggleUnit(unit) {
  return unit === "f" ? "m" : "f";
}

function withoutSession(router) {
  const url = new URL(router, "http://storefront.invalid");
  url.searchParams.delete("session");
  return url.pathname + url.search;
}

/** Saved searches after adding ``search``: one with the same URL (before its session part) is
 * replaced, the new one goes last, and only the newest 8 are kept. */
export function addSearch(searches, search) {
  const key = withoutSession(search.router);
  const kept = searches.filter((s) => withoutSession(s.router) !== key);
  return [...kept, search].slice(-MAX_SEARCHES);
}

/** The searches worth showing: check-in today or later (``today`` as YYYY-MM-DD). */
export function visibleSearches(searches, today) {
  return searches.filter((s) => typeof s?.params?.check_in === "string" && s.params.check_in >= today);
}

/**
 * Logged in: move the browser's saved searches into the account (POST ``url``, answered by
 * storefront/search/saved.py ``merge_searches``), then forget them here. Resolves to how many
 * the account took; nothing to move, or a failed call, leaves the browser's list as it was.
 */
export async function moveSearchesToAccount(url) {
  const searches = readLocal("searches") || [];
  if (!Array.isArray(searches) || !searches.length) return 0;
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": await csrfToken() },
    body: JSON.stringify({ searches }),
  });
  if (!response.ok) return 0;
  writeLocal("searches", []);
  return (await response.json()).saved ?? 0;
}

export function removeAt(list, index) {
  return list.filter((_item, i) => i !== index);
}

export const MAX_FAVORITES = 100;

export function toggleFavorite(favorites, id) {
  return favorites.includes(id) ? favorites.filter((f) => f !== id) : [...favorites, id];
}

/** This browser's favorite hotel ids, oldest first (whatever else the key may hold is dropped). */
export function readFavorites() {
  const stored = readLocal("favorites");
  const ids = Array.isArray(stored) ? stored.filter((id) => Number.isInteger(id) && id > 0) : [];
  return [...new Set(ids)].slice(-MAX_FAVORITES);
}

/** Keep (`on`) or drop one hotel in this browser's favorites; returns the new list. */
export function setFavorite(id, on) {
  const current = readFavorites().filter((f) => f !== id);
  const next = on ? [...current, id].slice(-MAX_FAVORITES) : current;
  writeLocal("favorites", next);
  return next;
}

/** After login: this browser's favorites move into the account (hotels/favorites.py). */
export async function moveFavoritesToAccount(url) {
  const favorites = readFavorites();
  if (!favorites.length) return 0;
  const response = await fetch(url, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": await csrfToken() },
    body: JSON.stringify({ favorites }),
  });
  if (!response.ok) return 0;
  writeLocal("favorites", []);
  return (await response.json()).saved ?? 0;
}

/* ---------- the lead popup's timing (spec sections 4 and 9) ---------- */

export const LEAD_DELAY_MS = 10 * 1000; // after the page mounts, once the first visit is old enough
export const LEAD_SINCE_VISIT_MS = 120 * 1000; // how old the first visit must be
export const LEAD_REARM_MS = 7 * 24 * 60 * 60 * 1000; // a close older than this is forgotten

/** A stored time (ms since the epoch, or a date string) as ms; anything else is null. */
function epochMs(value) {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && value.trim()) {
    const parsed = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * When the lead popup opens on a page mounted at `now`, from the stored `visited` (the first
 * visit) and `closed` (the last close) times: `{ delay, visited, closed }`, where `delay` is
 * the ms to wait (null: it does not open) and `visited`/`closed` what to store. Never closed:
 * it opens 10 s after mount when the visit is at least 120 s old, else when it is 120 s old.
 * Closed: it stays away, unless that was more than 7 days ago: then the close is forgotten and
 * the visit starts again now (so it returns 120 s later).
 */
export function leadPlan(now, visitedValue, closedValue) {
  let visited = epochMs(visitedValue);
  let closed = epochMs(closedValue);
  if (closed !== null && now - closed > LEAD_REARM_MS) {
    closed = null;
    visited = now;
  }
  if (visited === null || visited > now) visited = now; // none yet, or a clock that went back
  if (closed !== null) return { delay: null, visited, closed };
  const since = now - visited;
  return { delay: since >= LEAD_SINCE_VISIT_MS ? LEAD_DELAY_MS : LEAD_SINCE_VISIT_MS - since, visited, closed };
}
