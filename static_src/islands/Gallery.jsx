/**
 * A hotel's gallery (spec section 2, gallery). The server renders the photos as a strip that
 * scrolls and snaps by itself (templates/includes/hotel_summary.html): swipe, scroll keys and
 * links to the large photos work without JavaScript. This island, loaded on the first pointer,
 * touch or focus in the gallery (main.js, `load "interaction"`), leaves that strip in place and
 * adds what needs code:
 *
 * - previous/next buttons and a counter; the arrow keys on the focused strip move one photo
 *   (mirrored in right-to-left pages), Home and End go to the first and last, Enter opens the
 *   viewer (the strip becomes one tab stop instead of one per photo);
 * - a full-screen viewer on the native <dialog>, opened from a photo or "show all": one photo
 *   at a time at the screen's width (srcset), arrow keys, swipe, pinch to zoom and a drag to pan
 *   when zoomed, double-tap or the +/- buttons and keys to zoom, Escape to close.
 *
 * Props: storefront.hotels.islands.gallery_props.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";

const SWIPE = 50; // px a finger must travel sideways to change photo
const MAX_ZOOM = 4;

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  const photo = (p) =>
    p && typeof p.src === "string" && typeof p.srcset === "string" && p.width > 0 && p.height > 0;
  checkShape("gallery_props()", {
    title: typeof props.title === "string" && props.title.length > 0,
    strip: typeof props.strip === "string" && props.strip.length > 0,
    photos: Array.isArray(props.photos) && props.photos.length > 0 && props.photos.every(photo),
  });
}

const rtl = () => document.documentElement.dir === "rtl";
const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

/** The strip's scroll position that puts photo `item` at its start edge. */
function startOf(strip, item) {
  return rtl() ? item.offsetLeft + item.offsetWidth - strip.clientWidth : item.offsetLeft;
}

