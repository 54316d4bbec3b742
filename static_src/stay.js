/**
 * The search box's rules (pure, tested by stay.test.js): the date picker's days and the guests
 * encoding, the same rules as storefront/search/query.py on the server.
 *
 * Dates are ISO strings ("2027-03-10") throughout; arithmetic goes through UTC so no time zone
 * or daylight-saving change can shift a day. A stay is 2 to 31 selected days (1 to 30 nights),
 * from the first bookable day to one year ahead. Weeks start on Sunday in every locale.
 *
 * The limits are fixtures/search-limits.json, the file the server reads (query.py); the guests
 * strings and stays of fixtures/search-vectors.json are read alike here and there.
 */
import LIMITS from "../fixtures/search-limits.json" with { type: "json" };
import { formatList } from "./format.js";

export const MIN_NIGHTS = LIMITS.min_nights;
export const MAX_NIGHTS = LIMITS.max_nights;
/** The server's `maxDate` is its today + WINDOW_DAYS (storefront/search/templating.py). */
export const WINDOW_DAYS = LIMITS.window_days;
export const MONTHS_SHOWN = 13; // a window of 365 days touches 13 months (stay.test.js checks)
export const MAX_ROOMS = LIMITS.max_rooms;
export const MIN_ADULTS = LIMITS.min_adults;
export const MAX_ADULTS = LIMITS.max_adults;
export const MAX_CHILDREN = LIMITS.max_children;
export const MAX_CHILD_AGE = LIMITS.max_child_age;
export const DEFAULT_ADULTS = LIMITS.default_adults;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/* ---------- dates ---------- */

/** The UTC Date of an ISO day, or null when it is not a real day. */
export function toDate(iso) {
  const match = ISO_RE.exec(String(iso ?? ""));
  if (!match) return null;
  const date = new Date(Date.UTC(+match[1], +match[2] - 1, +match[3]));
  return date.getUTCDate() === +match[3] && date.getUTCMonth() === +match[2] - 1 ? date : null;
}

export function isoOf(date) {
  return date.toISOString().slice(0, 10);
}

export function isIso(value) {
  return toDate(value) !== null;
}

export function addDays(iso, days) {
  return isoOf(new Date(toDate(iso).getTime() + days * DAY_MS));
}

export function daysBetween(from, to) {
  return Math.round((toDate(to) - toDate(from)) / DAY_MS);
}

/** The same day `months` months on, the day clamped to that month's length (31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso, months) {
  const date = toDate(iso);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return isoOf(target);
}

/** The browser's own date today (its local calendar day). */
export function localToday(now = new Date()) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The first and last selectable days: the server's `today` (the earliest date that is still
 * today somewhere) or the browser's local today when that is later; the server's `maxDate`.
 */
export function bookingWindow(serverToday, maxDate, browserToday) {
  const first = browserToday && browserToday > serverToday ? browserToday : serverToday;
  return { first, last: maxDate };
}

/** dd-mm-yyyy, the format the picker shows ("10-03-2027"). */
export function formatDay(iso) {
  const match = ISO_RE.exec(String(iso ?? ""));
  return match ? `${match[3]}-${match[2]}-${match[1]}` : "";
}

/** "10-03-2027 – 13-03-2027", or just the check-in while the check-out is still to choose. */
export function formatRange(checkIn, checkOut) {
  if (!checkIn) return "";
  return checkOut ? `${formatDay(checkIn)} – ${formatDay(checkOut)}` : formatDay(checkIn);
}

/** Whether `iso` can be pressed: inside the window and, once a check-in is chosen (and no
 * check-out yet), from the check-in to 30 nights after it. */
export function isSelectable(iso, { first, last, checkIn = null, checkOut = null }) {
  if (iso < first || iso > last) return false;
  if (checkIn && !checkOut) {
    return iso >= checkIn && daysBetween(checkIn, iso) <= MAX_NIGHTS;
  }
  return true;
}

/**
 * The range after pressing `iso`: the first press (or one after a complete range) chooses the
 * check-in; a later day within 30 nights the check-out; the check-in again unselects it.
 */
export function pressDay(range, iso, bounds) {
  const { checkIn, checkOut } = range;
  if (!isSelectable(iso, { ...bounds, checkIn, checkOut })) return range;
  if (!checkIn || checkOut) return { checkIn: iso, checkOut: null };
  if (iso === checkIn) return { checkIn: null, checkOut: null };
  return { checkIn, checkOut: iso };
}

export function nights(checkIn, checkOut) {
  return checkIn && checkOut ? daysBetween(checkIn, checkOut) : 0;
}

/** The 13 months shown, from the first selectable day's month: [{ year, month (0-11), key }]. */
export function monthsFrom(first, count = MONTHS_SHOWN) {
  const start = toDate(first);
  return Array.from({ length: count }, (_, i) => {
    const date = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1));
    return { year: date.getUTCFullYear(), month: date.getUTCMonth(), key: isoOf(date).slice(0, 7) };
  });
}

