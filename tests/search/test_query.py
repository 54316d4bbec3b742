"""The search query object: one encoding in, the same encoding out, dates as the picker allows."""

from datetime import date, timedelta

import pytest
from django.http import QueryDict

from storefront.search.query import Room, SearchQuery

NOW = date(2027, 3, 1)


def parse(text: str) -> SearchQuery:
    return SearchQuery.from_query(QueryDict(text), now=NOW)


def test_a_full_search_round_trips_in_a_fixed_order():
    text = (
        "sort=price_asc&guests=2-7-4%2C1&check_out=2027-03-13&destination=Barcelona&place=2042"
        "&check_in=2027-03-10&currency=EUR&fid=42&stars=5&stars=4&free_cancellation=1&board=BB"
        "&page=2"
    )
    query = parse(text)
    assert query.rooms == (Room(2, (7, 4)), Room(1, ()))
    assert (query.nights, query.adults, query.children) == (3, 3, 2)
    assert query.encode() == (
        "destination=Barcelona&place=2042&check_in=2027-03-10&check_out=2027-03-13"
        "&guests=2-7-4%2C1&currency=EUR&fid=42&stars=4&stars=5&free_cancellation=1&board=BB"
        "&sort=price_asc&page=2"
    )
    assert parse(query.encode()) == query


def test_defaults_are_left_out_and_any_change_returns_to_page_one():
    query = parse("destination=Rome&guests=2&sort=recommended&page=3")
    assert query.encode() == "destination=Rome&page=3"
    assert query.with_changes(sort="stars").encode() == "destination=Rome&sort=stars"


@pytest.mark.parametrize(
    "check_in,check_out,field,key",
    [
        (NOW - timedelta(days=1), NOW + timedelta(days=2), "check_in", "search.errors.past"),
        (NOW + timedelta(days=5), NOW + timedelta(days=5), "check_out", "search.errors.reversed"),
        (NOW + timedelta(days=5), NOW + timedelta(days=3), "check_out", "search.errors.reversed"),
        (NOW, NOW + timedelta(days=31), "check_out", "search.errors.too_long"),
        (
            NOW + timedelta(days=360),
            NOW + timedelta(days=366),
            "check_out",
            "search.errors.too_far",
        ),
    ],
)
def test_stays_the_picker_would_refuse_are_reported_on_their_field(check_in, check_out, field, key):
    query = parse(f"check_in={check_in}&check_out={check_out}")
    assert query.errors == {field: key}
    assert not query.dated


@pytest.mark.parametrize("check_in,nights", [(NOW, 1), (NOW, 30), (NOW + timedelta(days=335), 30)])
def test_the_limits_themselves_are_allowed(check_in, nights):
    query = parse(f"check_in={check_in}&check_out={check_in + timedelta(days=nights)}")
    assert query.errors == {} and query.nights == nights


def test_typed_dates_in_day_month_year_are_read():
    query = parse("check_in=10-03-2027&check_out=12-03-2027")
    assert (query.check_in, query.check_out) == (date(2027, 3, 10), date(2027, 3, 12))
    assert "check_in=2027-03-10" in query.encode()


@pytest.mark.parametrize(
    "text,field,key",
    [
        ("check_in=2027-02-30&check_out=2027-03-04", "check_in", "search.errors.date_invalid"),
        ("check_in=2027-03-04", "check_out", "search.errors.check_out_missing"),
        ("check_out=2027-03-04", "check_in", "search.errors.check_in_missing"),
        ("guests=0", "guests", "search.errors.guests_invalid"),
        ("guests=2-18", "guests", "search.errors.guests_invalid"),
        ("guests=9", "guests", "search.errors.guests_invalid"),
        ("guests=1,1,1,1,1,1,1,1,1", "guests", "search.errors.guests_invalid"),
        ("guests=2-1-1-1-1-1-1-1", "guests", "search.errors.guests_invalid"),
    ],
)
def test_bad_input_is_reported_never_raised(text, field, key):
    assert parse(text).errors == {field: key}


def test_the_no_js_form_fields_fold_into_guests():
    query = parse("rooms=2&adults=3&children=2&age=5&age=11")
    assert query.rewritten and not query.errors
    assert query.guests == "2-5,1-11"


def test_the_no_js_form_asks_for_missing_child_ages():
    query = parse("adults=2&children=2&age=4")
    assert query.errors == {"guests": "search.errors.child_ages"}
    assert query.children == 2


def test_more_rooms_than_adults_is_refused():
    assert parse("rooms=3&adults=2").errors == {"guests": "search.errors.guests_rooms"}


def test_filters_ignore_unknown_values():
    query = parse("stars=9&stars=3&board=XX&board=AI&review=5&sort=cheapest&amenity=<b>")
    assert query.stars == {3} and query.boards == {"AI"}
    assert query.review is None and query.sort == "recommended" and not query.amenities


def test_kept_parameters_pass_only_in_a_safe_shape():
    query = parse("session=abc-123&fid=42&country=de&currency=E%3CUR")
    assert dict(query.kept) == {"session": "abc-123", "fid": "42", "country": "de"}
