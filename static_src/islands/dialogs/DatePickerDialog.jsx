/**
 * The date-range picker (spec sections 5 and 9), a chunk of its own loaded on first open.
 *
 * 13 months from the first bookable day: on phones a full-height bottom sheet scrolled
 * vertically, on wider screens two months side by side with previous/next buttons. Weeks start
 * on Sunday in every locale; month, weekday and full day names come from the page's locale
 * through Intl.DateTimeFormat. Each month is an ARIA grid with one focusable day (roving
 * tabindex): arrows move by day and week (mirrored in right-to-left pages), PageUp/PageDown by
 * month, Home/End to the week's start and end, Enter or Space presses the day. A stay is 2 to 31
 * days; after a check-in, earlier days and days beyond 30 nights are disabled (aria-disabled,
 * still focusable). A status region says the range and its number of nights.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import Dialog, { usePhone } from "../Dialog.jsx";
import { formatDay, isSelectable, monthWeeks, monthsFrom, moveKey, nights, pressDay, toDate } from "../../stay.js";

const REFERENCE_SUNDAY = Date.UTC(2023, 0, 1); // a Sunday

function useNames(locale) {
  return useMemo(() => {
    // The Gregorian calendar everywhere, as the fields, the status line and the server (Babel)
    // count years: Thai's default calendar is Buddhist (2569 for 2026).
    const calendar = "gregory";
    const day = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC", calendar });
    const month = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC", calendar });
    const short = new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" });
    const long = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    const number = new Intl.NumberFormat(locale, { useGrouping: false }); // "1", not ja's "1日"
    const weekdays = Array.from({ length: 7 }, (_, i) => {
      const date = new Date(REFERENCE_SUNDAY + i * 86400000);
      return { short: short.format(date), long: long.format(date) };
    });
    return {
      day: (iso) => day.format(toDate(iso)),
      dayNumber: (iso) => number.format(toDate(iso).getUTCDate()),
      month: (year, index) => month.format(new Date(Date.UTC(year, index, 1))),
      weekdays,
    };
  }, [locale]);
}

function Month({ t, names, month, range, bounds, today, focus, focusable, onPress, onKey, onFocusDay }) {
  const weeks = monthWeeks(month.year, month.month);
  const titleId = `picker-month-${month.key}`;
  const { checkIn, checkOut } = range;
  return (
    <section className="picker-month" data-month={month.key}>
      <h3 className="picker-month__title" id={titleId}>{names.month(month.year, month.month)}</h3>
      <table className="picker-grid" role="grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {names.weekdays.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                <span aria-hidden="true">{weekday.short}</span>
                <span className="visually-hidden">{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((iso, d) => {
                if (!iso) return <td key={d} role="gridcell" className="picker-day picker-day--empty" />;
                const disabled = !isSelectable(iso, { ...bounds, checkIn, checkOut });
                const isStart = iso === checkIn;
                const isEnd = iso === checkOut;
                const inside = checkIn && checkOut && iso > checkIn && iso < checkOut;
                const classes = [
                  "picker-day",
                  disabled && "picker-day--disabled",
                  iso === today && "picker-day--today",
                  (isStart || isEnd) && "picker-day--selected",
                  isStart && checkOut && "picker-day--start",
                  isEnd && "picker-day--end",
                  inside && "picker-day--inside",
                  (d === 0 || iso.endsWith("-01")) && "picker-day--row-start",
                  (d === 6 || !week[d + 1]) && "picker-day--row-end",
                ].filter(Boolean).join(" ");
                let label = names.day(iso);
                if (isStart) label += `, ${t("search.check_in")}`;
                if (isEnd) label += `, ${t("search.check_out")}`;
                return (
                  <td
                    key={iso}
                    role="gridcell"
                    className={classes}
                    data-date={iso}
                    tabIndex={focusable && iso === focus ? 0 : -1}
                    aria-label={label}
                    aria-selected={isStart || isEnd || inside ? "true" : "false"}
                    aria-disabled={disabled ? "true" : undefined}
                    aria-current={iso === today ? "date" : undefined}
                    onClick={() => onPress(iso)}
                    onKeyDown={onKey}
                    onFocus={() => onFocusDay(iso)}
                  >
                    <span className="picker-day__number" aria-hidden="true">{names.dayNumber(iso)}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function DatePickerDialog({ open, onClose, t, locale, bounds, today, range, onRange, start }) {
  const phone = usePhone();
  const names = useNames(locale);
  const months = useMemo(() => monthsFrom(bounds.first), [bounds.first]);
  const initial = (start === "check_out" && range.checkOut) || range.checkIn || bounds.first;
  const [focus, setFocus] = useState(initial);
  const [view, setView] = useState(() => Math.max(0, months.findIndex((m) => m.key === initial.slice(0, 7))));
  const bodyRef = useRef(null);
  const moved = useRef(false); // the focus follows `focus` only after a key or a press
  const rtl = document.documentElement.dir === "rtl";

  // Each opening starts on the check-in (or the first day), its month in view.
  useEffect(() => {
    if (!open) return;
    const day = (start === "check_out" && range.checkOut) || range.checkIn || bounds.first;
    setFocus(day);
    setView(Math.min(months.length - 2, Math.max(0, months.findIndex((m) => m.key === day.slice(0, 7)))));
    moved.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  // The focused day's month is always in view on desktop (in the same render, so the focus can
  // move to it at once).
  const monthIndex = months.findIndex((m) => m.key === focus.slice(0, 7));
  let shown = view;
  if (monthIndex < view) shown = monthIndex;
  else if (monthIndex > view + 1) shown = Math.min(months.length - 2, monthIndex - 1);
  if (shown !== view) setView(shown);
  const visible = phone ? months : months.slice(shown, shown + 2);
  const latest = useRef(focus); // keys pressed faster than React renders start from the newest day
  latest.current = focus;

  useEffect(() => {
    if (!open || !moved.current) return;
    const cell = bodyRef.current?.querySelector(`[data-date="${focus}"]`);
    if (cell) {
      moved.current = false; // else its month comes into view on the next render
      cell.focus({ preventScroll: !phone });
      if (phone) cell.scrollIntoView({ block: "nearest" });
    }
  });

  function press(iso) {
    setFocus(iso);
    moved.current = true;
    onRange(pressDay(range, iso, bounds));
  }

  function focusDay(iso) {
    if (latest.current === iso) return;
    latest.current = iso;
    setFocus(iso);
  }

  function onKey(event) {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      press(latest.current);
      return;
    }
    const next = moveKey(latest.current, event.key, { ...bounds, rtl });
    if (next === null) return;
    event.preventDefault();
    moved.current = true;
    latest.current = next;
    setFocus(next);
  }

  function step(delta) {
    const nextView = Math.min(months.length - 2, Math.max(0, shown + delta));
    setView(nextView);
    const month = months[nextView];
    // The focusable day moves into view too (the first selectable day of the shown month).
    const firstOfMonth = `${month.key}-01`;
    setFocus(firstOfMonth < bounds.first ? bounds.first : firstOfMonth);
  }

  const count = nights(range.checkIn, range.checkOut);
  let status = t("picker.choose_check_in");
  if (range.checkIn && !range.checkOut) status = `${t("picker.choose_check_out")} ${t("picker.max_stay")}`;
  if (count) {
    const dates = t("search.summary_dates", { check_in: formatDay(range.checkIn), check_out: formatDay(range.checkOut) });
    status = `${dates} · ${t("picker.nights", { count })}`;
  }

  return (
    <Dialog open={open} onClose={onClose} title={t("picker.title")} titleId="date-picker-title" variant="bottom"
      closeLabel={t("dialog.close")}>
      <div className={`picker${phone ? " picker--phone" : ""}`} data-picker="">
        {!phone && (
          <div className="picker__nav">
            <button type="button" className="icon-button picker__prev" aria-label={t("picker.previous_month")}
              disabled={shown === 0} onClick={() => step(-1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="icon-button picker__next" aria-label={t("picker.next_month")}
              disabled={shown >= months.length - 2} onClick={() => step(1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
        <div className="picker__months" ref={bodyRef}>
          {visible.map((month) => (
            <Month key={month.key} t={t} names={names} month={month} range={range} bounds={bounds} today={today}
              focus={focus} focusable={month.key === focus.slice(0, 7)} onPress={press} onKey={onKey} onFocusDay={focusDay} />
          ))}
        </div>
        <div className="picker__footer">
          <p className="picker__status" role="status" aria-live="polite">{status}</p>
          <div className="picker__actions">
            <button type="button" className="button" disabled={!range.checkIn}
              onClick={() => { onRange({ checkIn: null, checkOut: null }); moved.current = true; }}>
              {t("picker.clear")}
            </button>
            <button type="button" className="button button--primary" onClick={onClose}>{t("picker.done")}</button>
          </div>
        </div>
      </div>
    </Dialog>
  );
}
