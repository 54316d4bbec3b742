/**
 * Dialogs and sheets on the native <dialog> (spec section 2, modals): showModal() gives the
 * top layer, inert background, focus containment and focus return; this adds close on Escape,
 * on a click outside, and (at widths up to 639 px) on a swipe: down for the bottom sheet, left
 * in LTR / right in RTL for the side sheet. Body scrolling is locked while it is open.
 *
 * A mouse or pen swipe is read from pointer events. A finger's is read from touch events: once
 * the browser takes a touch gesture for scrolling (the sheets allow vertical panning, so their
 * content scrolls) it sends pointercancel and no pointerup, but touch events go on to the end.
 * A bottom sheet whose content is scrolled down scrolls back under a finger pulling down; only
 * from the top of its content does that swipe close it.
 */
import { useEffect, useRef, useState } from "react";

export const SWIPE_BREAKPOINT = 639;
const SWIPE_DISTANCE = 60;
const PHONE = `(max-width: ${SWIPE_BREAKPOINT}px)`;

/** Whether the window is phone-sized (where sheets replace popovers), kept current. */
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

function swipeCloses(variant, dx, dy, scrolled) {
  if (window.innerWidth > SWIPE_BREAKPOINT) return false;
  const rtl = document.documentElement.dir === "rtl";
  if (variant === "bottom") return !scrolled && dy > SWIPE_DISTANCE && Math.abs(dy) > Math.abs(dx);
  if (variant === "side") {
    const outward = rtl ? dx : -dx;
    return outward > SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy);
  }
  return false;
}

/** Whether anything from `target` up to the dialog is scrolled down from its top. */
function scrolledDown(target, dialog) {
  for (let element = target; element; element = element === dialog ? null : element.parentElement) {
    if (element.scrollTop > 0) return true;
  }
  return false;
}

export default function Dialog({ open, onClose, title, titleId, variant = "bottom", closeLabel, children }) {
  const ref = useRef(null);
  const start = useRef(null); // the pointer's press: where, on the backdrop or not, scrolled
  const touch = useRef(null); // the finger's touch: where, scrolled

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (open && !dialog.open) {
      dialog.showModal();
      document.body.classList.add("scroll-locked");
      dialog.querySelector("[data-autofocus]")?.focus(); // else showModal focuses the first control
    } else if (!open && dialog.open) {
      dialog.close();
    }
    return undefined;
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    const closed = () => {
      document.body.classList.remove("scroll-locked");
      onClose();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  // The backdrop is the part of the <dialog> element's events outside its box (a click on the
  // sheet's own empty space targets the <dialog> too).
  function outside(event) {
    const box = ref.current.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    return x < box.left || x > box.right || y < box.top || y > box.bottom;
  }
  function onClick(event) {
    // Pressed and released on the backdrop (a drag that merely ends there is not a click outside).
    if (start.current?.onBackdrop && outside(event)) ref.current.close();
    start.current = null;
  }
  function onPointerDown(event) {
    const scrolled = scrolledDown(event.target, ref.current);
    start.current = { x: event.clientX, y: event.clientY, onBackdrop: outside(event), scrolled };
  }
  function onPointerUp(event) {
    if (!start.current || event.pointerType === "touch") return; // a finger: see onTouchEnd
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    if (!start.current.onBackdrop && swipeCloses(variant, dx, dy, start.current.scrolled)) ref.current.close();
  }
  function onTouchStart(event) {
    const [finger] = event.touches;
    touch.current =
      event.touches.length === 1 && !outside(finger)
        ? { x: finger.clientX, y: finger.clientY, scrolled: scrolledDown(event.target, ref.current) }
        : null; // a second finger (a pinch) or the backdrop: no swipe
  }
  function onTouchEnd(event) {
    const begun = touch.current;
    const [finger] = event.changedTouches;
    touch.current = null;
    if (!begun || event.touches.length > 0) return;
    if (swipeCloses(variant, finger.clientX - begun.x, finger.clientY - begun.y, begun.scrolled)) ref.current.close();
  }

  return (
    <dialog
      ref={ref}
      className={`sheet sheet--${variant}`}
      aria-labelledby={titleId}
      onClick={onClick}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => (touch.current = null)}
    >
      <div className="sheet__panel">
        <div className="sheet__header">
          <h2 className="sheet__title" id={titleId}>{title}</h2>
          <button type="button" className="icon-button sheet__close" aria-label={closeLabel} onClick={() => ref.current.close()}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
