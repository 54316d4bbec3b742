"""The one query object for search: it reads and writes every search URL.

A search is a plain GET URL, so it can be shared, bookmarked, crawled and cached. Parameters:

- ``destination`` (the words typed) and ``place`` (the provider's place id the combobox chose);
- ``check_in``, ``check_out``: ISO dates (``2027-03-10``); the date picker shows dd-mm-yyyy;
- ``guests``: rooms separated by ``,``; a room is its number of adults, then ``-age`` for each
  child: ``2`` (two adults), ``2-7-4`` (two adults, children of 7 and 4), ``2-7,1`` (two rooms).
  The form without JavaScript sends ``rooms``, ``adults``, ``children`` and ``age`` (one per
  child) instead; they are folded into ``guests`` and the URL is rewritten in the one encoding;
- ``country``, ``currency``, ``session``, ``fid``: kept as they came (spec section 3);
- ``price_min``, ``price_max`` (per night, in the page's currency), ``stars`` (repeated, 0 =
  unrated), ``review`` (minimum score: 6, 7, 8, 9), ``free_cancellation=1``, ``board``
  (repeated: RO BB HB FB AI), ``amenity`` (repeated codes), ``sort`` and ``page``.

Dates follow the date picker's rules (spec sections 5 and 9): a stay of 2 to 31 selected days
(1 to 30 nights), starting today or later and ending within a year. "Today" is the earliest date
that is still today somewhere on Earth (UTC−12), so a visitor late in the evening in Hawaii can
book tonight.

The limits (nights, the window, rooms, adults, children, ages) are ``fixtures/search-limits.json``,
which static_src/stay.js imports too; ``fixtures/search-vectors.json`` holds guests strings and
stays that both sides must read alike (tests/search/test_search_twins.py, static_src/stay.test.js).
"""

import json
import re
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from urllib.parse import urlencode

LIMITS = json.loads(
    (Path(__file__).resolve().parents[2] / "fixtures" / "search-limits.json").read_text()
)
MIN_NIGHTS = LIMITS["min_nights"]  # 1: 2 selected days
MAX_NIGHTS = LIMITS["max_nights"]  # 30: 31 selected days
WINDOW_DAYS = LIMITS["window_days"]  # the last check-out: today + 365 days
MAX_ROOMS = LIMITS["max_rooms"]
MIN_ADULTS = LIMITS["min_adults"]
MAX_ADULTS = LIMITS["max_adults"]
MAX_CHILDREN = LIMITS["max_children"]
MAX_CHILD_AGE = LIMITS["max_child_age"]
DEFAULT_ADULTS = LIMITS["default_adults"]
PER_PAGE = 20
MAX_PAGE = 500
SORTS = ("recommended", "price_asc", "price_desc", "review", "stars", "distance")
BOARDS = ("RO", "BB", "HB", "FB", "AI")
REVIEW_MINIMUMS = (6, 7, 8, 9)
KEPT = ("country", "currency", "session", "fid")


def _one_of(low: int, high: int) -> str:
    """A pattern for the whole numbers low..high as written, no leading zeros ("(?:8|7|...|1)")."""
    return "(?:" + "|".join(str(n) for n in range(high, low - 1, -1)) + ")"


# A room: its adults, then "-age" per child; rooms joined by ",". stay.js builds the same pattern.
_ROOM = f"{_one_of(MIN_ADULTS, MAX_ADULTS)}(?:-{_one_of(0, MAX_CHILD_AGE)})*"
GUESTS_RE = re.compile(rf"\A{_ROOM}(?:,{_ROOM})*\Z")
CODE_RE = re.compile(r"\A[a-z][a-z0-9_]{1,40}\Z")
KEPT_RE = re.compile(r"\A[A-Za-z0-9._-]{1,64}\Z")


def today() -> date:
    """The earliest date that is today somewhere (UTC−12): the first night one can book."""
    return (datetime.now(UTC) - timedelta(hours=12)).date()


@dataclass(frozen=True)
class Room:
    adults: int = DEFAULT_ADULTS
    children: tuple[int, ...] = ()  # ages

    def encode(self) -> str:
        return "-".join([str(self.adults), *map(str, self.children)])


