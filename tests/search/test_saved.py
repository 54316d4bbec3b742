"""Saved searches of a logged-in traveller: every search run is saved (same URL before its
session part replaces the older one, newest 8 kept), /searches lists those from today on and
reopens them, removes one or all, and the list follows the account to another browser."""

from datetime import timedelta

import pytest
from django.test import Client

from storefront.search.query import today
from tests.login import login_form

pytestmark = pytest.mark.usefixtures("demo_data")


def logged_in(email="traveller@example.com"):
    client = Client()
    response = client.post("/login", login_form(email))
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


# --- the browser's searches move into the account at login (DESIGN 12) -------------------------


def browser_entry(path, days=30, place=2002, label="Barcelona"):
    """A search as state.js keeps it in localStorage."""
    check_in = today() + timedelta(days=days)
    check_out = check_in + timedelta(days=3)
    router = f"{path}?place={place}&check_in={check_in}&check_out={check_out}&guests=2-7"
    params = {"check_in": str(check_in), "check_out": str(check_out), "guests": "2-7"}
    return {"router": router, "label": label, "params": params}


def merge(client, searches, **extra):
    return client.post(
        "/searches/merge", {"searches": searches}, content_type="application/json", **extra
    )


def test_the_browsers_searches_join_the_account_and_follow_it():
    client = logged_in()
    search(client, days=50)
    entries = [
        browser_entry("/he/hotels/search", days=20, label="ברצלונה"),
        browser_entry("/hotels/place/2002/results", days=21),
        browser_entry("https://evil.example/hotels/search", days=22),  # not this site
        browser_entry("/login", days=23),  # not a results page
        browser_entry("/hotels/search", days=-3),  # the stay has begun: refused like a search
        {"router": 7},
        "junk",
    ]
    response = merge(client, entries)
    assert response.status_code == 200 and response.json() == {"saved": 2}
    links = saved_links(logged_in())  # another browser of the same account
    assert len(links) == 3
    assert links[1].startswith("/he/hotels/search?") and "guests=2-7" in links[1]
    html = client.get("/searches").content.decode()
    assert "ברצלונה" in html and "evil.example" not in html
    # The same searches again (a second tab) replace themselves instead of adding.
    assert merge(client, entries).json() == {"saved": 2}
    assert len(saved_links(client)) == 3


def test_merging_needs_a_login_a_csrf_token_and_a_real_body():
    assert merge(Client(), [browser_entry("/hotels/search")]).status_code == 403
    client = logged_in()
    assert client.post("/searches/merge", "{", content_type="application/json").status_code == 400
    assert merge(client, "all of them").status_code == 400
    assert merge(client, [browser_entry("/hotels/search")] * 200).status_code == 400
    strict = Client(enforce_csrf_checks=True)
    strict.cookies = client.cookies
    assert merge(strict, [browser_entry("/hotels/search")]).status_code == 403
    assert saved_links(client) == []


def test_the_search_box_offers_the_accounts_searches_when_logged_in():
    from tests.islands.helpers import island_props

    client = logged_in()
    check_in = search(client, days=33)
    props = island_props(client.get("/").content.decode(), "SearchBox")
    assert [s["params"]["check_in"] for s in props["recent"]] == [str(check_in)]
    assert props["recent"][0]["router"].startswith("/hotels/search?place=2002")
    assert island_props(Client().get("/").content.decode(), "SearchBox")["recent"] is None
    header = island_props(client.get("/").content.decode(), "Header")
    assert header["searchesMerge"] == "/searches/merge"
    assert island_props(Client().get("/").content.decode(), "Header")["searchesMerge"] is None
