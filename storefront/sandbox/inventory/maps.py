"""The sandbox's maps: a small map service of its own, so the storefront's two map views work
offline and in tests (docs/provider-inventory-api.md, "Maps").

- Raster tiles for Leaflet, ``/maps/tiles/{z}/{x}/{y}.png`` (256 px, Web Mercator): land, a
  street grid that thickens with the zoom, avenues, parks, and the sea beside beach cities,
  all drawn from world coordinates so neighbouring tiles join; the same bytes every time.
- A vector style for MapLibre GL, ``/maps/style.json``, over one GeoJSON source
  (``/maps/areas.geojson``): for every destination its built-up area, parks, a ring road and
  avenues, and the sea beside beach cities. No text layers, so no glyphs to serve.

Tiles and style are public (a browser asks for them without the API token) and cached for a
year: they never change for the same address.
"""

import io
import math
import random
from functools import cache, lru_cache

from django.http import HttpResponse, JsonResponse
from django.views.decorators.http import require_GET
from PIL import Image, ImageDraw

from .store import inventory

TILE = 256
MAX_ZOOM = 18
YEAR = "public, max-age=31536000, immutable"
LAND = (238, 236, 226)
TOWN = (246, 243, 236)
PARK = (200, 226, 186)
SEA = (170, 210, 236)
STREET = (255, 255, 255)
AVENUE = (252, 220, 140)
ATTRIBUTION = "Sandbox map data"


def _world(lat: float, lng: float, zoom: int) -> tuple[float, float]:
    """Web Mercator pixel coordinates of a point at ``zoom``."""
    scale = TILE * 2**zoom
    x = (lng + 180) / 360 * scale
    s = math.sin(math.radians(max(-85.05, min(85.05, lat))))
    y = (0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)) * scale
    return x, y


def _metres_per_pixel(lat: float, zoom: int) -> float:
    return 156543.03392 * math.cos(math.radians(lat)) / 2**zoom


@cache
def _cities():
    """(lat, lng, radius in km, beach side or None, seed) of each destination with hotels."""
    found = []
    for place in inventory().places.values():
        if place.type not in ("city", "region") or not getattr(place, "hotels", 0):
            continue
        rng = random.Random(place.id * 7717)
        radius = 2.0 + 0.06 * place.hotels
        beach = rng.uniform(0, 2 * math.pi) if getattr(place, "kind", "") == "beach" else None
        found.append((place.lat, place.lng, radius, beach, place.id))
    return found


def _sea_polygon(lat, lng, bearing, km, steps=16):
    """The sea beside a beach city: a half-disc beyond a straight coast that passes the centre
    at most of the city's radius, towards ``bearing``."""
    coast = _offset(lat, lng, bearing, km * 0.9)
    return [
        _offset(*coast, bearing - math.pi / 2 + math.pi * i / steps, km * 3)
        for i in range(steps + 1)
    ]


def _offset(lat, lng, bearing, km):
    """The point ``km`` from (lat, lng) towards ``bearing`` (radians from north)."""
    return (
        lat + km * math.cos(bearing) / 111.32,
        lng + km * math.sin(bearing) / (111.32 * math.cos(math.radians(lat))),
    )


def _circle(lat, lng, km, steps=24):
    return [_offset(lat, lng, 2 * math.pi * i / steps, km) for i in range(steps + 1)]


def _parks(seed, lat, lng, km):
    rng = random.Random(seed * 31 + 5)
    return [
        _circle(
            *_offset(lat, lng, rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 0.8) * km),
            rng.uniform(0.15, 0.35),
            16,
        )
        for _ in range(3)
    ]


def _avenues(seed, lat, lng, km):
    rng = random.Random(seed * 17 + 3)
    start = rng.uniform(0, math.pi)
    return [[(lat, lng), _offset(lat, lng, start + i * math.pi / 4, km * 1.6)] for i in range(8)]


