/**
 * The search box's guests field: a button summarising "2 adults, 1 child, 1 room" and the one
 * hidden `guests` input in the one encoding (see ../stay.js). The button opens the picker's
 * panel (./dialogs/GuestsDialog.jsx: a popover on desktop, a bottom sheet on phones), whose
 * code loads on the first open. Whether the panel is open is the search box's (`open`, `onOpen`):
 * a tap on the server's guests control before the search box loaded opens it once it has.
 */
import { useCallback, useRef } from "react";
import LazyDialog from "./LazyDialog.jsx";
import { Icon } from "./icons.jsx";
import { agesComplete, encodeGuests, guestsSummary } from "../stay.js";

const loadGuests = () => import("./dialogs/GuestsDialog.jsx");

export default function GuestsField({ t, locale, rooms, onRooms, error, errorId, open, onOpen }) {
  const buttonRef = useRef(null);
  const close = useCallback(() => onOpen(false), [onOpen]);
  const complete = agesComplete(rooms);

  return (
    <>
      <button ref={buttonRef} type="button" className="input guests-field__summary guests-button" id="search-guests"
        data-focus-key="guests" aria-haspopup="dialog" aria-expanded={open ? "true" : "false"}
        aria-labelledby="search-guests-label search-guests"
        aria-invalid={error ? "true" : undefined} aria-describedby={error ? errorId : undefined}
        onClick={() => onOpen(!open)}>
        <span className="guests-button__text">{guestsSummary(t, rooms, locale)}</span>
        <Icon name="chevron" small />
      </button>
      <input type="hidden" name="guests" value={encodeGuests(rooms.map((room) => ({ ...room, children: room.children.map((a) => a ?? 0) })))}
        disabled={!complete} />
      <LazyDialog load={loadGuests} open={open} onClose={close} t={t} rooms={rooms} onRooms={onRooms} error={error}
        buttonRef={buttonRef} />
    </>
  );
}
