/**
 * The Map island's Leaflet view: raster tiles from the configured template, our own markers
 * (a link with the price, or a pin), zoom buttons named in the visitor's language, the controls
 * in the corners Map.jsx chose for the page's direction (Leaflet writes them "topleft"). No
 * prefix before the credits: Leaflet's would be its own English link. Loaded only when a map is
 * shown (Map.jsx); Leaflet's stylesheet comes with it.
 */
import L from "leaflet";
import css from "leaflet/dist/leaflet.css?url";
import { useStylesheet } from "./stylesheet.js";

export async function draw(element, { tiles, attribution, center, zoom, markers, labels, corners, makeMarker, arrange }) {
  await useStylesheet(css, import.meta.url);
  const map = L.map(element, {
    center,
    zoom,
    scrollWheelZoom: false,
    attributionControl: false,
    zoomControl: false,
  });
  const corner = (name) => name.replace("-", "");
  L.control.zoom({ position: corner(corners.zoom), zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
  L.control.attribution({ position: corner(corners.attribution), prefix: false }).addAttribution(attribution).addTo(map);
  L.tileLayer(tiles, { maxZoom: 18, minZoom: 3, attribution: "" }).addTo(map);
  const nodes = markers.map(makeMarker);
  markers.forEach((marker, i) => {
    const icon = L.divIcon({ className: "map-marker", html: nodes[i], iconSize: null });
    L.marker([marker.lat, marker.lng], { icon, keyboard: false, title: "", alt: "" }).addTo(map);
  });
  // Fit the markers once the container has its laid-out size (a map opened beside the list).
  await new Promise((resolve) => requestAnimationFrame(resolve));
  map.invalidateSize();
  if (markers.length > 1) {
    map.fitBounds(L.latLngBounds(markers.map((m) => [m.lat, m.lng])), { padding: [32, 32], maxZoom: 15, animate: false });
  }
  arrange(nodes);
  map.on("zoomend", () => arrange(nodes));
  return { remove: () => map.remove(), resize: () => map.invalidateSize() };
}
