"""The sandbox's URLconf: the provider's paths (spec section 7)."""

from django.urls import path, re_path

from . import views
from .booking import page as payment_page
from .booking import views as booking
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
    path("v3/support/messages", views.support_messages),
    path("sandbox/support-mode", views.support_mode),
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
    # Booking and payment (docs/provider-booking-api.md), the hosted payment page and the
    # sandbox's payment controls.
    path("v3/prebooks", booking.prebooks),
    path("v3/prebooks/<str:public_id>", booking.prebook),
    path("v3/payments", booking.payments),
    path("v3/payments/<str:public_id>", booking.payment),
    path("v3/bookings", booking.bookings),
    path("v3/bookings/lookup", booking.lookup),
    path("v3/bookings/<str:public_id>", booking.booking),
    path("v3/bookings/<str:public_id>/cancellation", booking.cancellation),
    path("v3/bookings/<str:public_id>/cancel", booking.cancel),
    path("v3/agent/bookings", booking.agent_bookings),
    path("pay/assets/<str:name>", payment_page.asset),
    path("pay/<str:token>", payment_page.pay),
    path("pay/<str:token>/challenge", payment_page.challenge),
    path("pay/<str:token>/cancel", payment_page.cancel),
    path("sandbox/payments-mode", booking.payments_mode),
    path("sandbox/payments/settle", booking.settle),
    path("sandbox/webhooks/replay/<str:public_id>", booking.replay),
]

handler404 = "storefront.sandbox.views.not_found"
handler500 = "storefront.sandbox.views.server_error"