@dataclass(frozen=True)
class SearchQuery:
    destination: str = ""
    place: int | None = None
    check_in: date | None = None
    check_out: date | None = None
    rooms: tuple[Room, ...] = (Room(),)
    kept: tuple[tuple[str, str], ...] = ()
    price_min: int | None = None
    price_max: int | None = None
    stars: frozenset[int] = frozenset()
    review: int | None = None
    free_cancellation: bool = False
    boards: frozenset[str] = frozenset()
    amenities: frozenset[str] = frozenset()
    beds: frozenset[str] = frozenset()  # a hotel page's rooms: any of these bed types
    sort: str = "recommended"
    page: int = 1
    errors: dict[str, str] = field(default_factory=dict, compare=False)  # field -> catalog key
    rewritten: bool = field(default=False, compare=False)  # came in another spelling

    # ----- reading -----

    @classmethod
    def from_query(cls, query, *, now: date | None = None) -> "SearchQuery":
        """Read a QueryDict (or a dict of lists). Bad values are dropped or reported in
        ``errors`` (catalog keys), never raised: a search page always renders."""
        now = now or today()
        errors: dict[str, str] = {}
        rewritten = False

        def one(name):
            value = query.get(name)
            return value.strip() if isinstance(value, str) else ""

        def many(name):
            return [v.strip() for v in query.getlist(name) if isinstance(v, str)]

        destination = one("destination")[:120]
        place = _positive(one("place"))
        rooms, guests_error, spelled = _rooms(query, one, many)
        rewritten |= spelled
        if guests_error:
            errors["guests"] = guests_error
        check_in, check_out = _date(one("check_in")), _date(one("check_out"))
        for name, value in (("check_in", check_in), ("check_out", check_out)):
            if one(name) and not value:
                errors[name] = "search.errors.date_invalid"
            elif not one(name) and one("check_out" if name == "check_in" else "check_in"):
                errors[name] = f"search.errors.{name}_missing"
        if check_in and check_out and "check_in" not in errors and "check_out" not in errors:
            error = stay_error(check_in, check_out, now)
            if error:
                errors[error[0]] = error[1]
        kept = tuple((k, one(k)) for k in KEPT if KEPT_RE.fullmatch(one(k)))
        price_min, price_max = _positive(one("price_min"), zero=True), _positive(one("price_max"))
        if price_min is not None and price_max is not None and price_min > price_max:
            price_min, price_max = price_max, price_min
        stars = frozenset(int(s) for s in many("stars") if s in {"0", "1", "2", "3", "4", "5"})
        review = _positive(one("review"))
        sort = one("sort") if one("sort") in SORTS else "recommended"
        page = _positive(one("page")) or 1
        return cls(
            destination=destination,
            place=place,
            check_in=check_in,
            check_out=check_out,
            rooms=rooms,
            kept=kept,
            price_min=price_min,
            price_max=price_max,
            stars=stars,
            review=review if review in REVIEW_MINIMUMS else None,
            free_cancellation=one("free_cancellation") in {"1", "on", "true"},
            boards=frozenset(b for b in many("board") if b in BOARDS),
            amenities=frozenset(a for a in many("amenity") if CODE_RE.fullmatch(a)),
            beds=frozenset(b for b in many("bed") if CODE_RE.fullmatch(b)),
            sort=sort,
            page=min(page, MAX_PAGE),
            errors=errors,
            rewritten=rewritten,
        )

    # ----- what it says -----

    @property
    def dated(self) -> bool:
        """Dates given and valid: prices can be asked for."""
        return bool(self.check_in and self.check_out and not self.errors)

    @property
    def dates_given(self) -> bool:
        """Valid dates, whatever else is wrong (a child's age missing): the page asks for what
        is wrong under its field, never for dates."""
        return bool(
            self.check_in and self.check_out and not {"check_in", "check_out"} & set(self.errors)
        )

    @property
    def nights(self) -> int:
        return (self.check_out - self.check_in).days if self.dated else 0

    @property
    def adults(self) -> int:
        return sum(r.adults for r in self.rooms)

    @property
    def children(self) -> int:
        return sum(len(r.children) for r in self.rooms)

    @property
    def guests(self) -> str:
        return ",".join(r.encode() for r in self.rooms)

    @property
    def filtered(self) -> bool:
        return bool(
            self.price_min is not None
            or self.price_max is not None
            or self.stars
            or self.review
            or self.free_cancellation
            or self.boards
            or self.amenities
        )  # the results' filters; ``beds`` narrows a hotel page's rooms only

    def occupancies(self) -> list[dict]:
        return [{"adults": r.adults, "children": list(r.children)} for r in self.rooms]

    # ----- writing -----

    def params(self, *, search=True, filters=True, page=True) -> list[tuple[str, str]]:
        """The canonical query string pairs, always in the same order (cache and canonical
        URLs depend on it); defaults are left out."""
        pairs: list[tuple[str, str]] = []
        if search:
            if self.destination:
                pairs.append(("destination", self.destination))
            if self.place:
                pairs.append(("place", str(self.place)))
            if self.check_in and self.check_out:
                pairs += [("check_in", self.check_in.isoformat())]
                pairs += [("check_out", self.check_out.isoformat())]
            if self.guests != str(DEFAULT_ADULTS):
                pairs.append(("guests", self.guests))
            pairs += list(self.kept)
        if filters:
            if self.price_min is not None:
                pairs.append(("price_min", str(self.price_min)))
            if self.price_max is not None:
                pairs.append(("price_max", str(self.price_max)))
            pairs += [("stars", str(s)) for s in sorted(self.stars)]
            if self.review:
                pairs.append(("review", str(self.review)))
            if self.free_cancellation:
                pairs.append(("free_cancellation", "1"))
            pairs += [("board", b) for b in BOARDS if b in self.boards]
            pairs += [("amenity", a) for a in sorted(self.amenities)]
            pairs += [("bed", b) for b in sorted(self.beds)]
            if self.sort != "recommended":
                pairs.append(("sort", self.sort))
        if page and self.page > 1:
            pairs.append(("page", str(self.page)))
        return pairs

    def encode(self, **parts) -> str:
        return urlencode(self.params(**parts))

    def with_changes(self, **changes) -> "SearchQuery":
        """A copy with ``changes``; any change but the page goes back to page 1."""
        if "page" not in changes:
            changes["page"] = 1
        return replace(self, errors=dict(self.errors), **changes)


