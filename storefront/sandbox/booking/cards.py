"""The hosted page's card checks and the test cards (the numbers payment providers publish for
their test modes, Stripe's among them). The sandbox never keeps a card number: a payment keeps
the brand and the last four digits.
"""

import re
from dataclasses import dataclass
from datetime import date

# What a test card does. Any other number that passes the Luhn check is approved.
APPROVE, DECLINE, NO_FUNDS, CHALLENGE, SLOW = (
    "approve",
    "card_declined",
    "insufficient_funds",
    "challenge",
    "slow",
)
TEST_CARDS = {
    "4242424242424242": APPROVE,
    "4000000000000002": DECLINE,
    "4000000000009995": NO_FUNDS,
    "4000000000003220": CHALLENGE,
    "4000000000000077": SLOW,
}
MAX_YEARS_AHEAD = 20

# Message keys of the page's words (words.json).
NUMBER_REQUIRED = "error_number_required"
NUMBER_INVALID = "error_number_invalid"
EXPIRY_REQUIRED = "error_expiry_required"
EXPIRY_INVALID = "error_expiry_invalid"
EXPIRY_PAST = "error_expiry_past"
CVC_REQUIRED = "error_cvc_required"
CVC_INVALID = "error_cvc_invalid"
NAME_REQUIRED = "error_name_required"


@dataclass(frozen=True, slots=True)
class Card:
    number: str
    brand: str
    last4: str

    @property
    def outcome(self) -> str:
        return TEST_CARDS.get(self.number, APPROVE)


def digits(value: str) -> str:
    """The digits of what was typed; spaces and dashes between groups are allowed."""
    return re.sub(r"[\s-]", "", value or "")


def luhn(number: str) -> bool:
    total = 0
    for i, char in enumerate(reversed(number)):
        n = int(char)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def brand(number: str) -> str:
    if number.startswith("4"):
        return "visa"
    if re.match(r"^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)", number):
        return "mastercard"
    if re.match(r"^3[47]", number):
        return "amex"
    return "card"


def check(form: dict, today: date) -> tuple[Card | None, dict[str, str]]:
    """(the card, {}) or (None, {field: message key}), the first problem of each field."""
    errors: dict[str, str] = {}
    number = digits(form.get("number", ""))
    if not number:
        errors["number"] = NUMBER_REQUIRED
    elif not number.isdigit() or not 12 <= len(number) <= 19 or not luhn(number):
        errors["number"] = NUMBER_INVALID
    expiry = (form.get("expiry") or "").replace(" ", "")
    match = re.fullmatch(r"(\d{1,2})/(\d{2}|\d{4})", expiry)
    if not expiry:
        errors["expiry"] = EXPIRY_REQUIRED
    elif not match or not 1 <= int(match.group(1)) <= 12:
        errors["expiry"] = EXPIRY_INVALID
    else:
        month, year = int(match.group(1)), int(match.group(2))
        year += 2000 if year < 100 else 0
        if (year, month) < (today.year, today.month):
            errors["expiry"] = EXPIRY_PAST
        elif year > today.year + MAX_YEARS_AHEAD:
            errors["expiry"] = EXPIRY_INVALID
    cvc = (form.get("cvc") or "").strip()
    wanted = 4 if "number" not in errors and brand(number) == "amex" else 3
    if not cvc:
        errors["cvc"] = CVC_REQUIRED
    elif not cvc.isdigit() or len(cvc) != wanted:
        errors["cvc"] = CVC_INVALID
    if not (form.get("name") or "").strip():
        errors["name"] = NAME_REQUIRED
    if errors:
        return None, errors
    return Card(number, brand(number), number[-4:]), {}
