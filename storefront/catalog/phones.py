"""Phone numbers as a form takes them: a country chosen by its dial code, and the number typed
read as that country's (phonenumbers). The lead form and checkout's guest details share them."""

import re

import phonenumbers

from .selectors import countries


def country_for_dial(code: str, calling_code: str):
    """The country whose dial code the visitor chose, if it has that code."""
    found = countries().get((code or "").upper())
    digits = re.sub(r"\D", "", calling_code or "")
    if found is None or not digits:
        return None
    return found if re.sub(r"\D", "", found.dial_code) == digits else None


def phone_number(raw: str, country) -> phonenumbers.PhoneNumber | None:
    """The number typed, read as the chosen country's: a dial code with an area part ("1-684",
    American Samoa) also reads a number typed without that area code."""
    if country is None:
        return None
    region = country.code.upper()
    _code, _dash, area = country.dial_code.partition("-")
    candidates = [raw]
    if area and not re.sub(r"\D", "", raw).startswith(area) and not raw.lstrip().startswith("+"):
        candidates.append(area + raw)
    for candidate in candidates:
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number_for_region(number, region):
            return number
    return None
