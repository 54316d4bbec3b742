"""Stays the sandbox sells, for tests that open one hotel on dates counted from today.

The sandbox fills some hotels for whole weeks and some rooms for single nights (a hash of the
hotel, room and date: about 4 % of hotel-weeks), so a hotel and a fixed offset from today are
sold out on some days of the year, and a test written that way fails on those days only.
``open_stay`` asks the sandbox's own price model, in process, for the first check-in on or after
the offset on which the hotel sells the rooms the test needs.
"""

from datetime import date, timedelta
from functools import cache

from storefront.sandbox.inventory import rates
from storefront.sandbox.inventory.store import inventory
from storefront.search.query import today

LOOK_AHEAD_DAYS = 60


@cache
def sandbox_hotel(path: str):
    """The sandbox's hotel at a hotel page's path (``/…/hotels/<country>/<city>/<hotel>``),
    looked up once per path."""
    country, city, slug = path.split("?")[0].rstrip("/").split("/")[-3:]
    inv = inventory()
    place_id = inv.slugs[(country, city)]
    return next(
        inv.hotels[hid] for hid in rates.hotels_of(place_id) if inv.hotels[hid].slug == slug
    )


def sells(path: str, check_in: date, check_out: date, guests=((2, ()),), rooms: int = 2) -> bool:
    """Whether the hotel at ``path`` sells at least ``rooms`` different rooms for the stay to
    ``guests`` (a tuple of (adults, children's ages), one a room)."""
    occupancies = tuple((adults, tuple(ages)) for adults, ages in guests)
    stay = rates.Stay(check_in, check_out, occupancies, "USD")
    offers = rates.hotel_rates(sandbox_hotel(path), stay, "all")["offers"]
    return len({offer["room_id"] for offer in offers}) >= rooms


def open_stay(
    path: str, *, after: int, nights: int, guests=((2, ()),), rooms: int = 2
) -> tuple[date, date]:
    """(check-in, check-out): the first stay of ``nights`` from ``today() + after`` on that
    ``sells``."""
    first = today() + timedelta(days=after)
    for shift in range(LOOK_AHEAD_DAYS):
        check_in = first + timedelta(days=shift)
        check_out = check_in + timedelta(days=nights)
        if sells(path, check_in, check_out, guests, rooms):
            return check_in, check_out
    raise LookupError(f"{path} sells no {nights}-night stay in {LOOK_AHEAD_DAYS} days from {first}")
