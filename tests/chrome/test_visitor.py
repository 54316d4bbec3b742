"""The visitor's choices travel as one frozen value, ``request.visitor``, set by middleware:
the locale, the currency (chosen, else the country's own), the country, the price display and
the fid from PreferencesMiddleware; the user added by UpstreamUserMiddleware."""

import dataclasses

import pytest
from django.http import HttpResponse
from django.test import RequestFactory

from storefront.accounts.middleware import UpstreamUserMiddleware
from storefront.chrome.preferences import PreferencesMiddleware
from storefront.i18n.locales import LOCALES
from storefront.web.visitor import Visitor, visitor_of


def _visitor(path="/de/hotels", *, cookies=None, method="get", session=None):
    request = getattr(RequestFactory(), method)(path)
    request.COOKIES.update(cookies or {})
    request.locale, request.fid = LOCALES["de"], 42
    request.session = session or {}
    seen = []

    def view(request):
        seen.append(request.visitor)
        return HttpResponse()

    PreferencesMiddleware(UpstreamUserMiddleware(view))(request)
    return seen[0]


def test_the_choices_are_one_frozen_value():
    visitor = _visitor(cookies={"currency": "EUR", "priceDisplay": "gross", "country": "DE"})
    assert visitor == Visitor(
        locale="de", currency="EUR", country="DE", display="gross", unit="m", fid=42, user=None
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        visitor.currency = "USD"


def test_a_country_without_a_chosen_currency_brings_its_own_and_the_query_wins():
    assert _visitor("/de/hotels?country=JP").currency == "JPY"
    assert _visitor("/de/hotels?country=JP", cookies={"currency": "EUR"}).currency == "EUR"
    chosen = _visitor("/de/hotels?currency=GBP&country=IL", cookies={"currency": "EUR"})
    assert (chosen.currency, chosen.country) == ("GBP", "IL")
    assert _visitor(cookies={"priceDisplay": "anything"}).display == "net"


def test_the_user_is_added_once_known():
    session = {"provider": {"cookies": {}, "user": {"name": "Ada", "plan_id": 7}, "checked": 0}}
    visitor = _visitor("/de/favorites", method="post", session=session)
    assert visitor.user is not None and visitor.user.name == "Ada" and visitor.user.is_agent


def test_a_request_that_stopped_before_the_middleware_gets_the_defaults():
    request = RequestFactory().get("/he/")
    assert visitor_of(request) == Visitor()
    request.locale = LOCALES["he"]
    assert visitor_of(request).locale == "he"
