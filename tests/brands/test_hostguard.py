"""HostGuard: unknown or malformed hosts get 400 and reach no view."""

import pytest

from storefront.brands.middleware import UNKNOWN_HOST


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1.evil.example", "localhost.evil"])
def test_unknown_host_is_400_and_reaches_no_view(client, provider, host):
    response = client.get("/hotels", headers={"Host": host})
    assert response.status_code == 400
    # The guard's own text, not a page: no view ran.
    assert response.content.decode() == UNKNOWN_HOST
    assert "i18n_redirected" not in response.cookies


@pytest.mark.parametrize("host", ["bad host", "a/b", "[::1", "x" * 300 + ".localhost:80:80"])
def test_malformed_host_is_400(client, host):
    assert client.get("/hotels", headers={"Host": host}).status_code == 400


@pytest.mark.usefixtures("demo_data")  # acme is an agency the provider knows
@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost", "acme.partners.localhost:8000"])
def test_known_hosts_answer(client, host):
    assert client.get("/hotels", headers={"Host": host}).status_code == 200


def test_bare_suffix_is_not_a_host(client, provider):
    assert client.get("/", headers={"Host": "partners.localhost"}).status_code == 400


def test_admin_answers_on_the_canonical_host_only(client):
    assert client.get("/admin/", headers={"Host": "127.0.0.1"}).status_code == 302  # to login
    assert client.get("/admin/", headers={"Host": "acme.partners.localhost"}).status_code == 404
