/**
 * The search box's guests field: a button summarising "2 adults, 1 child, 1 room" that opens a
 * popover (desktop) or a bottom sheet (phones, on Dialog.jsx) with per-room steppers for adults
 * (1–8) and children (0–6), an age for each child (0–17), rooms added up to 8 and removed. The
 * form submits one hidden `guests` input in the one encoding (see ../stay.js).
 */
import { useEffect, useRef, useState } from "react";
import Dialog, { SWIPE_BREAKPOINT } from "./Dialog.jsx";
import { Icon } from "./icons.jsx";
import { guestsSummary } from "./DestinationCombobox.jsx";
import {
  MAX_ADULTS, MAX_CHILDREN, MAX_CHILD_AGE, MAX_ROOMS, MIN_ADULTS, addRoom, agesComplete, encodeGuests,
  removeRoom, setAge, stepRoom,
} from "../stay.js";

const PHONE = `(max-width: ${SWIPE_BREAKPOINT}px)`;

export function usePhone() {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE);
    const changed = () => setPhone(query.matches);
    query.addEventListener("change", changed);
    return () => query.removeEventListener("change", changed);
  }, []);
  return phone;
}

function Stepper({ t, label, hint, value, min, max, onStep, id }) {
  return (
    <div className="stepper">
      <span className="stepper__label" id={`${id}-label`}>
        {label}
        {hint && <small>{hint}</small>}
      </span>
      <div className="stepper__controls">
        <button type="button" className="stepper__button" aria-label={t("guests.fewer", { label })}
          disabled={value <= min} onClick={() => onStep(-1)}>
          <span aria-hidden="true">−</span>
        </button>
        <output className="stepper__value" aria-live="polite" aria-labelledby={`${id}-label`}>{value}</output>
        <button type="button" className="stepper__button" aria-label={t("guests.more", { label })}
          disabled={value >= max} onClick={() => onStep(1)}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}

function GuestsEditor({ t, rooms, onRooms, onDone, showAgeErrors }) {
  return (
    <div className="guests-editor">
      {rooms.map((room, index) => {
        const number = index + 1;
        const prefix = `guests-room-${number}`;
        return (
          <fieldset className="guests-room" key={index}>
            <legend className="guests-room__title">
              {t("guests.room", { number })}
            </legend>
            {rooms.length > 1 && (
              <button type="button" className="link-button guests-room__remove" onClick={() => onRooms(removeRoom(rooms, index))}>
                {t("guests.remove_room", { number })}
              </button>
            )}
            <Stepper t={t} id={`${prefix}-adults`} label={t("search.adults")} hint={t("guests.adults_hint")} value={room.adults}
              min={MIN_ADULTS} max={MAX_ADULTS} onStep={(delta) => onRooms(stepRoom(rooms, index, "adults", delta))} />
            <Stepper t={t} id={`${prefix}-children`} label={t("search.children")} hint={t("guests.children_hint")}
              value={room.children.length} min={0} max={MAX_CHILDREN}
              onStep={(delta) => onRooms(stepRoom(rooms, index, "children", delta))} />
            {room.children.map((age, child) => {
              const selectId = `${prefix}-age-${child + 1}`;
              const missing = showAgeErrors && !Number.isInteger(age);
              return (
                <div className={`guests-age${missing ? " field--invalid" : ""}`} key={child}>
                  <label htmlFor={selectId}>{t("search.child_age", { number: child + 1 })}</label>
                  <select className="select" id={selectId} value={Number.isInteger(age) ? String(age) : ""}
                    aria-invalid={missing ? "true" : undefined} required
                    onChange={(event) => onRooms(setAge(rooms, index, child, event.target.value === "" ? null : Number(event.target.value)))}>
                    <option value="" disabled>—</option>
                    {Array.from({ length: MAX_CHILD_AGE + 1 }, (_, n) => (
                      <option key={n} value={n}>{n === 0 ? t("guests.age_baby") : t("guests.age", { count: n })}</option>
                    ))}
                  </select>
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <div className="guests-editor__footer">
        <button type="button" className="button" disabled={rooms.length >= MAX_ROOMS} onClick={() => onRooms(addRoom(rooms))}>
          {t("guests.add_room")}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>{t("guests.done")}</button>
      </div>
    </div>
  );
}

export default function GuestsField({ t, rooms, onRooms, error, errorId }) {
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const [triedDone, setTriedDone] = useState(false);
  const buttonRef = useRef(null);
  const panelRef = useRef(null);
  const summary = guestsSummary(t, rooms);
  const complete = agesComplete(rooms);

  function close() {
    setOpen(false);
    setTriedDone(false);
  }
  function done() {
    if (!complete) {
      setTriedDone(true);
      panelRef.current?.querySelector("select[aria-invalid], .field--invalid select")?.focus();
      return;
    }
    close();
    buttonRef.current?.focus();
  }

  // Desktop popover: Escape and a press outside close it; the focus goes into it on open.
  useEffect(() => {
    if (!open || phone) return undefined;
    panelRef.current?.querySelector("button:not([disabled]), select")?.focus();
    function onKey(event) {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
        buttonRef.current?.focus();
      }
    }
    function onPointer(event) {
      if (!panelRef.current?.contains(event.target) && !buttonRef.current?.contains(event.target)) close();
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, phone]);

  const editor = (
    <GuestsEditor t={t} rooms={rooms} onRooms={onRooms} onDone={done} showAgeErrors={triedDone || Boolean(error)} />
  );
  return (
    <>
      <button ref={buttonRef} type="button" className="input guests-field__summary guests-button" id="search-guests"
        aria-haspopup="dialog" aria-expanded={open ? "true" : "false"}
        aria-labelledby="search-guests-label search-guests"
        aria-invalid={error ? "true" : undefined} aria-describedby={error ? errorId : undefined}
        onClick={() => setOpen(!open)}>
        <span className="guests-button__text">{summary}</span>
        <Icon name="chevron" small />
      </button>
      <input type="hidden" name="guests" value={encodeGuests(rooms.map((room) => ({ ...room, children: room.children.map((a) => a ?? 0) })))}
        disabled={!complete} />
      {phone ? (
        <Dialog open={open} onClose={close} title={t("guests.title")} titleId="guests-sheet-title" variant="bottom"
          closeLabel={t("dialog.close")}>
          <div ref={panelRef}>{editor}</div>
        </Dialog>
      ) : (
        open && (
          <div ref={panelRef} className="guests-popover" role="dialog" aria-labelledby="guests-popover-title">
            <h2 className="visually-hidden" id="guests-popover-title">{t("guests.title")}</h2>
            {editor}
          </div>
        )
      )}
    </>
  );
}
