"""Generated hotels: 20-80 per destination, every field derived from ``random.Random(seed)``.

Each destination draws its hotels from its own generator (seeded from the destination id) and
each hotel then from its own (seeded from the hotel id), so a hotel stays the same when code that
draws for other hotels changes. Hotel ids derive from the destination id (``100000 + 100 *
(destination id - 2000) + n``) and stay put when destinations are appended.
"""

import math
import random
from dataclasses import dataclass

from .codes import ROOM_TYPES
from .places import Place, distance_km
from .text import slugify

HOTEL_IDS = 100000

GENERIC_DISTRICTS = {
    "city": (
        "City Centre",
        "Old Town",
        "Riverside",
        "University Quarter",
        "Station Area",
        "Business District",
    ),
    "beach": ("Beachfront", "Marina", "Old Town", "Town Centre", "Bay Area", "Hillside"),
}
WORDS = (
    "Aurora",
    "Belvedere",
    "Continental",
    "Majestic",
    "Astoria",
    "Bristol",
    "Metropole",
    "Excelsior",
    "Regina",
    "Savoy",
    "Splendid",
    "Victoria",
    "Miramar",
    "Panorama",
    "Bellevue",
    "Cosmopolitan",
    "Alhambra",
    "Olympia",
    "Riviera",
    "Imperial",
    "Ambassador",
    "Lumière",
    "Solana",
    "Cordelia",
    "Marbella",
    "Casablanca",
    "Orion",
    "Vega",
    "Laurel",
    "Magnolia",
    "Cedar",
    "Juniper",
    "Azure",
    "Coral",
    "Saffron",
    "Amber",
    "Indigo",
)
CHAINS = (
    "Meridian Suites",
    "Cityline",
    "Lumen",
    "Northstar",
    "Orbit",
    "Palmera",
    "Horizon",
    "Keystone",
    "Harbourview",
    "Novella",
    "Parkside",
    "Stayform",
)
ADJECTIVES = (
    "Little",
    "Grand",
    "Silver",
    "Golden",
    "Hidden",
    "Old",
    "Quiet",
    "Blue",
    "Green",
    "Secret",
    "Royal",
    "White",
)
NOUNS = (
    "House",
    "Lodge",
    "Inn",
    "Residence",
    "Courtyard",
    "Loft",
    "Garden",
    "Harbour",
    "Terrace",
    "Gallery",
    "Palace",
    "Mansion",
)
BEACH_WORDS = ("Beach Resort", "Bay Resort & Spa", "Sands", "Seaside Hotel", "Beach Club")
ISROTEL_WORDS = (
    "Carmel Bay",
    "Desert Pearl",
    "Red Sea Gardens",
    "Arava Suites",
    "Neviot",
    "Timna Sands",
    "Kinneret Shores",
    "Galilee Grove",
    "Mediterranean Tower",
    "Salt Crystal",
    "Golden Dunes",
    "Aqua Marina",
)
STREETS = {
    "es": (
        "Calle {}",
        (
            "Mayor",
            "del Mar",
            "de la Paz",
            "del Sol",
            "Real",
            "Nueva",
            "San Juan",
            "de Aragón",
            "de Balmes",
        ),
    ),
    "de": (
        "{}straße",
        ("Haupt", "Linden", "Garten", "Kirch", "Schiller", "Goethe", "Bahnhof", "Friedrich"),
    ),
    "fr": (
        "rue {}",
        ("de la Paix", "Saint-Honoré", "du Commerce", "Victor Hugo", "de Rivoli", "des Fleurs"),
    ),
    "it": ("Via {}", ("Roma", "Garibaldi", "Dante", "Nazionale", "del Corso", "Mazzini", "Cavour")),
    "nl": ("{}straat", ("Kerk", "Hoog", "Molen", "Nieuwe", "Lange", "Prinsen")),
    "pt": ("Rua {}", ("Augusta", "da Prata", "do Ouro", "das Flores", "Garrett")),
    "il": (
        "{} Street",
        (
            "HaYarkon",
            "Ben Yehuda",
            "Dizengoff",
            "Herzl",
            "Allenby",
            "King David",
            "Jabotinsky",
            "Rothschild",
            "HaNevi'im",
        ),
    ),
    "": (
        "{} Street",
        (
            "Main",
            "Park",
            "Harbour",
            "King",
            "Queen",
            "Market",
            "Station",
            "Lake",
            "Palm",
            "Ocean",
            "Garden",
            "Hill",
        ),
    ),
}
NUMBER_FIRST = {"fr", "il", "us", "gb", "au", "nz", "ca", "ie", "sg", "hk", "za", "in", "ph", "my"}

