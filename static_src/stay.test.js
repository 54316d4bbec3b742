import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import test from "node:test";
import {
  DEFAULT_ADULTS, MAX_ADULTS, MAX_CHILD_AGE, MAX_CHILDREN, MAX_NIGHTS, MAX_ROOMS, MIN_ADULTS, MIN_NIGHTS,
  MONTHS_SHOWN, WINDOW_DAYS, addDays, addMonths, addRoom, agesComplete, bookingWindow, datesError,
  decodeGuests, encodeGuests, formatDay, formatRange, guestTotals, isSelectable, localToday, monthWeeks,
  monthsFrom, moveKey, nights, parseGuests, pressDay, removeRoom, setAge, stepRoom,
} from "./stay.js";

// The same files tests/search/test_search_twins.py holds storefront/search/query.py to.
const read = (name) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url)));
const vectors = read("search-vectors.json");
const limits = read("search-limits.json");

const bounds = { first: "2027-03-05", last: "2028-03-04" };

test("the window starts at the server's today, or the browser's when later", () => {
  assert.deepEqual(bookingWindow("2027-03-05", "2028-03-04", "2027-03-04"), bounds);
  assert.deepEqual(bookingWindow("2027-03-05", "2028-03-04", "2027-03-06").first, "2027-03-06");
  assert.equal(localToday(new Date(2027, 0, 9, 23, 59)), "2027-01-09");
});

test("days outside the year ahead cannot be pressed", () => {
  assert.equal(isSelectable("2027-03-04", bounds), false);
  assert.equal(isSelectable("2027-03-05", bounds), true);
  assert.equal(isSelectable("2028-03-04", bounds), true);
  assert.equal(isSelectable("2028-03-05", bounds), false);
});

test("after a check-in only the next 30 nights can be pressed, never earlier days", () => {
  const range = { ...bounds, checkIn: "2027-04-01" };
  assert.equal(isSelectable("2027-03-31", range), false);
  assert.equal(isSelectable("2027-04-01", range), true); // unselects
  assert.equal(isSelectable("2027-05-01", range), true); // 30 nights, 31 days
  assert.equal(isSelectable("2027-05-02", range), false); // 31 nights
});

test("pressing days makes a range of 2 to 31 days", () => {
  let range = { checkIn: null, checkOut: null };
  range = pressDay(range, "2027-04-01", bounds);
  assert.deepEqual(range, { checkIn: "2027-04-01", checkOut: null });
  assert.deepEqual(pressDay(range, "2027-05-02", bounds), range, "31 nights refused");
  assert.deepEqual(pressDay(range, "2027-03-30", bounds), range, "before check-in refused");
  assert.deepEqual(pressDay(range, "2027-04-01", bounds), { checkIn: null, checkOut: null });
  range = pressDay(range, "2027-04-02", bounds);
  assert.equal(nights(range.checkIn, range.checkOut), 1);
  range = pressDay(range, "2027-04-10", bounds);
  assert.deepEqual(range, { checkIn: "2027-04-10", checkOut: null }, "a complete range starts anew");
});

test("dd-mm-yyyy is shown, ISO is sent", () => {
  assert.equal(formatDay("2027-03-10"), "10-03-2027");
  assert.equal(formatRange("2027-03-10", "2027-03-13"), "10-03-2027 – 13-03-2027");
  assert.equal(formatRange("2027-03-10", null), "10-03-2027");
  assert.equal(formatRange(null, null), "");
});

test("13 months from the first day's month; weeks start on Sunday", () => {
  const months = monthsFrom("2027-12-15");
  assert.equal(months.length, 13);
  assert.deepEqual(months[0], { year: 2027, month: 11, key: "2027-12" });
  assert.deepEqual(months[12], { year: 2028, month: 11, key: "2028-12" });
  const weeks = monthWeeks(2027, 2); // March 2027 begins on a Monday
  assert.deepEqual(weeks[0], [null, "2027-03-01", "2027-03-02", "2027-03-03", "2027-03-04", "2027-03-05", "2027-03-06"]);
  assert.equal(weeks.at(-1).filter(Boolean).at(-1), "2027-03-31");
  assert.ok(weeks.every((week) => week.length === 7));
});

test("keys move the focus by day, week, month and to the week's ends, inside the window", () => {
  assert.equal(moveKey("2027-03-10", "ArrowRight", bounds), "2027-03-11");
  assert.equal(moveKey("2027-03-10", "ArrowRight", { ...bounds, rtl: true }), "2027-03-09");
  assert.equal(moveKey("2027-03-10", "ArrowDown", bounds), "2027-03-17");
  assert.equal(moveKey("2027-03-10", "ArrowUp", bounds), "2027-03-05", "clamped to the first day");
  assert.equal(moveKey("2027-03-10", "Home", bounds), "2027-03-07"); // Sunday
  assert.equal(moveKey("2027-03-10", "End", bounds), "2027-03-13"); // Saturday
  assert.equal(moveKey("2027-03-31", "PageDown", bounds), "2027-04-30");
  assert.equal(moveKey("2028-02-20", "PageDown", bounds), "2028-03-04");
  assert.equal(moveKey("2027-03-10", "Tab", bounds), null);
  assert.equal(addMonths("2028-01-31", 1), "2028-02-29");
});