export default function Gallery({ title, strip: stripId, photos, i18n, resume }) {
  const { t } = i18n;
  const count = photos.length;
  const number = new Intl.NumberFormat(document.documentElement.lang || "en");
  const [index, setIndex] = useState(0);
  const [atEnd, setAtEnd] = useState(false);
  const [viewer, setViewer] = useState({ photo: null, opening: 0 }); // null: closed
  const viewing = viewer.photo;
  // Each opening is a new viewer (its key): the `close` event of one just closed, which the
  // browser may deliver after the next press, cannot close the next.
  const setViewing = useCallback(
    (photo) => setViewer((last) => (photo === null ? { ...last, photo } : { photo, opening: last.opening + 1 })),
    [],
  );
  const [announced, setAnnounced] = useState("");
  const strip = useRef(null);


  const go = useCallback((target, smooth = true) => {
    const list = strip.current;
    const to = clamp(target, 0, (list?.children.length || 1) - 1);
    const item = list?.children[to];
    if (!item) return;
    setIndex(to); // at once: "show all" pressed before the scroll ends opens on this photo
    list.scrollTo({ left: startOf(list, item), behavior: smooth ? "smooth" : "instant" });
  }, []);

  // The strip is the server's; follow its scrolling (finger, wheel, keys, our buttons).
  useLayoutEffect(() => {
    const list = document.getElementById(stripId);
    strip.current = list;
    if (!list) return undefined;
    const follow = () => {
      const starts = [...list.children].map((item) => startOf(list, item));
      const nearest = starts.reduce(
        (best, start, i) => (Math.abs(start - list.scrollLeft) < Math.abs(starts[best] - list.scrollLeft) ? i : best),
        0,
      );
      setIndex(nearest);
      setAtEnd(Math.abs(list.scrollLeft) + list.clientWidth >= list.scrollWidth - 2);
    };
    const onKey = (event) => {
      if (event.target !== list || event.altKey || event.ctrlKey || event.metaKey) return;
      const forward = rtl() ? "ArrowLeft" : "ArrowRight";
      const back = rtl() ? "ArrowRight" : "ArrowLeft";
      const here = [...list.children].findIndex((item) => Math.abs(startOf(list, item) - list.scrollLeft) < 2);
      const from = here === -1 ? 0 : here;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        setViewing(from);
        return;
      }
      const moves = { [forward]: from + 1, [back]: from - 1, Home: 0, End: list.children.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      const target = clamp(moves[event.key], 0, list.children.length - 1);
      go(target, false);
      setAnnounced(t("gallery.photo", { number: number.format(target + 1), total: number.format(count) }));
    };
    const onClick = (event) => {
      const link = event.target.closest("[data-action^='open:']");
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      setViewing(Number(link.dataset.action.slice(5)));
    };
    // The strip itself is the one stop for the keyboard now (arrows move, Enter opens): its
    // photo links, each a stop without this code, leave the tab order.
    const links = [...list.querySelectorAll("a")];
    for (const link of links) link.tabIndex = -1;
    follow();
    list.addEventListener("scroll", follow, { passive: true });
    list.addEventListener("keydown", onKey);
    list.addEventListener("click", onClick);
    window.addEventListener("resize", follow);
    return () => {
      list.removeEventListener("scroll", follow);
      list.removeEventListener("keydown", onKey);
      list.removeEventListener("click", onClick);
      window.removeEventListener("resize", follow);
      for (const link of links) link.removeAttribute("tabindex");
    };
  }, [stripId]);

  // A photo clicked before this code was on screen opens now.
  useHeldAction(resume, (action) => {
    const held = /^open:(\d+)$/.exec(action);
    if (held) setViewing(clamp(Number(held[1]), 0, count - 1));
  });

  function step(delta) {
    const target = clamp(index + delta, 0, count - 1);
    go(target);
    setAnnounced(t("gallery.photo", { number: number.format(target + 1), total: number.format(count) }));
  }

  // The strip follows the viewer's photo while it is open, so that closing has nothing left to
  // move: the dialog's close event may arrive after the visitor's next key on the strip.
  const followViewer = useCallback((photo) => go(photo, false), [go]);
  const closed = useCallback(() => setViewing(null), [setViewing]);

  return (
    <>
      <button type="button" className="gallery__nav gallery__nav--previous" onClick={() => step(-1)} disabled={index === 0} aria-label={t("gallery.previous")} aria-controls={stripId}>
        <Icon name="back" />
      </button>
      <button type="button" className="gallery__nav gallery__nav--next" onClick={() => step(1)} disabled={atEnd || index >= count - 1} aria-label={t("gallery.next")} aria-controls={stripId}>
        <Icon name="forward" />
      </button>
      <p className="gallery__count" aria-hidden="true" data-gallery-count>
        {number.format(index + 1)} / {number.format(count)}
      </p>
      <p className="visually-hidden" role="status">{announced}</p>
      <button type="button" className="button gallery__all" onClick={() => setViewing(index)}>
        <Icon name="expand" small />
        <span>{t("gallery.show_all", { count })}</span>
      </button>
      {viewing !== null && (
        <Viewer key={viewer.opening} title={title} photos={photos} start={viewing} onClose={closed}
          onMove={followViewer} t={t} number={number} />
      )}
    </>
  );
}

