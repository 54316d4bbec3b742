"""What the provider requires of a prebook's and a payment's body. Each check answers field
errors as ``{field: [message key]}``; fields inside objects and lists are named Laravel's way
(``holder.first_name``, ``guests.1.last_name``). The keys are the provider's messages
(``messages.json``)."""

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from urllib.parse import urlsplit

import phonenumbers

from ..inventory import fx
from ..inventory import rates as inventory_rates

# Message keys (the sandbox's messages.json).
REQUIRED = inventory_rates.REQUIRED
INVALID = inventory_rates.INVALID
NAME_LATIN = "name_latin"
EMAIL_INVALID = "email_invalid"
PHONE_INVALID = "phone_invalid"
GUESTS_PER_ROOM = "guests_per_room"
URL_INVALID = "url_invalid"
TEXT_TOO_LONG = "text_too_long"
OFFER_MISMATCH = "offer_mismatch"

# The provider's rule for names (its hotels' systems take ASCII): letters A–Z, spaces, hyphens
# and apostrophes, starting with a letter.
LATIN_NAME = re.compile(r"^[A-Za-z][A-Za-z '\-]*$")
NAME_MAX = 50
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
SPECIAL_REQUESTS_MAX = 500
URL_MAX = 2000
FID_RE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")


def text(data: dict, field: str) -> str:
    value = data.get(field) if isinstance(data, dict) else None
    return value.strip() if isinstance(value, str) else ""


def _name(data: dict, field: str, prefix: str, errors: dict) -> None:
    value = text(data, field)
    if not value:
        errors[f"{prefix}{field}"] = [REQUIRED]
    elif len(value) > NAME_MAX or not LATIN_NAME.fullmatch(value):
        errors[f"{prefix}{field}"] = [NAME_LATIN]


def money(value) -> Decimal | None:
    """A JSON number (read as Decimal) or a numeric string; never a bool."""
    if isinstance(value, bool) or not isinstance(value, (int, Decimal, float, str)):
        return None
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    return number if number.is_finite() and number >= 0 else None


def http_url(value) -> bool:
    if not isinstance(value, str) or len(value) > URL_MAX:
        return False
    parts = urlsplit(value)
    return parts.scheme in ("http", "https") and bool(parts.hostname)


def currency(data: dict, errors: dict) -> str:
    value = data.get("currency")
    if value is None or value == "":
        errors["currency"] = [REQUIRED]
    elif value not in fx.RATES:
        errors["currency"] = [INVALID]
    return value if isinstance(value, str) else ""


def country(value, field: str, errors: dict) -> str:
    """An optional country code (two letters), lower-cased; ``field`` names it in errors."""
    if value in (None, ""):
        return ""
    if not (isinstance(value, str) and re.fullmatch(r"[A-Za-z]{2}", value)):
        errors[field] = [INVALID]
        return ""
    return value.lower()


def prebook_errors(data) -> dict:
    """The body of ``POST /v3/prebooks``: offer_id, occupancies, currency, guest_country."""
    if not isinstance(data, dict):
        return {"body": [INVALID]}
    errors: dict[str, list[str]] = {}
    if not text(data, "offer_id"):
        errors["offer_id"] = [REQUIRED]
    inventory_rates._occupancies(data.get("occupancies"), errors)
    currency(data, errors)
    country(data.get("guest_country"), "guest_country", errors)
    return errors


def occupancies(data: dict) -> tuple:
    """The body's occupancies as the offer key writes them, once they passed the checks."""
    return tuple(
        (room["adults"], tuple(room.get("children") or ())) for room in data["occupancies"]
    )


def payment_errors(data, rooms: int | None) -> dict:
    """The body of ``POST /v3/payments``; ``rooms``: the prebook's, when it was found."""
    if not isinstance(data, dict):
        return {"body": [INVALID]}
    errors: dict[str, list[str]] = {}
    if not text(data, "prebook_id"):
        errors["prebook_id"] = [REQUIRED]
    holder = data.get("holder")
    if not isinstance(holder, dict):
        errors["holder"] = [REQUIRED if holder is None else INVALID]
    else:
        _name(holder, "first_name", "holder.", errors)
        _name(holder, "last_name", "holder.", errors)
        email = text(holder, "email")
        if not email:
            errors["holder.email"] = [REQUIRED]
        elif not EMAIL_RE.fullmatch(email) or len(email) > 254:
            errors["holder.email"] = [EMAIL_INVALID]
        home = country(holder.get("country"), "holder.country", errors)
        phone = text(holder, "phone")
        if not phone:
            errors["holder.phone"] = [REQUIRED]
        elif not valid_phone(phone, home):
            errors["holder.phone"] = [PHONE_INVALID]
    guests = data.get("guests")
    if not isinstance(guests, list) or not guests:
        errors["guests"] = [REQUIRED if not guests else INVALID]
    else:
        if rooms is not None and len(guests) != rooms:
            errors["guests"] = [GUESTS_PER_ROOM]
        for i, guest in enumerate(guests):
            if not isinstance(guest, dict):
                errors[f"guests.{i}"] = [INVALID]
                continue
            _name(guest, "first_name", f"guests.{i}.", errors)
            _name(guest, "last_name", f"guests.{i}.", errors)
    requests = data.get("special_requests")
    if requests is not None and not isinstance(requests, str):
        errors["special_requests"] = [INVALID]
    elif requests and len(requests) > SPECIAL_REQUESTS_MAX:
        errors["special_requests"] = [TEXT_TOO_LONG]
    if data.get("amount") is None:
        errors["amount"] = [REQUIRED]
    elif money(data.get("amount")) is None:
        errors["amount"] = [INVALID]
    currency(data, errors)
    if not text(data, "return_url"):
        errors["return_url"] = [REQUIRED]
    elif not http_url(data.get("return_url")):
        errors["return_url"] = [URL_INVALID]
    if data.get("webhook_url") not in (None, "") and not http_url(data.get("webhook_url")):
        errors["webhook_url"] = [URL_INVALID]
    fid = data.get("fid")
    if fid not in (None, "") and not FID_RE.fullmatch(str(fid)):
        errors["fid"] = [INVALID]
    return errors