/** A month's weeks, Sunday first: rows of 7 ISO days, null outside the month. */
export function monthWeeks(year, month) {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay(); // 0 = Sunday
  const length = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells = [
    ...Array(firstWeekday).fill(null),
    ...Array.from({ length }, (_, i) => isoOf(new Date(Date.UTC(year, month, i + 1)))),
  ];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * The day the focus moves to for a key in the grid, kept inside [first, last]; null for other
 * keys. Left and right swap in right-to-left pages (the grid is mirrored there).
 */
export function moveKey(iso, key, { first, last, rtl = false }) {
  const weekday = toDate(iso).getUTCDay();
  const step = {
    ArrowRight: rtl ? -1 : 1,
    ArrowLeft: rtl ? 1 : -1,
    ArrowDown: 7,
    ArrowUp: -7,
    Home: -weekday,
    End: 6 - weekday,
  }[key];
  let next;
  if (step !== undefined) next = addDays(iso, step);
  else if (key === "PageDown") next = addMonths(iso, 1);
  else if (key === "PageUp") next = addMonths(iso, -1);
  else return null;
  if (next < first) return first;
  if (next > last) return last;
  return next;
}

/**
 * The catalog key of what is wrong with the dates (field, key), the server's rules; null when
 * they are fine or both are empty.
 */
export function datesError(checkIn, checkOut, { first, last }) {
  if (!checkIn && !checkOut) return null;
  if (!checkIn) return ["check_in", "search.errors.check_in_missing"];
  if (!checkOut) return ["check_out", "search.errors.check_out_missing"];
  if (checkIn < first) return ["check_in", "search.errors.past"];
  if (checkOut <= checkIn) return ["check_out", "search.errors.reversed"];
  if (nights(checkIn, checkOut) > MAX_NIGHTS) return ["check_out", "search.errors.too_long"];
  if (checkOut > last) return ["check_out", "search.errors.too_far"];
  return null;
}

/* ---------- guests ---------- */

/** A pattern for the whole numbers low..high as written, no leading zeros ("(?:8|7|...|1)"). */
const oneOf = (low, high) => `(?:${Array.from({ length: high - low + 1 }, (_, i) => high - i).join("|")})`;
// A room: its adults, then "-age" per child; rooms joined by ",". query.py builds the same pattern.
const ROOM = `${oneOf(MIN_ADULTS, MAX_ADULTS)}(?:-${oneOf(0, MAX_CHILD_AGE)})*`;
const GUESTS_RE = new RegExp(`^${ROOM}(?:,${ROOM})*$`);

export function defaultRooms() {
  return [{ adults: DEFAULT_ADULTS, children: [] }];
}

/** Rooms from the `guests` encoding ("2-7-4,1"), or null when the server would refuse it. */
export function decodeGuests(text) {
  if (!GUESTS_RE.test(String(text ?? ""))) return null;
  const rooms = text.split(",").map((part) => {
    const [adults, ...ages] = part.split("-").map(Number);
    return { adults, children: ages };
  });
  if (rooms.length > MAX_ROOMS || rooms.some((room) => room.children.length > MAX_CHILDREN)) return null;
  return rooms;
}

/** Rooms from the `guests` encoding; the default room when it is not valid. */
export function parseGuests(text) {
  return decodeGuests(text) ?? defaultRooms();
}

/** The one encoding: rooms joined by ",", each its adults then "-age" per child. */
export function encodeGuests(rooms) {
  return rooms.map((room) => [room.adults, ...room.children].join("-")).join(",");
}

/** "2 adults, 1 child, and 2 rooms" in the page's language (`t` is i18next's, `locale` the
 * page's), joined as that language joins a list (`formatList`, the server's twin); each count
 * is kept whole on a line ("2 adults", with a no-break space), as the server writes it
 * (storefront.search.templating.guests_text). */
export function guestsSummary(t, rooms, locale) {
  const { adults, children, rooms: count } = guestTotals(rooms);
  const parts = [t("guests.adults", { count: adults })];
  if (children) parts.push(t("guests.children", { count: children }));
  if (count > 1) parts.push(t("guests.rooms", { count }));
  return formatList(parts.map((part) => part.replace(/ /g, "\u00a0")), locale);
}

export function guestTotals(rooms) {
  return {
    adults: rooms.reduce((sum, room) => sum + room.adults, 0),
    children: rooms.reduce((sum, room) => sum + room.children.length, 0),
    rooms: rooms.length,
  };
}

/** Whether every child has an age (a new child's age is null until chosen). */
export function agesComplete(rooms) {
  return rooms.every((room) => room.children.every((age) => Number.isInteger(age)));
}

/** A copy of `rooms` with room `index`'s adults or children count changed by `delta`, in limits. */
export function stepRoom(rooms, index, field, delta) {
  return rooms.map((room, i) => {
    if (i !== index) return room;
    if (field === "adults") {
      return { ...room, adults: Math.min(MAX_ADULTS, Math.max(MIN_ADULTS, room.adults + delta)) };
    }
    const count = Math.min(MAX_CHILDREN, Math.max(0, room.children.length + delta));
    const children = count > room.children.length
      ? [...room.children, ...Array(count - room.children.length).fill(null)]
      : room.children.slice(0, count);
    return { ...room, children };
  });
}

export function setAge(rooms, index, child, age) {
  return rooms.map((room, i) =>
    i === index ? { ...room, children: room.children.map((a, j) => (j === child ? age : a)) } : room,
  );
}

export function addRoom(rooms) {
  return rooms.length >= MAX_ROOMS ? rooms : [...rooms, { adults: DEFAULT_ADULTS, children: [] }];
}

export function removeRoom(rooms, index) {
  return rooms.length <= 1 ? rooms : rooms.filter((_room, i) => i !== index);
}
