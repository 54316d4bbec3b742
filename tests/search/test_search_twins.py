"""The search box's rules are read alike here (storefront/search/query.py) and in the islands
(static_src/stay.js, checked by static_src/stay.test.js against the same file): the guests
strings and stays of fixtures/search-vectors.json, under the limits both read from
fixtures/search-limits.json."""

import json
from datetime import date

import pytest
from django.conf import settings
from django.http import QueryDict

from storefront.search import query
from storefront.search.query import SearchQuery

VECTORS = json.loads((settings.BASE_DIR / "fixtures" / "search-vectors.json").read_text())
LIMITS = json.loads((settings.BASE_DIR / "fixtures" / "search-limits.json").read_text())


def parse(now: date = date(2027, 3, 1), **params) -> SearchQuery:
    data = QueryDict(mutable=True)
    for name, value in params.items():
        data[name] = value
    return SearchQuery.from_query(data, now=now)


@pytest.mark.parametrize("case", VECTORS["guests"]["valid"], ids=lambda c: c["guests"])
def test_a_valid_guests_string_decodes_to_its_rooms_and_encodes_back(case):
    search = parse(guests=case["guests"])
    assert search.errors == {}
    assert search.occupancies() == case["rooms"]
    assert search.guests == case["guests"]


@pytest.mark.parametrize("text", VECTORS["guests"]["invalid"])
def test_an_invalid_guests_string_is_refused(text):
    search = parse(guests=text)
    assert search.errors == {"guests": "search.errors.guests_invalid"}
    assert search.guests == str(query.DEFAULT_ADULTS)


@pytest.mark.parametrize("case", VECTORS["dates"], ids=lambda c: c["why"])
def test_a_stay_gets_the_date_error_of_the_vectors(case):
    search = parse(
        now=date.fromisoformat(case["today"]),
        check_in=case["check_in"],
        check_out=case["check_out"],
    )
    expected = {case["error"][0]: case["error"][1]} if case["error"] else {}
    assert search.errors == expected


def test_the_limits_are_the_shared_files():
    assert (
        query.MIN_NIGHTS,
        query.MAX_NIGHTS,
        query.WINDOW_DAYS,
        query.MAX_ROOMS,
        query.MIN_ADULTS,
        query.MAX_ADULTS,
        query.MAX_CHILDREN,
        query.MAX_CHILD_AGE,
        query.DEFAULT_ADULTS,
    ) == (
        LIMITS["min_nights"],
        LIMITS["max_nights"],
        LIMITS["window_days"],
        LIMITS["max_rooms"],
        LIMITS["min_adults"],
        LIMITS["max_adults"],
        LIMITS["max_children"],
        LIMITS["max_child_age"],
        LIMITS["default_adults"],
    )
