"""The two map views (spec: two map providers): a hotel on a map on its page, and a search's
hotels on a map beside the list, with price markers.

Which library draws them is the brand's choice (``Brand.map_provider``, set in the admin) or
else ``settings.MAP_PROVIDER``: Leaflet over raster tiles (``MAP_TILES_URL``) or MapLibre GL
over a vector style (``MAP_STYLE_URL``). Both default to the sandbox's small map service under
``UPSTREAM_URL``, so maps work offline and in tests. The Map island (static_src/islands/Map.jsx)
loads its library only when the map comes into view or is opened, and a page that shows a map
widens its CSP by exactly the origins of the configured tiles or style (``csp_sources``).
"""

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings

PROVIDERS = ("leaflet", "maplibre")
SANDBOX_ATTRIBUTION = "Sandbox map data"


@dataclass(frozen=True)
class MapConfig:
    provider: str
    tiles: str  # Leaflet: a {z}/{x}/{y} template
    style: str  # MapLibre: a style document
    attribution: str

    def props(self) -> dict:
        return {
            "provider": self.provider,
            "tiles": self.tiles,
            "style": self.style,
            "attribution": self.attribution,
        }

    def csp_sources(self) -> dict[str, list[str]]:
        """What the page's CSP must add for this map: the tiles' origin for images (Leaflet),
        the style's (and what it names) for fetches (MapLibre), nothing else."""
        if self.provider == "leaflet":
            return {"img-src": [_origin(self.tiles)]}
        origins = [_origin(self.style), *settings.MAP_DATA_ORIGINS]
        return {"connect-src": list(dict.fromkeys(origins)), "img-src": ["blob:"]}


@dataclass(frozen=True)
class MapView:
    """A map a page shows, handed to the Map island (``islands.map_props``): its library and
    source, title, centre, zoom and markers, and where it goes: ``"inline"`` in the page (a
    hotel's) or ``"beside"`` the results, in the element whose id is ``slot``."""

    config: MapConfig
    title: str
    center: list[float]
    zoom: int
    markers: list[dict]
    mode: str = "inline"
    slot: str = ""


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def map_config(brand) -> MapConfig:
    provider = getattr(brand, "map_provider", "") or settings.MAP_PROVIDER
    if provider not in PROVIDERS:
        provider = "leaflet"
    upstream = settings.UPSTREAM_URL.rstrip("/")
    tiles = settings.MAP_TILES_URL or f"{upstream}/maps/tiles/{{z}}/{{x}}/{{y}}.png"
    style = settings.MAP_STYLE_URL or f"{upstream}/maps/style.json"
    own = not (settings.MAP_TILES_URL if provider == "leaflet" else settings.MAP_STYLE_URL)
    attribution = settings.MAP_ATTRIBUTION or (SANDBOX_ATTRIBUTION if own else "")
    return MapConfig(provider=provider, tiles=tiles, style=style, attribution=attribution)


def hotel_marker(hotel, *, label: str, url: str = "") -> dict:
    return {
        "id": hotel.id,
        "lat": hotel.lat,
        "lng": hotel.lng,
        "name": hotel.name,
        "label": label,
        "url": url,
    }
