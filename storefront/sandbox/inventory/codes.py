"""The provider's code lists: amenities, room types, bed types, boards, aggregators, price items.

The API answers codes, never names, so the storefront names them from its own catalogs in the
page's language. This module imports nothing, so the storefront may import it to know every code
the provider can send (it is the one sandbox module it may import); the English labels are the
provider's defaults, for the sandbox's room names and descriptions.
"""

HOTEL_AMENITIES: dict[str, str] = {
    "wifi": "Free Wi-Fi",
    "parking": "Parking",
    "pool": "Swimming pool",
    "spa": "Spa",
    "gym": "Fitness centre",
    "restaurant": "Restaurant",
    "bar": "Bar",
    "room_service": "Room service",
    "air_conditioning": "Air conditioning",
    "airport_shuttle": "Airport shuttle",
    "family_rooms": "Family rooms",
    "non_smoking_rooms": "Non-smoking rooms",
    "pet_friendly": "Pets allowed",
    "beach_access": "Beach access",
    "kosher_food": "Kosher food",
    "accessible": "Wheelchair accessible",
    "ev_charging": "Electric vehicle charging",
    "business_centre": "Business centre",
    "front_desk_24h": "24-hour front desk",
    "laundry": "Laundry",
    "kids_club": "Kids' club",
    "shabbat_elevator": "Shabbat elevator",
}

ROOM_AMENITIES: dict[str, str] = {
    "wifi": "Free Wi-Fi",
    "air_conditioning": "Air conditioning",
    "minibar": "Minibar",
    "safe": "In-room safe",
    "tv": "Flat-screen TV",
    "kettle": "Kettle",
    "coffee_machine": "Coffee machine",
    "bathtub": "Bathtub",
    "balcony": "Balcony",
    "sea_view": "Sea view",
    "city_view": "City view",
    "desk": "Desk",
    "hairdryer": "Hairdryer",
    "kitchenette": "Kitchenette",
}

BED_TYPES: dict[str, str] = {
    "single": "Single bed",
    "double": "Double bed",
    "queen": "Queen bed",
    "king": "King bed",
    "sofa_bed": "Sofa bed",
    "bunk": "Bunk bed",
}

ROOM_TYPES: dict[str, str] = {
    "dorm_bed": "Bed in Dormitory",
    "single": "Single Room",
    "standard_double": "Standard Double Room",
    "standard_twin": "Standard Twin Room",
    "superior_double": "Superior Double Room",
    "studio_apartment": "Studio Apartment",
    "deluxe_king": "Deluxe King Room",
    "family_room": "Family Room",
    "junior_suite": "Junior Suite",
    "suite": "Suite",
}

BOARDS: dict[str, str] = {
    "RO": "Room only",
    "BB": "Bed and breakfast",
    "HB": "Half board",
    "FB": "Full board",
    "AI": "All inclusive",
}

AGGREGATORS: tuple[str, ...] = ("hotelbeds", "expedia", "booking_partner", "isrotel_direct")

PLACE_TYPES: tuple[str, ...] = ("country", "city", "region", "landmark", "hotel")

# Items of an offer's price: code -> kind ("tax" or "fee").
PRICE_ITEMS: dict[str, str] = {
    "vat": "tax",
    "service_fee": "fee",
    "resort_fee": "fee",
    "city_tax": "tax",
}
