"""Saved searches of a logged-in traveller: every search run is saved (same URL before its
session part replaces the older one, newest 8 kept), /searches lists those from today on and
reopens them, removes one or all, and the list follows the account to another browser."""

from datetime import timedelta

import pytest
from django.test import Client

from storefront.sandbox.demo import DEMO_PASSWORD
from storefront.search.query import today

pytestmark = pytest.mark.usefixtures("demo_data")


def logged_in(email="traveller@example.com"):
    client = Client()
    response = client.post(
        "/login",
        {"action": "login", "mode": "login", "email": email, "password": DEMO_PASSWORD},
    )
    assert response.status_code == 302
    return client


def search(client, days=30, place=2002, session=None):
    check_in = today() + timedelta(days=days)
    query = {"place": place, "check_in": check_in, "check_out": check_in + timedelta(days=2)}
    if session:
        query["session"] = session
    assert client.get("/hotels/search", query).status_code == 200
    return check_in


def saved_links(client):
    html = client.get("/searches").content.decode()
    return [part.split('"', 1)[0] for part in html.split('class="saved-search__link" href="')[1:]]


def test_a_search_run_is_listed_and_reopens_its_results():
    client = logged_in()
    check_in = search(client)
    links = saved_links(client)
    assert len(links) == 1 and f"check_in={check_in}" in links[0] and "place=2002" in links[0]
    html = client.get(links[0].replace("&amp;", "&")).content.decode()
    assert 'class="hotel-card' in html


def test_the_same_search_with_another_session_replaces_the_older_one():
    client = logged_in()
    search(client, session="a1")
    search(client, session="b2")
    links = saved_links(client)
    assert len(links) == 1 and "session=b2" in links[0]


def test_only_the_newest_eight_are_kept():
    client = logged_in()
    for days in range(10, 20):
        search(client, days=days)
    links = saved_links(client)
    assert len(links) == 8
    assert all(f"check_in={today() + timedelta(days=d)}" not in "".join(links) for d in (10, 11))


def test_searches_follow_the_account_to_another_browser_and_not_to_others():
    search(logged_in(), days=40)
    assert len(saved_links(logged_in())) == 1
    assert saved_links(logged_in("agent@example.com")) == []


def test_anonymous_searches_are_not_stored_on_the_server():
    client = Client()
    search(client)
    assert saved_links(client) == []


def test_remove_one_and_clear_all():
    client = logged_in()
    search(client, days=20)
    search(client, days=25)
    html = client.get("/searches").content.decode()
    first_id = html.split('name="id" value="', 1)[1].split('"', 1)[0]
    client.post("/searches/remove", {"id": first_id, "next": "/searches"})
    assert len(saved_links(client)) == 1
    response = client.post("/searches/remove", {"next": "https://evil.example/"})
    assert response["Location"] == "/searches"
    assert saved_links(client) == []


def test_searches_whose_check_in_has_passed_are_not_shown():
    from storefront.search.models import SavedSearch

    client = logged_in()
    search(client, days=5)
    row = SavedSearch.objects.get()
    SavedSearch.objects.filter(id=row.id).update(
        check_in=today() - timedelta(days=1), check_out=today() + timedelta(days=1)
    )
    assert saved_links(client) == []