/** The full-screen viewer: one photo, swipe/keys to move, pinch/double-tap/buttons to zoom. */
function Viewer({ title, photos, start, onClose, onMove, t, number }) {
  const count = photos.length;
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState({ scale: 1, x: 0, y: 0 });
  const dialog = useRef(null);
  const stage = useRef(null);
  const pointers = useRef(new Map());
  const gesture = useRef(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element.open) {
      element.showModal();
      element.querySelector("[data-autofocus]")?.focus();
    }
    document.body.classList.add("scroll-locked");
    const close = () => {
      document.body.classList.remove("scroll-locked");
      onClose();
    };
    element.addEventListener("close", close);
    return () => element.removeEventListener("close", close);
  }, [onClose]);

  useEffect(() => onMove(index), [index, onMove]);

  const move = useCallback(
    (target) => {
      setIndex(clamp(target, 0, count - 1));
      setZoom({ scale: 1, x: 0, y: 0 });
    },
    [count],
  );

  function zoomTo(scale, x = 0, y = 0) {
    const next = clamp(scale, 1, MAX_ZOOM);
    if (next === 1) return setZoom({ scale: 1, x: 0, y: 0 });
    const box = stage.current.getBoundingClientRect();
    const limitX = ((next - 1) * box.width) / 2;
    const limitY = ((next - 1) * box.height) / 2;
    return setZoom({ scale: next, x: clamp(x, -limitX, limitX), y: clamp(y, -limitY, limitY) });
  }

  function onKeyDown(event) {
    const forward = rtl() ? "ArrowLeft" : "ArrowRight";
    const back = rtl() ? "ArrowRight" : "ArrowLeft";
    const actions = {
      [forward]: () => move(index + 1),
      [back]: () => move(index - 1),
      Home: () => move(0),
      End: () => move(count - 1),
      "+": () => zoomTo(zoom.scale * 1.5, zoom.x, zoom.y),
      "=": () => zoomTo(zoom.scale * 1.5, zoom.x, zoom.y),
      "-": () => zoomTo(zoom.scale / 1.5, zoom.x, zoom.y),
      0: () => zoomTo(1),
    };
    if (!(event.key in actions)) return;
    event.preventDefault();
    actions[event.key]();
  }

  // Pointer gestures on the stage (touch-action: none, so fingers arrive as pointer events):
  // one finger swipes (or pans when zoomed), two pinch.
  function onPointerDown(event) {
    stage.current.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length === 2) {
      const [a, b] = points;
      gesture.current = { kind: "pinch", distance: Math.hypot(a.x - b.x, a.y - b.y) || 1, ...zoom };
    } else if (points.length === 1) {
      gesture.current = { kind: "drag", sx: event.clientX, sy: event.clientY, ...zoom };
    }
  }
  function onPointerMove(event) {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const g = gesture.current;
    if (!g) return;
    if (g.kind === "pinch" && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      zoomTo((g.scale * Math.hypot(a.x - b.x, a.y - b.y)) / g.distance, g.x, g.y);
    } else if (g.kind === "drag" && g.scale > 1) {
      zoomTo(g.scale, g.x + event.clientX - g.sx, g.y + event.clientY - g.sy);
    }
  }
  function onPointerUp(event) {
    const g = gesture.current;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: the other goes on as a drag from here.
      const [[, rest]] = [...pointers.current.entries()];
      gesture.current = { kind: "drag", sx: rest.x, sy: rest.y, ...zoom, moved: true };
      return;
    }
    gesture.current = null;
    if (!g || g.kind !== "drag" || g.scale > 1 || g.moved || event.type === "pointercancel") return;
    const dx = event.clientX - g.sx;
    const dy = event.clientY - g.sy;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(dy)) return;
    move(index + ((dx < 0) !== rtl() ? 1 : -1));
  }
  function onDoubleClick(event) {
    if (zoom.scale > 1) return zoomTo(1);
    const box = stage.current.getBoundingClientRect();
    // Zoom in on the point tapped.
    return zoomTo(2.5, (box.width / 2 - (event.clientX - box.left)) * 1.5, (box.height / 2 - (event.clientY - box.top)) * 1.5);
  }

  const photo = photos[index];
  const label = t("gallery.photo", { number: number.format(index + 1), total: number.format(count) });
  return (
    <dialog ref={dialog} className="viewer" aria-labelledby="viewer-title" aria-describedby="viewer-count" onKeyDown={onKeyDown}>
      <div className="viewer__bar">
        <h2 className="viewer__title" id="viewer-title">{title}</h2>
        <p className="viewer__count" id="viewer-count" aria-live="polite">{label}</p>
        <div className="viewer__tools">
          <button type="button" className="icon-button viewer__button" onClick={() => zoomTo(zoom.scale / 1.5, zoom.x, zoom.y)} disabled={zoom.scale <= 1} aria-label={t("gallery.zoom_out")}>
            <Icon name="minus" />
          </button>
          <button type="button" className="icon-button viewer__button" onClick={() => zoomTo(zoom.scale * 1.5, zoom.x, zoom.y)} disabled={zoom.scale >= MAX_ZOOM} aria-label={t("gallery.zoom_in")}>
            <Icon name="plus" />
          </button>
          <button type="button" className="icon-button viewer__button" onClick={() => dialog.current.close()} aria-label={t("gallery.close")} data-autofocus>
            <Icon name="close" />
          </button>
        </div>
      </div>
      <div
        ref={stage}
        className="viewer__stage"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onDoubleClick={onDoubleClick}
        data-zoom={zoom.scale.toFixed(2)}
      >
        <img
          key={index}
          className="viewer__photo"
          src={photo.src}
          srcSet={photo.srcset}
          sizes="100vw"
          width={photo.width}
          height={photo.height}
          alt={label}
          draggable="false"
          style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        />
      </div>
      <button type="button" className="viewer__nav viewer__nav--previous" onClick={() => move(index - 1)} disabled={index === 0} aria-label={t("gallery.previous")}>
        <Icon name="back" />
      </button>
      <button type="button" className="viewer__nav viewer__nav--next" onClick={() => move(index + 1)} disabled={index === count - 1} aria-label={t("gallery.next")}>
        <Icon name="forward" />
      </button>
    </dialog>
  );
}