# Room type: beds, area range m², (max adults, max children), price factor, amenities pool.
ROOMS = {
    "dorm_bed": ((("bunk", 1),), (14, 24), (1, 0), 0.35, ("wifi",)),
    "single": ((("single", 1),), (11, 16), (1, 0), 0.75, ("wifi", "tv", "desk")),
    "standard_double": ((("double", 1),), (16, 22), (2, 1), 1.0, ("wifi", "tv", "safe")),
    "standard_twin": ((("single", 2),), (16, 22), (2, 0), 1.0, ("wifi", "tv", "safe")),
    "superior_double": ((("queen", 1),), (20, 27), (2, 1), 1.18, ("wifi", "tv", "minibar")),
    "studio_apartment": (
        (("double", 1), ("sofa_bed", 1)),
        (26, 38),
        (2, 2),
        1.25,
        ("wifi", "kitchenette", "tv"),
    ),
    "deluxe_king": ((("king", 1),), (26, 36), (2, 1), 1.4, ("wifi", "minibar", "bathtub")),
    "family_room": (
        (("double", 1), ("single", 2)),
        (30, 44),
        (3, 2),
        1.65,
        ("wifi", "tv", "kettle"),
    ),
    "junior_suite": (
        (("king", 1), ("sofa_bed", 1)),
        (36, 50),
        (2, 2),
        1.9,
        ("wifi", "minibar", "coffee_machine", "bathtub"),
    ),
    "suite": (
        (("king", 1), ("sofa_bed", 1)),
        (48, 90),
        (3, 2),
        2.6,
        ("wifi", "minibar", "coffee_machine", "bathtub", "balcony"),
    ),
}
assert set(ROOMS) == set(ROOM_TYPES)
EXTRA_ROOM_AMENITIES = ("air_conditioning", "hairdryer", "kettle", "desk", "safe", "tv")
STAR_BASE_USD = {None: 85.0, 1: 42.0, 2: 62.0, 3: 98.0, 4: 155.0, 5: 290.0}


@dataclass(frozen=True, slots=True)
class Room:
    id: str
    index: int
    type: str
    beds: tuple[tuple[str, int], ...]
    area_m2: int
    max_adults: int
    max_children: int
    amenities: tuple[str, ...]
    photos: int
    factor: float


@dataclass(frozen=True, slots=True)
class Hotel:
    id: int
    slug: str
    name: str
    stars: int | None
    aggregator: str
    place_id: int
    district: str
    address: str
    lat: float
    lng: float
    distance_km: float
    rank: int
    review_score: float | None
    review_count: int
    trust_score: int
    verified_reviews: int
    amenities: tuple[str, ...]
    check_in_from: str
    check_out_until: str
    photos: int
    rooms: tuple[Room, ...]
    boards: tuple[str, ...]
    non_refundable: bool  # also sells non-refundable offers
    free_cancel_days: int
    base_usd: float
    style: str  # hostel, hotel, boutique, resort, apartments


def _stars(rng) -> int | None:
    roll = rng.random()
    for stars, upto in ((None, 0.08), (1, 0.12), (2, 0.25), (3, 0.58), (4, 0.89), (5, 1.0)):
        if roll < upto:
            return stars
    return 5