@lru_cache(maxsize=4096)
def tile_png(z: int, x: int, y: int) -> bytes:
    image = Image.new("RGB", (TILE, TILE), LAND)
    draw = ImageDraw.Draw(image)
    left, top = x * TILE, y * TILE

    def pixel(lat, lng):
        wx, wy = _world(lat, lng, z)
        return wx - left, wy - top

    near = []
    for lat, lng, km, beach, seed in _cities():
        cx, cy = pixel(lat, lng)
        reach = km * 3000 / _metres_per_pixel(lat, z)
        if -reach <= cx <= TILE + reach and -reach <= cy <= TILE + reach:
            near.append((lat, lng, km, beach, seed))
    for lat, lng, km, _beach, seed in near:
        draw.polygon([pixel(*p) for p in _circle(lat, lng, km)], fill=TOWN)
        for park in _parks(seed, lat, lng, km):
            draw.polygon([pixel(*p) for p in park], fill=PARK)
    # Streets: a grid in world metres, visible from zoom 12; every fifth an avenue.
    if near and z >= 12:
        lat = near[0][0]
        spacing = 150 / _metres_per_pixel(lat, z)  # 150 m blocks
        width = max(1, int(z - 11))
        first_x = math.floor(left / spacing)
        first_y = math.floor(top / spacing)
        for i in range(first_x, first_x + int(TILE / spacing) + 2):
            sx = i * spacing - left
            draw.line([(sx, 0), (sx, TILE)], fill=AVENUE if i % 5 == 0 else STREET, width=width)
        for j in range(first_y, first_y + int(TILE / spacing) + 2):
            sy = j * spacing - top
            draw.line([(0, sy), (TILE, sy)], fill=AVENUE if j % 5 == 0 else STREET, width=width)
    for lat, lng, km, beach, seed in near:
        for avenue in _avenues(seed, lat, lng, km):
            draw.line([pixel(*p) for p in avenue], fill=AVENUE, width=max(2, z - 9))
        if beach is not None:
            draw.polygon([pixel(*p) for p in _sea_polygon(lat, lng, beach, km)], fill=SEA)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


@require_GET
def tile(request, z, x, y):
    if not (0 <= z <= MAX_ZOOM and 0 <= x < 2**z and 0 <= y < 2**z):
        return JsonResponse({"message": "Not found.", "errors": {}}, status=404)
    response = HttpResponse(tile_png(z, x, y), content_type="image/png")
    response["Cache-Control"] = YEAR
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _ring(points):
    return [[round(lng, 5), round(lat, 5)] for lat, lng in points]


@cache
def areas() -> dict:
    features = []
    for lat, lng, km, beach, seed in _cities():
        features.append(_feature("town", "Polygon", [_ring(_circle(lat, lng, km))]))
        for park in _parks(seed, lat, lng, km):
            features.append(_feature("park", "Polygon", [_ring(park)]))
        features.append(_feature("ring", "LineString", _ring(_circle(lat, lng, km * 0.6))))
        for avenue in _avenues(seed, lat, lng, km):
            features.append(_feature("avenue", "LineString", _ring(avenue)))
        if beach is not None:
            sea = _sea_polygon(lat, lng, beach, km)
            features.append(_feature("sea", "Polygon", [_ring([*sea, sea[0]])]))
    return {"type": "FeatureCollection", "features": features}


def _feature(kind, geometry, coordinates):
    return {
        "type": "Feature",
        "properties": {"kind": kind},
        "geometry": {"type": geometry, "coordinates": coordinates},
    }


@require_GET
def areas_geojson(request):
    response = JsonResponse(areas())
    response["Cache-Control"] = YEAR
    response["Access-Control-Allow-Origin"] = "*"
    return response


@require_GET
def style(request):
    """A MapLibre style (version 8) drawing ``areas.geojson`` with fill and line layers."""
    data = request.build_absolute_uri("/maps/areas.geojson")
    kind = ["get", "kind"]
    response = JsonResponse(
        {
            "version": 8,
            "name": "Sandbox",
            "sources": {
                "areas": {"type": "geojson", "data": data, "attribution": ATTRIBUTION},
            },
            "layers": [
                {"id": "land", "type": "background", "paint": {"background-color": _hex(LAND)}},
                {
                    "id": "town",
                    "type": "fill",
                    "source": "areas",
                    "filter": ["==", kind, "town"],
                    "paint": {"fill-color": _hex(TOWN)},
                },
                {
                    "id": "park",
                    "type": "fill",
                    "source": "areas",
                    "filter": ["==", kind, "park"],
                    "paint": {"fill-color": _hex(PARK)},
                },
                {
                    "id": "roads",
                    "type": "line",
                    "source": "areas",
                    "filter": ["in", kind, ["literal", ["ring", "avenue"]]],
                    "paint": {
                        "line-color": _hex(AVENUE),
                        "line-width": ["interpolate", ["linear"], ["zoom"], 8, 1, 16, 8],
                    },
                },
                {
                    "id": "sea",
                    "type": "fill",
                    "source": "areas",
                    "filter": ["==", kind, "sea"],
                    "paint": {"fill-color": _hex(SEA)},
                },
            ],
        }
    )
    response["Cache-Control"] = "public, max-age=3600"
    response["Access-Control-Allow-Origin"] = "*"
    return response


def _hex(rgb) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)
