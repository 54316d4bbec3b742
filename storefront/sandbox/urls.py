"""The sandbox's URLconf: the provider's paths (spec section 7)."""

from django.urls import path, re_path

from . import views
from .inventory import maps
from .inventory import views as inventory

urlpatterns = [
    path("sanctum/csrf-cookie", views.csrf_cookie),
    path("login", views.login),
    path("logout", views.logout),
    path("v3/auth", views.auth),
    path("api/register", views.register),
    path("v3/agent/<int:fid>", views.agent),
    re_path(r"^v3/agency/(?P<host>[A-Za-z0-9.-]{1,253})$", views.agency),
    re_path(r"^v3/white-label/(?P<host>[A-Za-z0-9.-]{1,253})$", views.white_label),
    path("v3/services/proxy", views.proxy),
    path("sandbox/leads-mode", views.leads_mode),
    # The inventory (docs/provider-inventory-api.md) and its photos.
    path("v3/places", inventory.places),
    path("v3/places/<int:pid>", inventory.place),
    path("v3/hotels", inventory.hotels),
    path("v3/hotels/rates", inventory.hotel_rates),
    path("v3/directory", inventory.directory),
    path("v3/hotels/<int:hid>", inventory.hotel),
    path("v3/offers/<str:offer_id>", inventory.offer),
    path("maps/tiles/<int:z>/<int:x>/<int:y>.png", maps.tile),
    path("maps/style.json", maps.style),
    path("maps/areas.geojson", maps.areas_geojson),
    path("v3/currencies/rates", inventory.currency_rates),
    path("media/hotels/<int:hid>/<int:number>-<int:width>.webp", inventory.hotel_photo),
    path("media/rooms/<int:hid>-<int:room>/<int:number>-<int:width>.webp", inventory.room_photo),
]

handler404 = "storefront.sandbox.views.not_found"
handler500 = "storefront.sandbox.views.server_error"
