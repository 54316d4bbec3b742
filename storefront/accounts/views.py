"""The login page (``/login``, ``/sso``): log in, register, and the logout confirmation; the
profile page (``/profile``, below).

Works without JavaScript: modes are links (``?mode=register``, ``?logout=1``), the forms post
back to the same localised URL with Django's CSRF token. ``next`` (a path on this host) is
where the visitor returns, same page and same query, after logging in or out.

The header's login modal (static_src/islands/dialogs/LoginDialog.jsx) posts the same form with
``Accept: application/json`` and gets ``{"redirect": ...}`` or, with the same status codes as
the page, ``{"message": ..., "fields": {field: first message}}``, every text localised (ours
from the catalogs, the provider's in the locale we asked it for).

The rules live in ``services.auth_submit`` (our checks in ``rules.py``, then the throttles and
the provider, read by field and status, never by their wording; registering never says that an
email is taken): it returns an ``AuthResult`` that this view renders as the page or as JSON.
"""

from django.conf import settings
from django.http import HttpResponseRedirect, JsonResponse
from django.template.response import TemplateResponse
from django.views.decorators.http import require_http_methods

from storefront.chrome.preferences import PRICE_DISPLAY_KEY, remember
from storefront.i18n.catalog import translate
from storefront.pages.routes import PAGES_BY_NAME
from storefront.security.csp import add_sources
from storefront.security.throttles import remember_device
from storefront.upstream.budget import request_budget
from storefront.upstream.errors import UpstreamError, UpstreamValidationError
from storefront.web.links import external_url, page_url, safe_path
from storefront.web.session_user import SessionUser, current_user

from .rules import (
    PROFILE_FIELDS,
    SESSION_EXPIRED,
    avatar_origin,
    profile_errors,
    profile_values,
)
from .services import SessionExpired, account_logout, auth_submit, update_profile


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
        # Three provider calls and a password check the provider makes slow on purpose: a
        # budget of their own, not the page's (a busy machine refused every login in 2.5 s).
        request_budget(settings.AUTH_BUDGET_SECONDS)
        result = auth_submit(request=request, mode=mode, data=request.POST)
        if result.user is not None:
            response = _done(request, target)
            # this browser is now known for this account: a stranger's wrong passwords for it
            # will not lock it out (storefront.security.throttles)
            remember_device(response, request=request, email=request.POST.get("email", "").strip())
            return response
        context.update(
            values={k: request.POST.get(k, "") for k in ("name", "email")},
            remember=request.POST.get("remember") == "1",
            field_errors=result.field_errors,
            notice_key=result.notice_key,
            provider_message=result.provider_message,
        )
        if _wants_json(request):
            return _json_errors(context, locale=locale, status=result.status)
        return _render(request, context, status=result.status)

    context["confirm_logout"] = bool(user) and "logout" in request.GET
    if "expired" in request.GET and not user:
        context["notice_key"] = SESSION_EXPIRED
    context["remember"] = True
    return _render(request, context)


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


# The options and actions the provider gives that we can name (``profile.option_*``,
# ``profile.action_*``); any other is shown in the provider's own word.
KNOWN_OPTIONS = ("packages", "crm", "vouchers")
KNOWN_ACTIONS = ("reservations",)
PROFILE_UNAVAILABLE = "profile.unavailable"


@require_http_methods(["GET", "HEAD", "POST"])
def profile_page(request, *, page_name):
    """``/profile``: the logged-in user as the provider describes them (name, email, avatar,
    plan, options, actions), the way to the provider's password-reset page, and a form that
    changes the name and the avatar. Works without JavaScript: the form posts here (CSRF),
    our checks first (``rules.profile_errors``), then ``PATCH /v3/auth``, whose field errors
    come back under their fields in its words; a change that went through redirects to
    ``?saved=1`` (so a reload sends nothing again) and the header already says the new name.
    The provider down or slow keeps the form as typed with a notice (503); its 401 sends the
    visitor to log in again, back here after."""
    page = PAGES_BY_NAME[page_name]
    request.page = page
    locale = request.locale.code
    user = current_user(request)
    if user is None:
        query = {"next": request.get_full_path()}
        return HttpResponseRedirect(page_url("login", locale, query=query))
    context = {
        "page": page,
        "layout_template": f"layouts/{page.layout}.html",
        "profile": _profile(user),
        "values": {"name": user.name, "avatar": user.avatar or ""},
        "field_errors": {},
        "saved": request.method != "POST" and request.GET.get("saved") == "1",
        "notice_key": None,
        "provider_message": None,
        "forgot_password_url": external_url("forgot_password"),
    }
    status = 200
    if request.method == "POST":
        values = profile_values(request.POST)
        errors = {name: {"key": key} for name, key in profile_errors(values).items()}
        context["values"] = values
        if not errors:
            try:
                update_profile(request, name=values["name"], avatar=values["avatar"])
            except SessionExpired:
                query = {"next": request.path, "expired": "1"}
                return HttpResponseRedirect(page_url("login", locale, query=query))
            except UpstreamValidationError as exc:
                # The provider's words, the first per field; its message when it names none.
                said = exc.errors
                errors = {f: {"text": said[f][0]} for f in PROFILE_FIELDS if said.get(f)}
                context["provider_message"] = None if errors else exc.message
            except UpstreamError:
                context["notice_key"] = PROFILE_UNAVAILABLE
                status = 503
            else:
                query = {"saved": "1"}
                return HttpResponseRedirect(
                    page_url(page_name, locale, fid=request.visitor.fid, query=query), status=303
                )
        context["field_errors"] = errors
        if errors or context["provider_message"]:
            status = 422
    response = TemplateResponse(request, page.template, context, status=status)
    response.is_page = status == 200
    if context["profile"]["avatar"]:  # an image from wherever the user keeps it: its origin
        add_sources(response, {"img-src": [avatar_origin(user.avatar)]})
    return response


def _profile(user: SessionUser) -> dict:
    """What the page says of the user: the avatar (an address we can admit, else none) or the
    initial shown in its place, and each option and action as (catalog key, None) when we can
    name it, else (None, the provider's word)."""
    return {
        "user": user,
        "avatar": user.avatar if user.avatar and avatar_origin(user.avatar) else None,
        "initial": user.name[:1].upper(),
        "options": _named(user.options, KNOWN_OPTIONS, "profile.option_"),
        "actions": _named(user.actions, KNOWN_ACTIONS, "profile.action_"),
    }


def _named(given: frozenset[str], known: tuple[str, ...], prefix: str) -> list[tuple]:
    """Those we can name first, in our order, then the others in the provider's words."""
    return [(f"{prefix}{word}", None) for word in known if word in given] + [
        (None, word) for word in sorted(given - set(known))
    ]
