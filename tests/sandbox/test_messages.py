"""The sandbox speaks the provider's own words, from its own message table, not our catalogs."""

import json

import pytest
from django.conf import settings

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALE_CODES
from storefront.sandbox import views
from storefront.upstream.client import UpstreamClient
from storefront.upstream.errors import UpstreamValidationError


def test_the_table_has_every_message_in_every_language_the_provider_answers_in():
    table = views.messages()
    assert sorted(table) == sorted(LOCALE_CODES)
    for code, texts in table.items():
        assert set(texts) == set(table["en"]), code
        assert all(text.strip() for text in texts.values()), code


def test_a_wrong_password_is_answered_in_german_from_the_sandboxs_table(demo_data):
    client = UpstreamClient(locale="de")
    client.get("/sanctum/csrf-cookie")
    with pytest.raises(UpstreamValidationError) as caught:
        client.post("/login", data={"email": "agent@example.com", "password": "falsch"})
    german = views.messages()["de"]["bad_credentials"]
    assert german != views.messages()["en"]["bad_credentials"]
    assert caught.value.message == german and caught.value.errors == {"email": [german]}
    # Not from our catalogs: they no longer know the provider's words.
    assert translate("provider.bad_credentials", "de") == "provider.bad_credentials"


def test_an_unknown_locale_gets_english(rf):
    request = rf.get("/login", {"locale": "xx"})
    assert views.message(request, views.EMAIL_TAKEN) == views.messages()["en"]["email_taken"]


def test_no_catalog_has_a_provider_block():
    for code in LOCALE_CODES:
        with open(settings.LOCALES_DIR / f"{code}.json", encoding="utf-8") as fh:
            assert "provider" not in json.load(fh), code
