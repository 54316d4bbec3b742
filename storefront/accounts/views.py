"""The login page (``/login``, ``/sso``): log in, register, and the logout confirmation.

Works without JavaScript: modes are links (``?mode=register``, ``?logout=1``), the forms post
back to the same localised URL with Django's CSRF token. ``next`` (a path on this host) is
where the visitor returns, same page and same query, after logging in or out.

The header's login modal (static_src/islands/dialogs/LoginDialog.jsx) posts the same form with
``Accept: application/json`` and gets ``{"redirect": ...}`` or, with the same status codes as
the page, ``{"message": ..., "fields": {field: first message}}``, every text localised (ours
from the catalogs, the provider's in the locale we asked it for).

The provider's errors are read by field and status, never by their wording, which is the
provider's own: registering never says that an email is taken (that would tell who has an
account here), so in register mode any provider error on ``email`` gives our generic notice
instead of the provider's words, on the page and in the JSON answer alike.
"""

import logging
import re
import unicodedata

from django.http import HttpResponseRedirect, JsonResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods

from storefront.chrome.preferences import PRICE_DISPLAY_KEY, remember
from storefront.i18n.catalog import translate
from storefront.pages.routes import PAGES_BY_NAME
from storefront.security.throttles import remember_device
from storefront.upstream.errors import UpstreamError, UpstreamValidationError
from storefront.web.links import external_url, page_url, safe_path

from .services import LoginThrottled, account_login, account_logout, account_register

logger = logging.getLogger(__name__)

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


def _name(data) -> str:
    """The typed name, trimmed and composed (NFC: "u" + combining diaeresis becomes "ü")."""
    return unicodedata.normalize("NFC", data.get("name", "").strip())


def _form_errors(mode: str, data) -> dict[str, str]:
    """Field -> catalog key of the first problem, checked before the provider is asked."""
    errors = {}
    if mode == "register":
        name = _name(data)
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


def _wants_json(request) -> bool:
    return request.headers.get("Accept", "").startswith("application/json")


def _done(request, target: str):
    """Back to ``target``; the price display starts again at net (spec section 4)."""
    if _wants_json(request):
        response = JsonResponse({"redirect": target})
    else:
        response = HttpResponseRedirect(target)
    remember(response, PRICE_DISPLAY_KEY, "net")
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def login_page(request, *, page_name):
    page = PAGES_BY_NAME[page_name]
    request.page = page
    locale = request.locale.code
    source = request.POST if request.method == "POST" else request.GET
    target = safe_path(source.get("next"), default=page_url("home", locale))
    user = request.upstream_user
    action = request.POST.get("action")
    mode = "register" if source.get("mode") == "register" else "login"
    context = {
        "page": page,
        "layout_template": f"layouts/{page.layout}.html",
        "next": target,
        "mode": mode,
        "values": {},
        "field_errors": {},
        "notice_key": None,
        "provider_message": None,
        "password_autocomplete": "new-password" if mode == "register" else "current-password",
        "forgot_password_url": external_url("forgot_password"),
    }

    if action == "logout" and user:
        account_logout(request=request)
        return _done(request, target)
    if action in ("login", "register") and request.method == "POST":
        values = {k: request.POST.get(k, "") for k in ("name", "email")}
        remember_me = request.POST.get("remember") == "1"
        errors = _form_errors(mode, request.POST)
        context.update(values=values, remember=remember_me)
        if not errors:
            try:
                if mode == "login":
                    account_login(
                        request=request,
                        email=values["email"].strip(),
                        password=request.POST["password"],
                        remember=remember_me,
                    )
                else:
                    account_register(
                        request=request,
                        name=_name(request.POST),
                        email=values["email"].strip(),
                        password=request.POST["password"],
                        password_confirmation=request.POST["password_confirmation"],
                        remember=remember_me,
                    )
                response = _done(request, target)
                # this browser is now known for this account: a stranger's wrong passwords
                # for it will not lock it out (storefront.security.throttles)
                remember_device(response, request=request, email=values["email"].strip())
                return response
            except LoginThrottled:
                context["notice_key"] = THROTTLED
            except UpstreamValidationError as exc:
                _provider_errors(context, exc, mode=mode)
            except UpstreamError as exc:  # down, or an answer we cannot use
                logger.warning("%s refused as unavailable: %s", mode.capitalize(), exc.message)
                context["notice_key"] = UNAVAILABLE
        context["field_errors"] = {
            **context["field_errors"],
            **{field: {"key": key} for field, key in errors.items()},
        }
        status = {THROTTLED: 429, UNAVAILABLE: 503}.get(context["notice_key"], 422)
        if _wants_json(request):
            return _json_errors(context, locale=locale, status=status)
        return _render(request, context, status=status)

    context["confirm_logout"] = bool(user) and "logout" in request.GET
    if "expired" in request.GET and not user:
        context["notice_key"] = SESSION_EXPIRED
    context["remember"] = True
    return _render(request, context)


def _provider_errors(context, exc: UpstreamValidationError, *, mode: str) -> None:
    """The provider's (localised) message, and its first field error next to that field.

    Registering never says that an email is taken, and the provider words that as it likes: so
    in register mode an error on ``email``, whatever its text, or a 422 naming none of the
    form's fields, gives our generic notice and nothing of the provider's ``message`` (Laravel
    repeats the first error there) nor of its email errors; every other field of the form still
    shows its first message beside it."""
    if mode == "register":
        others = {
            field: {"text": exc.errors[field][0]}
            for field in FORM_FIELDS
            if field != "email" and exc.errors.get(field)
        }
        if "email" in exc.errors or (exc.status == 422 and not others):
            context["notice_key"] = REGISTER_FAILED
            context["field_errors"].update(others)
            return
    field, messages = next(((f, m) for f, m in exc.errors.items() if m), (None, None))
    if field in FORM_FIELDS:
        context["field_errors"][field] = {"text": messages[0]}
    if not (messages and messages[0] == exc.message):  # said once, beside its field
        context["provider_message"] = exc.message


def _json_errors(context, *, locale: str, status: int) -> JsonResponse:
    """What the page would show, as data: the notice, and the first message per field. Built
    from the context alone, so it says nothing of the provider's that the page would not."""
    fields = {
        field: translate(error["key"], locale) if "key" in error else error["text"]
        for field, error in context["field_errors"].items()
    }
    if context["notice_key"]:
        message = translate(context["notice_key"], locale)
    elif context["provider_message"]:
        message = context["provider_message"]
    else:
        message = translate("auth.error_summary", locale) if fields else None
    return JsonResponse({"message": message, "fields": fields}, status=status)


def _render(request, context, *, status=200):
    response = TemplateResponse(request, "pages/login.html", context, status=status)
    response.is_page = status == 200
    return response