def _style(rng, stars, kind) -> str:
    if stars in (1, 2) and rng.random() < 0.45:
        return "hostel"
    if kind == "beach" and (stars or 3) >= 4 and rng.random() < 0.55:
        return "resort"
    if stars is None and rng.random() < 0.6:
        return "apartments"
    return rng.choice(("hotel", "hotel", "boutique"))


def _name(rng, style, city: Place, district: str, israeli_chain: bool) -> str:
    word = rng.choice(WORDS)
    if israeli_chain:
        return f"Isrotel {rng.choice(ISROTEL_WORDS)}"
    if style == "hostel":
        return rng.choice(
            (
                f"{word} Hostel",
                f"{city.en} Backpackers {word}",
                f"{word} Hostel {district}",
                f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)} Hostel",
            )
        )
    if style == "resort":
        return rng.choice(
            (
                f"{word} {rng.choice(BEACH_WORDS)}",
                f"{rng.choice(CHAINS)} {city.en} Resort",
                f"{word} {rng.choice(BEACH_WORDS)} {city.en}",
            )
        )
    if style == "apartments":
        return rng.choice(
            (
                f"{district} Apartments",
                f"{word} Suites {city.en}",
                f"{rng.choice(CHAINS)} Apartments {district}",
            )
        )
    if style == "boutique":
        return rng.choice(
            (
                f"The {rng.choice(ADJECTIVES)} {rng.choice(NOUNS)}",
                f"{district} Boutique Hotel",
                f"Casa {word}",
                f"{word} House",
            )
        )
    return rng.choice(
        (
            f"Hotel {word}",
            f"{word} Hotel {city.en}",
            f"{rng.choice(CHAINS)} {city.en} {district}",
            f"{rng.choice(CHAINS)} {city.en}",
            f"Grand Hotel {word}",
            f"{word} Plaza",
            f"{city.en} {word} Hotel",
        )
    )


def _address(rng, city: Place, district: str) -> str:
    pattern, names = STREETS.get(city.country_code, STREETS[""])
    street = pattern.format(rng.choice(names))
    number = rng.randint(1, 180)
    place = city.en if city.type == "city" else district
    if city.country_code in NUMBER_FIRST or city.country_code not in STREETS:
        return f"{number} {street}, {place}"
    return f"{street} {number}, {place}"


def _rooms(rng, hotel_id: int, stars, style, kind) -> tuple[Room, ...]:
    if style == "hostel":
        pool = ["dorm_bed", "single", "standard_twin", "standard_double"]
    elif style == "apartments":
        pool = ["studio_apartment", "standard_double", "family_room", "suite"]
    elif (stars or 3) >= 4:
        pool = [
            "standard_double",
            "superior_double",
            "deluxe_king",
            "family_room",
            "junior_suite",
            "suite",
        ]
    else:
        pool = ["single", "standard_double", "standard_twin", "superior_double", "family_room"]
    count = min(len(pool), rng.randint(2, 5))
    chosen = sorted(rng.sample(pool, count), key=lambda t: ROOMS[t][3])
    rooms = []
    for index, type_ in enumerate(chosen, start=1):
        beds, (low, high), (adults, children), factor, base_amenities = ROOMS[type_]
        extra = rng.sample(EXTRA_ROOM_AMENITIES, rng.randint(1, 4))
        if kind == "beach" and rng.random() < 0.4:
            extra.append("sea_view")
        elif rng.random() < 0.3:
            extra.append("city_view")
        amenities = tuple(dict.fromkeys((*base_amenities, *extra)))
        rooms.append(
            Room(
                id=f"{hotel_id}-{index}",
                index=index,
                type=type_,
                beds=beds,
                area_m2=rng.randint(low, high),
                max_adults=adults,
                max_children=children,
                amenities=amenities,
                photos=rng.randint(1, 3),
                factor=round(factor * rng.uniform(0.95, 1.08), 4),
            )
        )
    return tuple(rooms)


