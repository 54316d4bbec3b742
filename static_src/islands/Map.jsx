/**
 * The two map views (spec: two map providers; storefront/search/maps.py): a hotel on its page
 * (`mode` "inline", drawn as soon as the island loads, which is when it comes near the view)
 * and a search's hotels beside the list (`mode` "beside": a toggle button, drawn by the server
 * until the island loads at its first interaction; the map opens in the page's `slot` next to
 * the list). The library, Leaflet or MapLibre GL, is the brand's or the
 * site's choice and loads only when a map is drawn (../maps/). Markers are our own elements: on
 * results a link to the hotel reading its price per night (named "hotel, price per night"),
 * on a hotel page a pin named by the hotel. The controls follow the page: their names are the
 * catalog's, and their corners mirror on a right-to-left page (`corners`). Props:
 * storefront.search.islands.map_props.
 */
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Icon } from "./icons.jsx";
import { checkShape } from "./shape.js";
import { useHeldAction } from "./useHeldAction.js";

const LIBRARIES = {
  leaflet: () => import("../maps/leaflet.js"),
  maplibre: () => import("../maps/maplibre.js"),
};

/** Run by mount.js before mounting (see ./shape.js). */
export function checkProps(props) {
  const point = (p) => Array.isArray(p) && p.length === 2 && p.every(Number.isFinite);
  const marker = (m) =>
    m && Number.isFinite(m.lat) && Number.isFinite(m.lng) && typeof m.label === "string" && typeof m.url === "string";
  checkShape("map_props()", {
    provider: props.provider in LIBRARIES,
    source: typeof props.tiles === "string" && typeof props.style === "string",
    attribution: typeof props.attribution === "string",
    title: typeof props.title === "string",
    center: point(props.center),
    zoom: Number.isFinite(props.zoom),
    markers: Array.isArray(props.markers) && props.markers.every(marker),
    mode: props.mode === "inline" || (props.mode === "beside" && typeof props.slot === "string"),
  });
}

/**
 * Where the controls go, as the page's direction reads: the zoom buttons at the top of the
 * inline start (top left in English, top right in Hebrew and Arabic), the map's credits at the
 * bottom of the inline end. The libraries know only physical corners ("top-left"...).
 */
export function corners(direction) {
  const [start, end] = direction === "rtl" ? ["right", "left"] : ["left", "right"];
  return { zoom: `top-${start}`, attribution: `bottom-${end}` };
}

/** A marker's element: a link reading the price (results) or a pin named by the hotel. */
function markerElement(marker) {
  const element = document.createElement(marker.url ? "a" : "span");
  if (marker.url) {
    element.href = marker.url;
    element.className = `map-price${marker.price ? "" : " map-price--name"}`;
    element.textContent = marker.label;
    element.setAttribute("aria-label", marker.description || marker.label);
  } else {
    // The library moves the outer element; the pin inside points at the spot.
    element.className = "map-pin-spot";
    element.setAttribute("role", "img");
    element.setAttribute("aria-label", marker.name);
    element.append(Object.assign(document.createElement("span"), { className: "map-pin" }));
  }
  element.dataset.hotel = String(marker.id);
  return element;
}

/**
 * Price labels that would cover one another: in the list's order (the visitor's sort), each
 * keeps its label unless it would lie over one already shown, and then shrinks to a dot that
 * shows its price when pointed at or focused (still the link named by hotel and price). Run
 * once the map is fitted and after every zoom, when the labels move apart or together.
 */
export function declutter(elements) {
  const shown = [];
  for (const element of elements) {
    if (!element.classList.contains("map-price")) continue; // a hotel page's pin
    element.classList.remove("map-price--dot");
    const box = element.getBoundingClientRect();
    const covers = (other) =>
      box.left < other.right && box.right > other.left && box.top < other.bottom && box.bottom > other.top;
    if (shown.some(covers)) element.classList.add("map-price--dot");
    else shown.push(box);
  }
}

function MapView({ provider, tiles, style, attribution, title, center, zoom, markers, mode, t }) {
  const canvas = useRef(null);
  const [state, setState] = useState("loading");

  useEffect(() => {
    let drawn = null;
    let gone = false;
    // Every name the library's controls carry, in the page's language.
    const labels = { map: title, zoomIn: t("map.zoom_in"), zoomOut: t("map.zoom_out"), credits: t("map.credits") };
    LIBRARIES[provider]()
      .then(({ draw }) =>
        draw(canvas.current, {
          tiles,
          style,
          attribution,
          center,
          zoom,
          markers,
          labels,
          corners: corners(getComputedStyle(canvas.current).direction),
          makeMarker: markerElement,
          arrange: declutter,
        }),
      )
      .then(
        (map) => {
          if (gone) return map.remove();
          drawn = map;
          return setState("ready");
        },
        (error) => {
          console.error(error);
          if (!gone) setState("failed");
        },
      );
    return () => {
      gone = true;
      drawn?.remove();
    };
    // The map is drawn once; its props never change after mounting.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <section className={`map map--${mode}`} aria-label={title} data-map-state={state} data-map-provider={provider}>
      <div ref={canvas} className="map__canvas" />
      {state === "loading" && <p className="map__status">{t("map.loading")}</p>}
      {state === "failed" && (
        <p className="map__status" role="alert">
          {t("map.failed")}
        </p>
      )}
    </section>
  );
}

export default function MapIsland(props) {
  const { t } = props.i18n;
  const [open, setOpen] = useState(false);
  // On results the server draws the toggle and the island loads at its first interaction:
  // the click that loaded it opens the map (main.js held it).
  useHeldAction(props.resume, (action) => action === "open" && setOpen(true));
  if (props.mode === "inline") return <MapView {...props} t={t} />;
  const slot = document.getElementById(props.slot);
  return (
    <>
      <button type="button" className="button map-toggle" aria-expanded={open} aria-controls={props.slot} data-focus-key="map-toggle" onClick={() => setOpen(!open)}>
        <Icon name="pin" small />
        <span>{t("map.show_results")}</span>
      </button>
      {open && slot && createPortal(<MapView {...props} t={t} />, slot)}
    </>
  );
}
