"""Shared fixtures. The Django test client's host, ``testserver``, is made a canonical host."""

import re

import pytest


@pytest.fixture(autouse=True)
def _canonical_testserver(settings):
    settings.CANONICAL_HOSTS = [*settings.CANONICAL_HOSTS, "testserver"]


def text_of(html: str) -> str:
    """The visible text of some HTML, whitespace folded (what a user reads)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()
