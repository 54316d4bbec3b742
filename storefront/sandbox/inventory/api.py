"""The JSON shapes of docs/provider-inventory-api.md, for places and hotels.

Names (a place's, a hotel's city and district) and a hotel's description are in the request's
locale where the provider has them; a name or description in another language says which
(``name_locale``, ``district_locale``, ``description_locale``). Photo URLs are absolute and
built from the request's host, because the browser fetches them from the provider directly.
"""

from .contact import contact
from .descriptions import description
from .hotels import Hotel, Room, house_rules
from .photos import BASE, WIDTHS, _height
from .places import Place, district_name, names
from .store import inventory


def _coordinates(lat: float, lng: float) -> dict:
    return {"lat": lat, "lng": lng}


def place_json(place: Place, locale: str) -> dict:
    inv = inventory()
    table = names(locale)
    name, name_locale = table[place.id]
    country_id = inv.country_ids[place.country_code]
    data = {
        "id": place.id,
        "type": place.type,
        "name": name,
        "name_locale": name_locale,
        "slug": place.slug,
        "country_code": place.country_code,
        "country_slug": inv.places[country_id].slug,
        "country_name": table[country_id][0],
        "coordinates": _coordinates(place.lat, place.lng),
        "parent_id": place.parent_id,
        "time_zone": place.time_zone,
        "hotel_count": inv.hotel_counts[place.id],
    }
    if place.type == "landmark":
        data["city_slug"] = inv.places[place.parent_id].slug
    return data


def hotel_place_json(hotel: Hotel, locale: str) -> dict:
    inv = inventory()
    city = inv.places[hotel.place_id]
    table = names(locale)
    country_id = inv.country_ids[city.country_code]
    return {
        "id": hotel.id,
        "type": "hotel",
        "name": hotel.name,
        "name_locale": "en",
        "slug": hotel.slug,
        "country_code": city.country_code,
        "country_slug": inv.places[country_id].slug,
        "country_name": table[country_id][0],
        "coordinates": _coordinates(hotel.lat, hotel.lng),
        "parent_id": city.id,
        "time_zone": city.time_zone,
        "hotel_count": 1,
        "city_slug": city.slug,
    }


def _photos(request, base: str, count: int) -> list[dict]:
    return [
        {
            "id": n,
            "width": BASE[0],
            "height": _height(BASE[0]),
            "sizes": {str(w): request.build_absolute_uri(f"{base}/{n}-{w}.webp") for w in WIDTHS},
        }
        for n in range(1, count + 1)
    ]


def room_json(request, hotel: Hotel, room: Room) -> dict:
    from .codes import ROOM_TYPES

    return {
        "id": room.id,
        "type": room.type,
        "name": ROOM_TYPES[room.type],
        "beds": [{"type": kind, "count": count} for kind, count in room.beds],
        "area_m2": room.area_m2,
        "max_occupancy": {"adults": room.max_adults, "children": room.max_children},
        "amenities": list(room.amenities),
        "photos": _photos(request, f"/media/rooms/{room.id}", room.photos),
    }


def hotel_json(request, hotel: Hotel, locale: str) -> dict:
    inv = inventory()
    city = inv.places[hotel.place_id]
    text, text_locale = description(hotel, locale)
    district, district_locale = district_name(hotel.district, locale)
    return {
        "id": hotel.id,
        "slug": hotel.slug,
        "name": hotel.name,
        "stars": hotel.stars,
        "aggregator": hotel.aggregator,
        "place_id": city.id,
        "city_name": names(locale)[city.id][0],
        "city_slug": city.slug,
        "country_code": city.country_code,
        "country_slug": inv.places[inv.country_ids[city.country_code]].slug,
        "district": district,
        "district_locale": district_locale,
        "address": hotel.address,
        **contact(hotel.id, city.country_code),  # postal_code, phone: where the country has them
        "coordinates": _coordinates(hotel.lat, hotel.lng),
        "distance_km": hotel.distance_km,
        "time_zone": city.time_zone,
        "rank": hotel.rank,
        "review": {"score": hotel.review_score, "count": hotel.review_count},
        "trust": {"score": hotel.trust_score, "verified_reviews": hotel.verified_reviews},
        "amenities": list(hotel.amenities),
        "check_in_from": hotel.check_in_from,
        "check_out_until": hotel.check_out_until,
        "house_rules": house_rules(hotel),
        "description": text,
        "description_locale": text_locale,
        "photos": _photos(request, f"/media/hotels/{hotel.id}", hotel.photos),
        "rooms": [room_json(request, hotel, room) for room in hotel.rooms],
    }
