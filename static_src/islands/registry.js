/**
 * The one island registry: island name -> lazy import, alphabetical.
 * A name here must match a props builder an app registers (its islands.py, in the registry of
 * storefront/islands/registry.py). Dialogs are not islands:
 * each is its own chunk under ./dialogs/, loaded by LazyDialog on first open.
 */
export const registry = {
  CountryPicker: () => import("./CountryPicker.jsx"),
  FavoriteToggle: () => import("./FavoriteToggle.jsx"),
  Favorites: () => import("./Favorites.jsx"),
  Gallery: () => import("./Gallery.jsx"),
  Header: () => import("./Header.jsx"),
  HoldCountdown: () => import("./HoldCountdown.jsx"),
  LeadPopup: () => import("./LeadPopup.jsx"),
  Map: () => import("./Map.jsx"),
  SavedSearches: () => import("./SavedSearches.jsx"),
  SearchBox: () => import("./SearchBox.jsx"),
  StayDates: () => import("./StayDates.jsx"),
  UnitToggle: () => import("./UnitToggle.jsx"),
};