def _amenities(rng, stars, style, city: Place) -> tuple[str, ...]:
    s = stars or 3
    chosen = ["wifi"] if rng.random() < 0.97 else []
    odds = {
        "front_desk_24h": 0.3 + 0.12 * s,
        "air_conditioning": 0.95 if city.kind == "beach" or abs(city.lat) < 35 else 0.5,
        "restaurant": 0.1 + 0.18 * s,
        "bar": 0.05 + 0.17 * s,
        "room_service": -0.2 + 0.2 * s,
        "gym": -0.15 + 0.2 * s,
        "spa": -0.45 + 0.25 * s,
        "pool": (0.2 + 0.15 * s) if city.kind == "beach" else (-0.3 + 0.15 * s),
        "parking": 0.45,
        "airport_shuttle": 0.15,
        "family_rooms": 0.45,
        "non_smoking_rooms": 0.8,
        "pet_friendly": 0.2,
        "beach_access": 0.6 if city.kind == "beach" else 0.0,
        "kosher_food": 0.85 if city.country_code == "il" else 0.01,
        "shabbat_elevator": 0.5 if city.country_code == "il" and s >= 3 else 0.0,
        "accessible": 0.55,
        "ev_charging": 0.15,
        "business_centre": -0.1 + 0.1 * s,
        "laundry": 0.5,
        "kids_club": 0.7 if style == "resort" else 0.02,
    }
    if style == "hostel":
        odds.update(spa=0, room_service=0, pool=0.05, gym=0.02)
    chosen += [code for code, p in odds.items() if rng.random() < p]
    return tuple(chosen)


def _aggregator(rng, city: Place) -> str:
    if city.country_code == "il":
        return rng.choices(
            ("isrotel_direct", "hotelbeds", "expedia", "booking_partner"), (0.22, 0.3, 0.24, 0.24)
        )[0]
    return rng.choices(("hotelbeds", "expedia", "booking_partner"), (0.4, 0.35, 0.25))[0]


def _boards(rng, stars, style, country: str) -> tuple[str, ...]:
    if style in ("hostel", "apartments"):
        return ("RO",) if rng.random() < 0.6 else ("RO", "BB")
    if style == "resort":
        if country in ("mx", "eg", "tr", "gr", "cy", "th", "jo", "il") and rng.random() < 0.7:
            return ("BB", "HB", "FB", "AI")
        return ("BB", "HB", "FB")
    if country == "il":
        return ("BB", "HB") if rng.random() < 0.5 else ("RO", "BB", "HB")
    if (stars or 3) >= 4:
        return ("RO", "BB", "HB") if rng.random() < 0.5 else ("RO", "BB")
    return ("RO", "BB") if rng.random() < 0.7 else ("RO",)


def house_rules(hotel: Hotel) -> list[dict]:
    """The hotel's house rules as codes with their values (our catalogs word them), drawn from
    a generator of their own so that adding them changed no other field of any hotel."""
    r = random.Random(hotel.id * 104729 + 17)
    rules = []
    # Agrees with the amenities: a hotel that lists pets_allowed takes them, on request or not.
    if "pets_allowed" in hotel.amenities:
        rules.append({"code": r.choice(("pets_allowed", "pets_on_request"))})
    else:
        rules.append({"code": "no_pets"})
    rules.append({"code": "smoking_areas" if r.random() < 0.25 else "no_smoking"})
    if hotel.style in ("hostel", "apartments") or r.random() < 0.4:
        rules.append({"code": "no_parties"})
    if r.random() < 0.5:
        rules.append(
            {"code": "quiet_hours", "from": r.choice(("22:00", "23:00")), "until": "07:00"}
        )
    age = 21 if hotel.style == "resort" and r.random() < 0.3 else 18
    rules.append({"code": "min_age", "age": age})
    if hotel.style != "hostel" and r.random() < 0.6:
        rules.append({"code": "children_welcome"})
    rules.append({"code": "id_required"})
    return rules


