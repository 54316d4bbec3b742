"""The server and the islands call the same user agents crawlers: ``is_crawler`` (crawlers see
``/`` in English) and static_src/crawlers.js ``isCrawler`` read one list, fixtures/crawlers.json,
and answer fixtures/crawler-vectors.json alike (static_src/crawlers.test.js checks the islands)."""

import json

import pytest
from django.conf import settings

from storefront.i18n.resolution import is_crawler

VECTORS = json.loads((settings.BASE_DIR / "fixtures" / "crawler-vectors.json").read_text())


@pytest.mark.parametrize("user_agent", VECTORS["crawlers"])
def test_a_crawler_is_one(user_agent):
    assert is_crawler(user_agent)


@pytest.mark.parametrize("user_agent", VECTORS["visitors"])
def test_a_visitor_is_not(user_agent):
    assert not is_crawler(user_agent)
