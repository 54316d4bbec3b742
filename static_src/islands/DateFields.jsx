/**
 * The stay's two date fields as the search box draws them (a button per date opening the
 * date-range picker, whose code loads on first open; the chosen day in a hidden input), shared
 * by SearchBox and StayDates.
 */
import LazyDialog from "./LazyDialog.jsx";
import { formatDay } from "../stay.js";

export const loadPicker = () => import("./dialogs/DatePickerDialog.jsx");

export function FieldError({ t, id, error }) {
  return error ? <p className="field__error" id={id}>{t(error)}</p> : null;
}

/** One date: `id` is the button's (and `${id}-label`, `${id}-error` its label's and error's). */
export function DateButton({ t, name, id, value, label, error, onOpen }) {
  return (
    <div className={`search-form__field${error ? " field--invalid" : ""}`}>
      <span className="field-label" id={`${id}-label`}>{label}</span>
      <button type="button" className="input date-button" id={id} data-focus-key={name} aria-haspopup="dialog"
        aria-labelledby={`${id}-label ${id}`} aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => onOpen(name)}>
        <span className="date-button__value">{value ? formatDay(value) : ""}</span>
        <svg className="icon icon--small date-button__icon" width="16" height="16" viewBox="0 0 24 24" fill="none"
          stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
      </button>
      <input type="hidden" name={name} value={value || ""} disabled={!value} />
      <FieldError t={t} id={`${id}-error`} error={error} />
    </div>
  );
}

/** The date-range picker: `start` is the date being chosen ("check_in", "check_out") or null. */
export function StayPicker({ t, locale, bounds, range, onRange, start, onClose }) {
  return (
    <LazyDialog load={loadPicker} open={start !== null} onClose={onClose} t={t} locale={locale}
      bounds={bounds} today={bounds.first} range={range} onRange={onRange} start={start} />
  );
}
