"""A hotel's postal code and telephone number, as a provider gives them: made from the hotel's id
(the same every time, and without drawing from the generator that makes its other fields, so
that adding them changed no other hotel's data) in the form its country writes them.

Countries without postal codes (the Emirates, Hong Kong, Qatar) have none; the number is in
international form: the country's calling code, then digits grouped as its phone book does.
"""

import random

# Country: (calling code, how the local number is grouped, postal code pattern). In a pattern
# "9" is a digit and "A" a capital letter; "" for a country without postal codes.
COUNTRIES = {
    "ae": ("971", (1, 3, 4), ""),
    "ar": ("54", (2, 4, 4), "A9999AAA"),
    "at": ("43", (1, 4, 4), "9999"),
    "au": ("61", (1, 4, 4), "9999"),
    "bg": ("359", (2, 3, 4), "9999"),
    "br": ("55", (2, 4, 4), "99999-999"),
    "ca": ("1", (3, 3, 4), "A9A 9A9"),
    "ch": ("41", (2, 3, 4), "9999"),
    "cl": ("56", (1, 4, 4), "9999999"),
    "cn": ("86", (2, 4, 4), "999999"),
    "co": ("57", (3, 3, 4), "999999"),
    "cy": ("357", (2, 6), "9999"),
    "cz": ("420", (3, 3, 3), "999 99"),
    "de": ("49", (2, 4, 4), "99999"),
    "dk": ("45", (2, 2, 2, 2), "9999"),
    "eg": ("20", (1, 4, 4), "99999"),
    "es": ("34", (2, 3, 4), "99999"),
    "fr": ("33", (1, 2, 2, 2, 2), "99999"),
    "gb": ("44", (2, 4, 4), "AA9 9AA"),
    "ge": ("995", (2, 3, 4), "9999"),
    "gr": ("30", (3, 3, 4), "999 99"),
    "hk": ("852", (4, 4), ""),
    "hr": ("385", (1, 3, 4), "99999"),
    "hu": ("36", (1, 3, 4), "9999"),
    "id": ("62", (2, 4, 4), "99999"),
    "ie": ("353", (1, 3, 4), "A99 A9A9"),
    "il": ("972", (1, 3, 4), "9999999"),
    "in": ("91", (2, 4, 4), "999999"),
    "is": ("354", (3, 4), "999"),
    "it": ("39", (2, 4, 4), "99999"),
    "jo": ("962", (1, 3, 4), "99999"),
    "jp": ("81", (2, 4, 4), "999-9999"),
    "kr": ("82", (2, 4, 4), "99999"),
    "kz": ("7", (3, 3, 4), "A99A9A9"),
    "ma": ("212", (3, 2, 2, 2), "99999"),
    "mx": ("52", (2, 4, 4), "99999"),
    "my": ("60", (1, 4, 4), "99999"),
    "nl": ("31", (2, 3, 4), "9999 AA"),
    "no": ("47", (2, 2, 2, 2), "9999"),
    "nz": ("64", (1, 3, 4), "9999"),
    "pe": ("51", (1, 3, 4), "99999"),
    "ph": ("63", (1, 4, 4), "9999"),
    "pl": ("48", (2, 3, 2, 2), "99-999"),
    "pt": ("351", (3, 3, 3), "9999-999"),
    "qa": ("974", (4, 4), ""),
    "ro": ("40", (2, 3, 4), "999999"),
    "rs": ("381", (2, 3, 4), "99999"),
    "se": ("46", (1, 3, 2, 2), "999 99"),
    "sg": ("65", (4, 4), "999999"),
    "th": ("66", (1, 3, 4), "99999"),
    "tr": ("90", (3, 3, 2, 2), "99999"),
    "tw": ("886", (1, 4, 4), "999"),
    "us": ("1", (3, 3, 4), "99999"),
    "vn": ("84", (2, 4, 4), "999999"),
    "za": ("27", (2, 3, 4), "9999"),
}
_LETTERS = "ABCDEFGHJKLMNPRSTUVWXY"


def _draw(rng: random.Random, pattern: str) -> str:
    return "".join(
        str(rng.randint(1 if i == 0 else 0, 9))
        if c == "9"
        else rng.choice(_LETTERS)
        if c == "A"
        else c
        for i, c in enumerate(pattern)
    )


def contact(hotel_id: int, country_code: str) -> dict:
    """``postal_code`` and ``phone`` of a hotel, leaving out what its country has not."""
    found = COUNTRIES.get(country_code)
    if found is None:
        return {}
    calling, groups, postal = found
    rng = random.Random(f"contact-{hotel_id}")
    digits = [_draw(rng, "9" * size) for size in groups]
    answer = {"phone": f"+{calling} {' '.join(digits)}"}
    if postal:
        answer["postal_code"] = _draw(rng, postal)
    return answer
