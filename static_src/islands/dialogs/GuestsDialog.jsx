/**
 * The guests picker's panel, a chunk of its own loaded on first open (../GuestsField.jsx keeps
 * the summary button): per-room steppers for adults (1–8) and children (0–6), an age for each
 * child (0–17), rooms added up to 8 and removed. A bottom sheet on phones (on Dialog.jsx), a
 * popover below the button on wider screens (Escape, a press outside and the focus leaving close
 * it).
 */
import { useEffect, useRef, useState } from "react";
import Dialog, { usePhone } from "../Dialog.jsx";
import {
  MAX_ADULTS, MAX_CHILDREN, MAX_CHILD_AGE, MAX_ROOMS, MIN_ADULTS, addRoom, agesComplete, removeRoom, setAge,
  stepRoom,
} from "../../stay.js";

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

export default function GuestsDialog({ open, onClose, t, rooms, onRooms, error, buttonRef }) {
  const phone = usePhone();
  const [triedDone, setTriedDone] = useState(false);
  const panelRef = useRef(null);
  const complete = agesComplete(rooms);

  useEffect(() => {
    if (!open) setTriedDone(false);
  }, [open]);

  function done() {
    if (!complete) {
      setTriedDone(true);
      panelRef.current?.querySelector("select[aria-invalid], .field--invalid select")?.focus();
      return;
    }
    onClose();
    buttonRef.current?.focus();
  }

  // Desktop popover: Escape, a press outside and the focus moving outside (Tab past its last
  // control) close it, so that it never covers the control the focus went to; the focus goes
  // into it on open. The rooms chosen so far stay chosen.
  useEffect(() => {
    if (!open || phone) return undefined;
    panelRef.current?.querySelector("button:not([disabled]), select")?.focus();
    function onKey(event) {
      if (event.key === "Escape") {
        event.preventDefault();
        onClose();
        buttonRef.current?.focus();
      }
    }
    function onOutside(event) {
      if (!panelRef.current?.contains(event.target) && !buttonRef.current?.contains(event.target)) onClose();
    }
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, [open, phone, onClose, buttonRef]);

  const editor = (
    <GuestsEditor t={t} rooms={rooms} onRooms={onRooms} onDone={done} showAgeErrors={triedDone || Boolean(error)} />
  );
  if (phone) {
    return (
      <Dialog open={open} onClose={onClose} title={t("guests.title")} titleId="guests-sheet-title" variant="bottom"
        closeLabel={t("dialog.close")}>
        <div ref={panelRef}>{editor}</div>
      </Dialog>
    );
  }
  return open ? (
    <div ref={panelRef} className="guests-popover" role="dialog" aria-labelledby="guests-popover-title">
      <h2 className="visually-hidden" id="guests-popover-title">{t("guests.title")}</h2>
      {editor}
    </div>
  ) : null;
}
