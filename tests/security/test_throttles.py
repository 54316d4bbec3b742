"""Throttles that cannot be spoofed, evicted or turned against the owner (issue 10, findings 2–5).

Over HTTP against the sandbox through the Django test client; ``REMOTE_ADDR`` stands for the
address the connection came from.
"""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches

from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.security.admin_login import ADMIN_THROTTLED
from storefront.security.client_ip import client_ip
from storefront.security.throttles import DEVICE_COOKIE
from tests.login import login_form

pytestmark = pytest.mark.usefixtures("demo_data")
HOST = {"Host": "127.0.0.1"}
OWNER = "traveller@example.com"


def _login(client, email=OWNER, password="wrong-password", ip="203.0.113.7", **headers):
    data = login_form(email, password, next="/hotels")
    return client.post("/login", data, headers=HOST | headers, REMOTE_ADDR=ip)


def test_rotating_the_client_written_part_of_x_forwarded_for_changes_nothing(client, settings):
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"
    settings.TRUSTED_PROXY_HOPS = 1
    statuses = [
        _login(
            client,
            email=f"guess{n}@example.com",  # a new account each time: only the address counts
            ip="10.0.0.2",  # the proxy
            x_forwarded_for=f"198.51.100.{n % 250}, 192.0.2.44",
        ).status_code
        for n in range(55)
    ]
    assert statuses[:50] == [422] * 50
    assert statuses[50:] == [429] * 5


def test_the_address_is_counted_from_the_right_past_the_trusted_proxies(rf, settings):
    settings.CLIENT_IP_HEADER = "X-Forwarded-For"
    request = rf.get("/", HTTP_X_FORWARDED_FOR="1.1.1.1, 2.2.2.2, 3.3.3.3", REMOTE_ADDR="9.9.9.9")
    settings.TRUSTED_PROXY_HOPS = 1
    assert client_ip(request) == "3.3.3.3"
    settings.TRUSTED_PROXY_HOPS = 2
    assert client_ip(request) == "2.2.2.2"
    settings.TRUSTED_PROXY_HOPS = 4  # fewer entries than proxies: not through our proxies
    assert client_ip(request) == "9.9.9.9"
    settings.CLIENT_IP_HEADER = ""  # no proxy configured: the header is the client's own words
    assert client_ip(request) == "9.9.9.9"
    request = rf.get("/", HTTP_X_FORWARDED_FOR="not-an-address", REMOTE_ADDR="9.9.9.9")
    settings.CLIENT_IP_HEADER, settings.TRUSTED_PROXY_HOPS = "X-Forwarded-For", 1
    assert client_ip(request) == "9.9.9.9"
    # IPv6 by its /64: rotating the interface part of one network changes nothing
    request = rf.get("/", HTTP_X_FORWARDED_FOR="2001:db8:1:2:aaaa::1", REMOTE_ADDR="9.9.9.9")
    assert client_ip(request) == "2001:db8:1:2::"
    request = rf.get("/", HTTP_X_FORWARDED_FOR="::ffff:192.0.2.5", REMOTE_ADDR="9.9.9.9")
    assert client_ip(request) == "192.0.2.5"


def test_a_strangers_wrong_passwords_do_not_lock_the_owner_out(client, settings):
    # The owner logged in from this browser before: it carries the known-device cookie.
    assert _login(client, password=DEMO_PASSWORD, ip="192.0.2.10").status_code == 302
    device_cookie = client.cookies[DEVICE_COOKIE].value
    client.post("/login", {"action": "logout", "next": "/"}, headers=HOST)

    from django.test import Client

    attacker = Client()
    statuses = [_login(attacker, ip="203.0.113.66").status_code for _ in range(12)]
    assert statuses[:10] == [422] * 10 and statuses[10:] == [429, 429]
    # The attacker's address stays refused, even with the right password.
    assert _login(attacker, password=DEMO_PASSWORD, ip="203.0.113.66").status_code == 429

    # The owner from another address logs in.
    assert _login(Client(), password=DEMO_PASSWORD, ip="198.51.100.20").status_code == 302
    # And from the attacker's own address (a shared network), on their known browser.
    owner = Client()
    owner.cookies[DEVICE_COOKIE] = device_cookie
    assert _login(owner, password=DEMO_PASSWORD, ip="203.0.113.66").status_code == 302


def test_a_known_device_cookie_for_another_account_counts_as_a_stranger(client):
    assert _login(client, email="agent@example.com", password=DEMO_PASSWORD).status_code == 302
    statuses = [_login(client, ip="203.0.113.70").status_code for _ in range(11)]
    assert statuses[-1] == 429


def test_guessing_from_many_addresses_is_capped_per_account(client, settings):
    settings.LOGIN_ATTEMPTS_PER_EMAIL_ALL_SOURCES = 30
    statuses = [_login(client, ip=f"198.51.100.{n}").status_code for n in range(1, 36)]
    assert statuses[:30] == [422] * 30 and set(statuses[30:]) == {429}


def test_the_admin_login_is_throttled(client):
    get_user_model().objects.create_superuser("ops", "ops@example.com", "right-horse-battery")

    def admin_login(password, ip):
        return client.post(
            "/admin/login/?next=/admin/",
            {"username": "ops", "password": password, "next": "/admin/"},
            headers=HOST,
            REMOTE_ADDR=ip,
        )

    for _ in range(60):
        assert admin_login("wrong", "203.0.113.9").status_code == 200  # the form, refused
    response = admin_login("right-horse-battery", "203.0.113.9")
    assert response.status_code == 200 and ADMIN_THROTTLED in response.content.decode()
    assert client.get("/admin/", headers=HOST).status_code == 302  # not logged in
    response = admin_login("right-horse-battery", "198.51.100.9")
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_flood_of_other_keys_cannot_evict_the_login_counters(client, settings):
    default = caches["default"]
    default._max_entries, default._cull_frequency = 40, 2  # a small cache, filled by hosts
    statuses = [_login(client).status_code for _ in range(11)]
    assert statuses[-1] == 429
    for _ in range(200):
        client.get("/", headers={"Host": f"h{uuid.uuid4().hex[:10]}.example"})
    assert len(default._cache) <= 40  # the default cache did turn over
    assert _login(client, password=DEMO_PASSWORD).status_code == 429


def test_auth_is_rechecked_once_a_minute_by_default():
    from storefront import settings as shipped

    assert shipped.AUTH_RECHECK_SECONDS == 60
