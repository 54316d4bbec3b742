"""Shared fixtures. The Django test client's host, ``testserver``, is made a canonical host."""

import pytest


@pytest.fixture(autouse=True)
def _canonical_testserver(settings):
    settings.CANONICAL_HOSTS = [*settings.CANONICAL_HOSTS, "testserver"]
