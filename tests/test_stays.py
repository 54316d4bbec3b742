"""``tests.stays.open_stay`` steps over the days the sandbox has a hotel full, and the stay it
gives is one the sandbox sells when asked over HTTP."""

from datetime import timedelta

import pytest

from storefront.search.query import today
from tests.search.test_pages import sandbox
from tests.stays import open_stay, sandbox_hotel, sells

HOTEL = "/hotels/spain/barcelona/metropole-sands"


def test_a_full_week_is_stepped_over():
    start = today() + timedelta(days=1)
    full = next(
        day
        for day in (start + timedelta(days=n) for n in range(365))
        if not sells(HOTEL, day, day + timedelta(days=2))
    )
    check_in, check_out = open_stay(HOTEL, after=(full - today()).days, nights=2)
    assert check_in > full and check_out == check_in + timedelta(days=2)
    assert sells(HOTEL, check_in, check_out)


@pytest.mark.usefixtures("provider")
def test_the_stay_is_sold_over_http():
    check_in, check_out = open_stay(HOTEL, after=30, nights=3, guests=((2, (7,)),))
    body = {
        "hotel_ids": [sandbox_hotel(HOTEL).id],
        "check_in": check_in.isoformat(),
        "check_out": check_out.isoformat(),
        "occupancies": [{"adults": 2, "children": [7]}],
        "currency": "USD",
        "locale": "en",
        "mode": "all",
    }
    offers = sandbox("POST", "/v3/hotels/rates", json=body)[0]["offers"]
    assert len({offer["room_id"] for offer in offers}) >= 2