def valid_phone(phone: str, home: str) -> bool:
    """A number the phone network could dial: with its country's dial code (``+44 …``), or in
    the holder's own country's form when ``country`` is given."""
    try:
        parsed = phonenumbers.parse(phone, home.upper() or None)
    except phonenumbers.NumberParseException:
        return False
    return phonenumbers.is_valid_number(parsed)


OUT_OF_RANGE = inventory_rates.OUT_OF_RANGE
LISTING_STATUSES = ("upcoming", "past", "cancelled")
PER_PAGE, PER_PAGE_MAX = 20, 100
Q_MAX = 100


def _positive(params, name: str, default: int, most: int | None, errors: dict) -> int:
    raw = (params.get(name) or "").strip()
    if not raw:
        return default
    if not raw.isdigit():
        errors[name] = [INVALID]
        return default
    value = int(raw)
    if value < 1 or (most is not None and value > most):
        errors[name] = [OUT_OF_RANGE]
        return default
    return value


def _day(params, name: str, errors: dict) -> date | None:
    """A date written YYYY-MM-DD, or None."""
    raw = (params.get(name) or "").strip()
    if not raw:
        return None
    try:
        day = date.fromisoformat(raw)
    except ValueError:
        day = None
    if day is None or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        errors[name] = [INVALID]
        return None
    return day


def listing(params, *, agent: bool) -> tuple[dict, dict]:
    """A listing's query (``status``, ``page``, ``per_page``; the agents' also ``from``, ``to``
    as check-in dates and ``q``): (the values, field errors)."""
    errors: dict[str, list[str]] = {}
    status = (params.get("status") or "").strip() or None
    if status is not None and status not in LISTING_STATUSES:
        errors["status"] = [INVALID]
        status = None
    values = {
        "status": status,
        "page": _positive(params, "page", 1, None, errors),
        "per_page": _positive(params, "per_page", PER_PAGE, PER_PAGE_MAX, errors),
    }
    if agent:
        values["check_in_from"] = _day(params, "from", errors)
        values["check_in_to"] = _day(params, "to", errors)
        if values["check_in_from"] and values["check_in_to"]:
            if values["check_in_to"] < values["check_in_from"]:
                errors["to"] = [OUT_OF_RANGE]
        q = (params.get("q") or "").strip()
        if len(q) > Q_MAX:
            errors["q"] = [TEXT_TOO_LONG]
        values["q"] = q
    return values, errors


# The provider's rule for an account's name (the profile): the guests' Latin letters, longer.
ACCOUNT_NAME_MAX = 100
NAME_TOO_LONG = "name_too_long"
AVATAR_MAX = 200


def profile(data) -> tuple[dict, dict]:
    """The body of ``PATCH /v3/auth``: ``name`` (required), ``avatar`` (optional: an http(s)
    address, or null or "" for none): (the changes, field errors)."""
    if not isinstance(data, dict):
        return {}, {"body": [INVALID]}
    errors: dict[str, list[str]] = {}
    changes: dict[str, str] = {}
    raw = data.get("name")
    name = " ".join(raw.split()) if isinstance(raw, str) else ""
    if not name:
        errors["name"] = ["name_required" if raw is None or isinstance(raw, str) else INVALID]
    elif len(name) > ACCOUNT_NAME_MAX:
        errors["name"] = [NAME_TOO_LONG]
    elif not LATIN_NAME.fullmatch(name):
        errors["name"] = [NAME_LATIN]
    else:
        changes["name"] = name
    if "avatar" in data:
        avatar = data["avatar"]
        if avatar is None or avatar == "":
            changes["avatar"] = ""
        elif not http_url(avatar) or len(avatar) > AVATAR_MAX:
            errors["avatar"] = [URL_INVALID]
        else:
            changes["avatar"] = avatar
    return changes, errors