test("the server's date errors", () => {
  assert.equal(datesError(null, null, bounds), null);
  assert.deepEqual(datesError("2027-04-01", null, bounds), ["check_out", "search.errors.check_out_missing"]);
  assert.deepEqual(datesError(null, "2027-04-01", bounds), ["check_in", "search.errors.check_in_missing"]);
  assert.deepEqual(datesError("2027-03-01", "2027-03-08", bounds)[1], "search.errors.past");
  assert.deepEqual(datesError("2027-04-01", "2027-04-01", bounds)[1], "search.errors.reversed");
  assert.deepEqual(datesError("2027-04-01", "2027-05-02", bounds)[1], "search.errors.too_long");
  assert.deepEqual(datesError("2028-03-01", "2028-03-05", bounds)[1], "search.errors.too_far");
  assert.equal(datesError("2027-04-01", "2027-05-01", bounds), null);
});

test("guests: one encoding both ways", () => {
  assert.deepEqual(parseGuests("2-7-4,1"), [{ adults: 2, children: [7, 4] }, { adults: 1, children: [] }]);
  assert.equal(encodeGuests(parseGuests("2-7-4,1")), "2-7-4,1");
  for (const bad of ["", "0", "9", "2-18", "2,", "2-7-7-7-7-7-7-7", "1,1,1,1,1,1,1,1,1"]) {
    assert.deepEqual(parseGuests(bad), [{ adults: 2, children: [] }], bad);
  }
  assert.deepEqual(guestTotals(parseGuests("2-7-4,1")), { adults: 3, children: 2, rooms: 2 });
});

test("guests: steppers stay in their limits; new children need an age", () => {
  let rooms = parseGuests("2");
  rooms = stepRoom(rooms, 0, "children", 1);
  assert.deepEqual(rooms, [{ adults: 2, children: [null] }]);
  assert.equal(agesComplete(rooms), false);
  rooms = setAge(rooms, 0, 0, 7);
  assert.equal(encodeGuests(rooms), "2-7");
  for (let i = 0; i < 10; i += 1) rooms = stepRoom(rooms, 0, "adults", -1);
  assert.equal(rooms[0].adults, 1);
  for (let i = 0; i < 10; i += 1) rooms = stepRoom(rooms, 0, "adults", 1);
  assert.equal(rooms[0].adults, 8);
  for (let i = 0; i < 10; i += 1) rooms = stepRoom(rooms, 0, "children", 1);
  assert.equal(rooms[0].children.length, 6);
  assert.deepEqual(stepRoom(rooms, 0, "children", -6)[0].children, []);
  for (let i = 0; i < 10; i += 1) rooms = addRoom(rooms);
  assert.equal(rooms.length, 8);
  assert.equal(removeRoom(removeRoom([rooms[0]], 0), 0).length, 1);
});

/* ---------- the shared vectors (fixtures/search-vectors.json) ---------- */

test("the limits are fixtures/search-limits.json, the server's", () => {
  assert.deepEqual(
    [MIN_NIGHTS, MAX_NIGHTS, WINDOW_DAYS, MAX_ROOMS, MIN_ADULTS, MAX_ADULTS, MAX_CHILDREN, MAX_CHILD_AGE, DEFAULT_ADULTS],
    [limits.min_nights, limits.max_nights, limits.window_days, limits.max_rooms, limits.min_adults, limits.max_adults,
      limits.max_children, limits.max_child_age, limits.default_adults],
  );
});

for (const v of vectors.guests.valid) {
  test(`guests ${v.guests} decodes to its rooms and encodes back`, () => {
    assert.deepEqual(decodeGuests(v.guests), v.rooms);
    assert.equal(encodeGuests(v.rooms), v.guests);
  });
}

for (const text of vectors.guests.invalid) {
  test(`guests ${JSON.stringify(text)} is refused`, () => {
    assert.equal(decodeGuests(text), null);
    assert.deepEqual(parseGuests(text), [{ adults: DEFAULT_ADULTS, children: [] }]);
  });
}

for (const v of vectors.dates) {
  test(`dates: ${v.why}`, () => {
    // The island's window: the server's today and maxDate (today + WINDOW_DAYS).
    const bounds = bookingWindow(v.today, addDays(v.today, WINDOW_DAYS));
    assert.deepEqual(datesError(v.check_in || null, v.check_out || null, bounds), v.error);
  });
}

test("the months shown cover the whole window, whatever day it starts", () => {
  for (let day = 0; day < 366; day += 1) {
    const first = addDays("2027-01-01", day);
    const months = monthsFrom(first);
    assert.equal(months.length, MONTHS_SHOWN);
    assert.ok(months.at(-1).key >= addDays(first, WINDOW_DAYS).slice(0, 7), first);
  }
});