def build_hotels(city: Place) -> list[Hotel]:
    """The destination's hotels, ranked."""
    districts = city.districts or GENERIC_DISTRICTS[city.kind]
    radius = 1.2 + 0.05 * city.hotels + (8.0 if city.type == "region" else 0.0)
    drafts, names, slugs = [], set(), set()
    for n in range(1, city.hotels + 1):
        hid = HOTEL_IDS + 100 * (city.id - 2000) + n
        h = random.Random(hid * 7919)
        stars = _stars(h)
        style = _style(h, stars, city.kind)
        aggregator = _aggregator(h, city)
        # Districts lie in sectors around the centre, so a district's hotels are neighbours.
        bearing = h.uniform(0, 2 * math.pi)
        district = districts[int(bearing / (2 * math.pi) * len(districts)) % len(districts)]
        name = _name(h, style, city, district, aggregator == "isrotel_direct" and h.random() < 0.6)
        while name in names or slugify(name) in slugs:
            name = _name(h, style, city, h.choice(districts), False)
        names.add(name)
        slugs.add(slugify(name))
        # Scattered around the centre: most hotels near it, a few far out.
        km = radius * (h.random() ** 1.6)
        lat = city.lat + (km * math.cos(bearing)) / 111.32
        lng = city.lng + (km * math.sin(bearing)) / (111.32 * math.cos(math.radians(city.lat)))
        lat, lng = round(lat, 5), round(lng, 5)
        if h.random() < 0.05:
            count = 0
        else:
            count = int(h.paretovariate(1.3) * 40 * (city.popularity / 60)) + 3
            count = min(count, 9000)
        quality = (stars or 3) / 5
        score = None
        if count:
            score = round(min(9.9, max(4.5, h.gauss(6.6 + 2.4 * quality, 0.7))), 1)
        trust = int(min(99, max(35, h.gauss(60 + 30 * quality + min(count, 2000) / 200, 8))))
        verified = int(count * h.uniform(0.55, 0.95))
        rooms = _rooms(h, hid, stars, style, city.kind)
        base = STAR_BASE_USD[stars] * city.price_level * h.uniform(0.82, 1.22)
        if style == "hostel":
            base *= 0.8
        elif style == "resort":
            base *= 1.25
        merit = (score or 7.0) * (1 + (stars or 2.5)) * (0.5 + h.random()) + min(count, 3000) / 150
        drafts.append(
            (
                merit,
                dict(
                    id=hid,
                    slug=slugify(name),
                    name=name,
                    stars=stars,
                    aggregator=aggregator,
                    place_id=city.id,
                    district=district,
                    address=_address(h, city, district),
                    lat=lat,
                    lng=lng,
                    distance_km=round(distance_km(city.lat, city.lng, lat, lng), 1),
                    review_score=score,
                    review_count=count,
                    trust_score=trust,
                    verified_reviews=verified,
                    amenities=_amenities(h, stars, style, city),
                    check_in_from=h.choice(("14:00", "15:00", "15:00", "16:00")),
                    check_out_until=h.choice(("10:00", "11:00", "11:00", "12:00")),
                    photos=h.randint(4, 8),
                    rooms=rooms,
                    boards=_boards(h, stars, style, city.country_code),
                    non_refundable=h.random() < 0.8,
                    free_cancel_days=h.choice((1, 2, 2, 3, 3, 7, 14)),
                    style=style,
                ),
                base,
            )
        )
    drafts.sort(key=lambda d: (-d[0], d[1]["id"]))
    hotels = []
    count = len(drafts)
    for rank, (_merit, fields, base) in enumerate(drafts, start=1):
        # The best-ranked hotels of a city charge a little more.
        base_usd = round(base * (1 + 0.2 * (1 - rank / count)), 2)
        hotels.append(Hotel(rank=rank, base_usd=base_usd, **fields))
    return hotels
