/** The client-state rules of spec section 4 (static_src/state.js). */
import assert from "node:assert/strict";
import test from "node:test";
import { DEFAULTS, KEYS, MAX_SEARCHES, addSearch, leadPlan, removeAt, toggleFavorite, toggleUnit,
  visibleSearches } from "./state.js";

const search = (router, checkIn = "2026-12-01") => ({ router, params: { check_in: checkIn } });

test("the spec's keys and defaults", () => {
  assert.deepEqual([...KEYS].sort(), [
    "authCheck", "authUser", "closed", "countries", "country", "currencies", "currency",
    "favorites", "fid", "priceDisplay", "referral", "searches", "unit", "visited", "whiteLabel",
  ]);
  assert.equal(DEFAULTS.priceDisplay, "net");
  assert.equal(DEFAULTS.unit, "m");
});

test("the area unit toggles between m and f", () => {
  assert.equal(toggleUnit("m"), "f");
  assert.equal(toggleUnit("f"), "m");
});

test("a search with the same URL before its session part replaces the old one, last", () => {
  const before = [search("/hotels/search?q=rome&session=1"), search("/hotels/search?q=oslo")];
  const after = addSearch(before, search("/hotels/search?q=rome&session=2", "2026-12-05"));
  assert.deepEqual(after.map((s) => s.router), [
    "/hotels/search?q=oslo", "/hotels/search?q=rome&session=2"]);
});

test("at most 8 searches are kept, the oldest dropped", () => {
  let searches = [];
  for (let i = 0; i < 10; i += 1) searches = addSearch(searches, search(`/hotels/search?q=${i}`));
  assert.equal(searches.length, MAX_SEARCHES);
  assert.equal(searches[0].router, "/hotels/search?q=2");
});

test("only searches checking in today or later are shown", () => {
  const list = [search("/a", "2026-11-20"), search("/b", "2026-11-21"), search("/c", "2027-01-01")];
  assert.deepEqual(visibleSearches(list, "2026-11-21").map((s) => s.router), ["/b", "/c"]);
});

test("searches and favorites can be removed singly", () => {
  assert.deepEqual(removeAt(["a", "b", "c"], 1), ["a", "c"]);
  assert.deepEqual(toggleFavorite(["h1", "h2"], "h1"), ["h2"]);
  assert.deepEqual(toggleFavorite(["h2"], "h1"), ["h2", "h1"]);
});

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

test("lead popup: a first visit waits for the rest of the 120 seconds", () => {
  assert.deepEqual(leadPlan(NOW, null, null), { delay: 120000, visited: NOW, closed: null });
  assert.equal(leadPlan(NOW, NOW - 30000, null).delay, 90000);
  assert.equal(leadPlan(NOW, NOW - 119999, null).delay, 1);
});

test("lead popup: a visit at least 120 seconds old opens it 10 seconds after mount", () => {
  assert.deepEqual(leadPlan(NOW, NOW - 120000, null), { delay: 10000, visited: NOW - 120000, closed: null });
  assert.equal(leadPlan(NOW, NOW - 30 * DAY, null).delay, 10000);
  assert.equal(leadPlan(NOW, String(NOW - 200000), null).delay, 10000); // stored as text
  assert.equal(leadPlan(NOW, new Date(NOW - 200000).toISOString(), null).delay, 10000);
});

test("lead popup: closed within 7 days it stays away; after that it starts again", () => {
  assert.equal(leadPlan(NOW, NOW - 10 * DAY, NOW - 6 * DAY).delay, null);
  assert.equal(leadPlan(NOW, NOW - 10 * DAY, NOW - 7 * DAY).delay, null);
  assert.deepEqual(leadPlan(NOW, NOW - 10 * DAY, NOW - 7 * DAY - 1), { delay: 120000, visited: NOW, closed: null });
});

test("lead popup: unreadable or future times count as none", () => {
  assert.equal(leadPlan(NOW, "soon", null).delay, 120000);
  assert.equal(leadPlan(NOW, NOW + DAY, null).delay, 120000);
  assert.equal(leadPlan(NOW, null, "never").delay, 120000);
});