def stay_error(check_in: date, check_out: date, now: date) -> tuple[str, str] | None:
    """(field, catalog key) for a stay the date picker would not allow, else None."""
    if check_in < now:
        return "check_in", "search.errors.past"
    if check_out <= check_in:
        return "check_out", "search.errors.reversed"
    nights = (check_out - check_in).days
    if nights > MAX_NIGHTS:
        return "check_out", "search.errors.too_long"
    if check_out > now + timedelta(days=WINDOW_DAYS):
        return "check_out", "search.errors.too_far"
    if nights < MIN_NIGHTS:  # unreachable with whole days, kept for a future minimum
        return "check_out", "search.errors.too_short"
    return None


def _date(value: str) -> date | None:
    """ISO (what the query and ``<input type=date>`` send) or dd-mm-yyyy (what people type)."""
    for pattern in ("%Y-%m-%d", "%d-%m-%Y"):
        try:
            return datetime.strptime(value, pattern).date()
        except ValueError:
            continue
    return None


def _positive(value: str, *, zero=False) -> int | None:
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        return None
    number = int(value)
    return number if number > 0 or (zero and number == 0) else None


def _rooms(query, one, many) -> tuple[tuple[Room, ...], str | None, bool]:
    """The rooms from ``guests``, or from the no-JS form's fields; (rooms, error, rewritten)."""
    if one("guests") and not any(one(n) for n in ("rooms", "adults", "children")):
        if not GUESTS_RE.fullmatch(one("guests")):
            return (Room(),), "search.errors.guests_invalid", False
        rooms = []
        for part in one("guests").split(","):
            numbers = [int(n) for n in part.split("-")]
            if len(numbers) - 1 > MAX_CHILDREN:
                return (Room(),), "search.errors.guests_invalid", False
            rooms.append(Room(adults=numbers[0], children=tuple(numbers[1:])))
        if len(rooms) > MAX_ROOMS:
            return (Room(),), "search.errors.guests_invalid", False
        return tuple(rooms), None, False
    if not any(one(n) for n in ("rooms", "adults", "children")):
        return (Room(),), None, False
    # The form without JavaScript: totals, spread over the rooms as evenly as they go.
    count = _positive(one("rooms")) or 1
    adults = _positive(one("adults")) or DEFAULT_ADULTS
    children = _positive(one("children"), zero=True) or 0
    ages = [int(a) for a in many("age") if a.isascii() and a.isdigit() and int(a) <= MAX_CHILD_AGE]
    if count > MAX_ROOMS or adults < count or adults > MAX_ADULTS * count:
        return (Room(),), "search.errors.guests_rooms", True
    if children > MAX_CHILDREN * count:
        return (Room(),), "search.errors.guests_invalid", True
    if len(ages) < children:
        # Ask for the ages: the page shows an age field for every child.
        rooms = _spread(count, adults, [0] * children)
        return rooms, "search.errors.child_ages", True
    return _spread(count, adults, ages[:children]), None, True


def _spread(count: int, adults: int, ages: list[int]) -> tuple[Room, ...]:
    rooms = []
    for i in range(count):
        share = adults // count + (1 if i < adults % count else 0)
        rooms.append(Room(adults=share, children=tuple(ages[i::count])))
    return tuple(rooms)
