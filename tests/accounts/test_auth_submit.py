"""The login and register rules are a service (``services.auth_submit``) that returns what the
form came to; the view only renders it. Our checks answer before the provider is asked."""

from django.test import RequestFactory

from storefront.accounts import rules
from storefront.accounts.services import AuthResult, auth_submit


def _post(data):
    return RequestFactory().post("/login", data)


def test_our_checks_answer_first_with_each_fields_first_problem():
    data = {"name": "Иван", "email": " ", "password": "x", "password_confirmation": ""}
    result = auth_submit(request=_post(data), mode="register", data=data)
    assert result.user is None and result.status == 422
    assert result.field_errors == {
        "name": {"key": rules.NAME_LATIN},
        "email": {"key": rules.EMAIL_REQUIRED},
        "password_confirmation": {"key": rules.CONFIRMATION_REQUIRED},
    }
    assert (result.notice_key, result.provider_message) == (None, None)


def test_a_notice_carries_its_status():
    assert AuthResult(notice_key=rules.THROTTLED).status == 429
    assert AuthResult(notice_key=rules.UNAVAILABLE).status == 503
    assert AuthResult(notice_key=rules.REGISTER_FAILED).status == 422
