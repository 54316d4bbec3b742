/**
 * The Map island's MapLibre GL view: the configured vector style, our own markers, zoom
 * buttons, the credits' toggle and the canvas named in the visitor's language, the controls in
 * the corners Map.jsx chose for the page's direction. The web worker is MapLibre's own file served from
 * this site (build.mjs ?url), so the CSP needs no blob: workers. Loaded only when a map is
 * shown (Map.jsx).
 */
import * as maplibregl from "maplibre-gl";
import css from "maplibre-gl/dist/maplibre-gl.css?url";
import worker from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import { useStylesheet } from "./stylesheet.js";

export async function draw(element, { style, center, zoom, markers, labels, corners, makeMarker, arrange }) {
  await useStylesheet(css, import.meta.url);
  maplibregl.setWorkerUrl(new URL(worker, import.meta.url).href);
  const map = new maplibregl.Map({
    container: element,
    style,
    center: [center[1], center[0]],
    zoom,
    cooperativeGestures: false,
    scrollZoom: false,
    attributionControl: false, // added below, in its corner
    locale: {
      "Map.Title": labels.map,
      "NavigationControl.ZoomIn": labels.zoomIn,
      "NavigationControl.ZoomOut": labels.zoomOut,
      "AttributionControl.ToggleAttribution": labels.credits,
    },
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), corners.zoom);
  map.addControl(new maplibregl.AttributionControl({ compact: false }), corners.attribution);
  const nodes = [];
  for (const marker of markers) {
    const node = makeMarker(marker);
    nodes.push(node);
    const label = node.getAttribute("aria-label");
    new maplibregl.Marker({ element: node }).setLngLat([marker.lng, marker.lat]).addTo(map);
    if (label) node.setAttribute("aria-label", label); // the marker's own words, not "Map marker"
  }
  await new Promise((resolve, reject) => {
    map.once("load", resolve);
    map.once("error", (event) => reject(event.error || new Error("map style failed")));
  });
  if (markers.length > 1) {
    const bounds = new maplibregl.LngLatBounds();
    for (const m of markers) bounds.extend([m.lng, m.lat]);
    map.fitBounds(bounds, { padding: 48, maxZoom: 15, duration: 0 });
  }
  arrange(nodes);
  map.on("zoomend", () => arrange(nodes));
  return { remove: () => map.remove(), resize: () => map.resize() };
}
