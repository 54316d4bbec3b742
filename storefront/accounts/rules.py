"""What the login, register and profile forms must hold before the provider is asked, and the
notices.

Whole-sentence catalog keys (the view translates them), the Latin-name rules (registering's,
and the profile's stricter one, the provider's own), and ``form_errors`` and ``profile_errors``:
field -> the catalog key of its first problem.
"""

import re
import unicodedata

# Whole-sentence catalog keys: what we check before asking the provider, then our notices.
EMAIL_REQUIRED = "auth.email_required"
PASSWORD_REQUIRED = "auth.password_required"
NAME_REQUIRED = "auth.name_required"
NAME_LATIN = "auth.name_english"  # "Latin letters, accents allowed" in every catalog
CONFIRMATION_REQUIRED = "auth.confirmation_required"
THROTTLED = "auth.throttled"
UNAVAILABLE = "auth.unavailable"
SESSION_EXPIRED = "auth.session_expired"
REGISTER_FAILED = "auth.register_failed"  # whatever the provider said about the email
# A name in Latin script, which is what the provider wants (the spec's placeholder says "English
# only"; as on a passport): Latin letters with or without diacritics (Jürgen, Núñez, Łukasz,
# Đorđe, Þór, Ærø, Nguyễn), checked after NFC normalisation, combining marks only after a letter;
# between them spaces, hyphens, apostrophes (' and ’), full stops, and the Catalan middle dot
# between two l's (Marcel·lí). No digits, no other script (Cyrillic, Greek, Hebrew, Arabic,
# CJK...), no other symbol. The letters: Basic Latin, Latin-1 letters (not × ÷), Latin Extended-A
# and -B, IPA Extensions (ɛ ɔ ə of African and Azerbaijani names), Latin Extended Additional
# (Vietnamese). tests/accounts/test_latin_names.py checks each is a Latin letter by its name.
_LATIN_LETTER = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02af\u1e00-\u1eff"
_LETTER = f"[{_LATIN_LETTER}][\u0300-\u036f]*"
LATIN_NAME_RE = re.compile(rf"{_LETTER}(?:{_LETTER}|[ .'\u2019-]|(?<=[lL])\u00b7(?=[lL]))*")
FORM_FIELDS = ("name", "email", "password", "password_confirmation")


def typed_name(data) -> str:
    """The typed name, trimmed and composed (NFC: "u" + combining diaeresis becomes "ü")."""
    return unicodedata.normalize("NFC", data.get("name", "").strip())


def form_errors(mode: str, data) -> dict[str, str]:
    """Field -> catalog key of the first problem, checked before the provider is asked."""
    errors = {}
    if mode == "register":
        name = typed_name(data)
        if not name:
            errors["name"] = NAME_REQUIRED
        elif not LATIN_NAME_RE.fullmatch(name):
            errors["name"] = NAME_LATIN
    if not data.get("email", "").strip():
        errors["email"] = EMAIL_REQUIRED
    if not data.get("password"):
        errors["password"] = PASSWORD_REQUIRED
    if mode == "register" and not data.get("password_confirmation"):
        errors["password_confirmation"] = CONFIRMATION_REQUIRED
    return errors


# The profile (``PATCH /v3/auth``): the provider's own rule for an account's name, stricter than
# registering's. Its hotels' systems take ASCII: letters A–Z, spaces, hyphens and apostrophes,
# starting with a letter, at most 100 characters; the avatar a full http(s) address of at most
# 200 characters, or empty for none (docs/provider-booking-api.md, "The profile and the
# password"). Said under the field before it is broken (``profile.name_hint``).
PROFILE_NAME_RE = re.compile(r"[A-Za-z][A-Za-z '-]*")
PROFILE_NAME_MAX = 100
AVATAR_MAX = 200
AVATAR_RE = re.compile(r"\A(https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]\S*)?\Z")
PROFILE_FIELDS = ("name", "avatar")
PROFILE_NAME_REQUIRED = "profile.name_required"
PROFILE_NAME_LATIN = "profile.name_latin"
PROFILE_NAME_TOO_LONG = "profile.name_too_long"
AVATAR_INVALID = "profile.avatar_invalid"
AVATAR_TOO_LONG = "profile.avatar_too_long"


def profile_values(data) -> dict[str, str]:
    """The profile form as the provider will get it: the name's spaces squeezed (as the
    provider squeezes them) and a typographic apostrophe (’, which phones type) made plain; the
    avatar trimmed ("" for none)."""
    name = " ".join(str(data.get("name", "")).split()).replace("\u2019", "'")
    return {"name": name, "avatar": str(data.get("avatar", "")).strip()}


def avatar_origin(value: str) -> str | None:
    """The origin of a full http(s) address, else None: the avatar we take and show, and what
    the page's CSP admits for it (so a host is letters, digits, dots and hyphens only: nothing
    that could add to the policy's header)."""
    found = AVATAR_RE.match(value)
    return found.group(1) if found else None


def profile_errors(values: dict[str, str]) -> dict[str, str]:
    """Field -> catalog key of its first problem, checked before the provider is asked."""
    errors = {}
    name, avatar = values["name"], values["avatar"]
    if not name:
        errors["name"] = PROFILE_NAME_REQUIRED
    elif not PROFILE_NAME_RE.fullmatch(name):
        errors["name"] = PROFILE_NAME_LATIN
    elif len(name) > PROFILE_NAME_MAX:
        errors["name"] = PROFILE_NAME_TOO_LONG
    if avatar and avatar_origin(avatar) is None:
        errors["avatar"] = AVATAR_INVALID
    elif len(avatar) > AVATAR_MAX:
        errors["avatar"] = AVATAR_TOO_LONG
    return errors
