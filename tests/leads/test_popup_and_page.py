"""Where the lead popup is offered and what it starts with; ``POST /leads``'s guards; and
``/become-an-agent``, the same form without JavaScript (issue 15)."""

import re
from html import unescape

import pytest
from django.test import Client

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES
from storefront.leads.models import Lead
from storefront.sandbox.models import Lead as ProviderLead
from storefront.sandbox.views import messages as provider_messages
from tests.islands.helpers import island_props, islands
from tests.login import login_form

pytestmark = pytest.mark.usefixtures("provider", "demo_data")
HOST = {"Host": "127.0.0.1"}


def _popups(html):
    return [(tag, pid) for tag, name, pid in islands(html) if name == "LeadPopup"]


def _logged_in(email):
    client = Client()
    client.post("/login", login_form(email, next="/"), headers=HOST)
    return client


@pytest.mark.parametrize("path", ["/", "/he/hotels", "/de/favorites", "/ja/searches"])
def test_default_layout_pages_offer_the_popup_to_visitors_and_travellers(path):
    for client in (Client(), _logged_in("traveller@example.com")):
        html = client.get(path, headers=HOST).content.decode()
        assert len(_popups(html)) == 1
        assert 'data-island="LeadPopup" data-props="island-props-' in html
        assert re.search(r'data-island="LeadPopup"[^>]*data-load="lead"', html)


@pytest.mark.parametrize(
    "path",
    [
        "/login",
        "/book",
        "/pay",
        "/sso",
        "/transaction/success",
        "/widgets/search",
        "/become-an-agent",
    ],
)
def test_no_popup_on_minimal_clean_and_widget_pages_nor_on_its_own_page(path):
    html = Client().get(path, headers=HOST).content.decode()
    assert _popups(html) == []


def test_agents_are_never_offered_the_popup():
    agent = _logged_in("agent@example.com")
    for path in ("/", "/hotels", "/he/"):
        assert _popups(agent.get(path, headers=HOST).content.decode()) == []


def test_the_popup_starts_on_the_visitors_country_else_the_united_states():
    props = island_props(Client().get("/", headers=HOST).content.decode(), "LeadPopup")
    assert props == {"endpoint": "/leads", "country": "US"}
    client = Client()
    client.cookies["country"] = "il"
    props = island_props(client.get("/he/", headers=HOST).content.decode(), "LeadPopup")
    assert props["country"] == "IL"


def test_its_texts_are_not_in_the_page():
    """The popup's texts come with its own chunk, when it is about to open."""
    html = Client().get("/", headers=HOST).content.decode()
    assert translate("leads.intro", "en") not in html
    assert translate("leads.phone", "en") not in html


LEAD = {
    "name": "Noa Bar",
    "email": "noa@example.com",
    "country": "IL",
    "calling_code": "972",
    "phone": "052-555-7788",
    "key": "popup-key-0000000001",
    "url": "http://127.0.0.1/he/hotels?fid=77",
    "title": "Hotels",
    "website": "",
}


def test_the_popup_sends_json_without_a_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/leads", LEAD, content_type="application/json", headers=HOST)
    assert response.status_code == 200
    assert response.json() == {"status": "sent"}
    sent = ProviderLead.objects.get().payload
    assert (sent["ref"], sent["userid"], sent["calling_code"], sent["phone"]) == (
        77,
        77,
        "972",
        "525557788",
    )
    # The language is the page's (its prefix), not the endpoint's: Hebrew's group and bot flag.
    assert (sent["lang"], sent["bot"]) == ("he", 1)


def test_leads_refuse_forms_and_other_sites():
    client = Client(enforce_csrf_checks=True)
    assert client.post("/leads", LEAD, headers=HOST).status_code == 415  # a cross-site form post
    foreign = client.post(
        "/leads",
        LEAD,
        content_type="application/json",
        headers={**HOST, "Origin": "https://evil.example"},
    )
    assert foreign.status_code == 403
    null = client.post(
        "/leads", LEAD, content_type="application/json", headers={**HOST, "Origin": "null"}
    )
    assert null.status_code == 403
    same = client.post(
        "/leads",
        LEAD,
        content_type="application/json",
        headers={**HOST, "Origin": "http://127.0.0.1"},
    )
    assert same.status_code == 200
    assert Lead.objects.count() == 1


def test_a_dial_code_with_an_area_part_reads_the_number_without_it():
    """American Samoa is "1-684": "633 1234" under it is +1 684 633 1234."""
    response = Client().post(
        "/leads",
        {
            **LEAD,
            "country": "AS",
            "calling_code": "1-684",
            "phone": "633 1234",
            "email": "as@example.com",
        },
        content_type="application/json",
        headers=HOST,
    )
    assert response.json() == {"status": "sent"}
    sent = ProviderLead.objects.get().payload
    assert (sent["calling_code"], sent["phone"]) == ("1", "6846331234")


def test_the_providers_refusal_of_an_agents_email_comes_back_under_email_in_the_visitors_language():
    response = Client().post(
        "/leads",
        {**LEAD, "email": "agent@example.com", "url": "http://127.0.0.1/de/hotels"},
        content_type="application/json",
        headers=HOST,
    )
    assert response.status_code == 400
    assert response.json()["errors"] == {"email": [provider_messages()["de"]["email_taken"]]}


# ---------- /become-an-agent ----------


def _page(client, path="/become-an-agent", **data):
    if data:
        return client.post(path, data, headers=HOST)
    return client.get(path, headers=HOST)


def _text(html):
    return unescape(re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize("code", sorted(LOCALES))
def test_the_page_reads_in_every_locale(code):
    prefix = LOCALES[code].prefix
    html = _page(Client(), f"{prefix}/become-an-agent").content.decode()
    for key in (
        "leads.title",
        "leads.subtitle",
        "leads.intro",
        "leads.name",
        "leads.email",
        "leads.phone",
    ):
        assert translate(key, code) in _text(html), key
    assert "leads." not in _text(html)
    assert re.search(r'<option value="US"[^>]*>[^<]+\u200e\+1\D', html)
    assert 'name="website"' in html and 'name="csrfmiddlewaretoken"' in html


def test_the_page_starts_on_the_visitors_country():
    client = Client()
    client.cookies["country"] = "de"
    html = _page(client, "/de/become-an-agent").content.decode()
    assert '<option value="DE" selected>' in html
    assert (
        '<option value="US" selected>' not in _page(client, "/de/become-an-agent").content.decode()
    )


def test_the_page_shows_errors_under_their_fields_and_keeps_what_was_typed():
    response = _page(
        Client(),
        "/de/become-an-agent",
        name="",
        email="kein-mail",
        country="DE",
        phone="12",
        key="",
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="lead-name-error"' in html and 'aria-describedby="lead-name-error"' in html
    assert translate("leads.errors.email_invalid", "de") in _text(html)
    assert translate("leads.errors.phone_invalid", "de") in _text(html)
    assert 'value="kein-mail"' in html
    assert Lead.objects.count() == 0


def test_a_send_from_the_page_goes_out_once_and_says_so():
    client = Client()
    data = {
        "name": "Jonas Weber",
        "email": "jonas@example.com",
        "country": "DE",
        "phone": "030 1234567",
        "key": "page-key-00000000001",
        "website": "",
    }
    response = _page(client, "/de/become-an-agent?fid=12", **data)
    assert response.status_code == 303
    assert response["Location"] == "/de/become-an-agent?sent=1&fid=12"
    again = _page(client, "/de/become-an-agent?fid=12", **data)  # a second press, the same form
    assert again.status_code == 303
    assert ProviderLead.objects.count() == 1
    sent = ProviderLead.objects.get().payload
    assert (sent["name"], sent["calling_code"], sent["phone"], sent["ref"]) == (
        "Jonas Weber",
        "49",
        "301234567",
        12,
    )
    assert sent["url"] == "http://127.0.0.1/de/become-an-agent?fid=12"
    html = client.get(response["Location"], headers=HOST, follow=True).content.decode()
    assert translate("leads.sent", "de") in _text(html)
    assert '<form method="post" class="auth-form lead-form"' not in html


def test_the_page_says_the_spec_s_failure_when_the_provider_is_down(lead_service):
    lead_service("fail")
    response = _page(
        Client(),
        "/become-an-agent",
        name="Sam",
        email="sam@example.com",
        country="US",
        phone="(201) 555-0123",
        key="page-key-00000000002",
        website="",
    )
    assert response["Location"] == "/become-an-agent?sent=queued"
    html = Client().get(response["Location"], headers=HOST).content.decode()
    assert translate("leads.failed", "en") in _text(html)
    assert translate("leads.sent", "en") in _text(html)
    assert Lead.objects.get().status == Lead.PENDING


def test_the_pages_honeypot_takes_nothing():
    response = _page(
        Client(),
        name="Bot",
        email="bot@example.com",
        country="US",
        phone="(201) 555-0124",
        website="http://spam",
    )
    assert response.status_code == 303
    assert Lead.objects.count() == 0


@pytest.mark.parametrize(
    "body",
    [
        {**LEAD, "name": ["Noa"], "key": "garbled-00000000001"},
        {**LEAD, "name": {"first": "Noa"}, "key": "garbled-00000000002"},
        {**LEAD, "email": None, "key": "garbled-00000000003"},
        {**LEAD, "phone": True, "key": "garbled-00000000004"},
        {**LEAD, "name": "\x00\x07\u200b", "key": "garbled-00000000005"},
        {**LEAD, "country": ["IL"], "calling_code": {"x": 1}, "key": "garbled-00000000006"},
    ],
)
def test_garbled_fields_are_refused_under_their_fields(body):
    response = Client().post("/leads", body, content_type="application/json", headers=HOST)
    assert response.status_code == 400
    assert response.json()["errors"]
    assert Lead.objects.count() == 0 and ProviderLead.objects.count() == 0


@pytest.mark.parametrize("raw", ["[]", '"lead"', "null", "{", "{}" + " " * 5000, "\xff\xfe"])
def test_bodies_that_are_no_lead_get_400(raw):
    response = Client().post("/leads", raw, content_type="application/json", headers=HOST)
    assert response.status_code == 400
    assert Lead.objects.count() == 0


def test_a_phone_sent_as_a_number_and_a_name_in_any_script_go_through():
    body = {**LEAD, "name": "  נועה   בר 🌴 ", "phone": 525557788, "key": "typed-000000000001"}
    response = Client().post("/leads", body, content_type="application/json", headers=HOST)
    assert response.json() == {"status": "sent"}
    sent = ProviderLead.objects.get().payload
    assert (sent["name"], sent["phone"]) == ("נועה בר 🌴", "525557788")


def test_replays_make_one_lead_and_a_foreign_page_url_names_no_agent():
    body = {**LEAD, "url": "https://evil.example/he/hotels?fid=42", "key": "replay-00000000001"}
    answers = [
        Client().post("/leads", body, content_type="application/json", headers=HOST).json()
        for _ in range(5)
    ]
    assert answers == [{"status": "sent"}] * 5
    assert Lead.objects.count() == 1 and ProviderLead.objects.count() == 1
    sent = ProviderLead.objects.get().payload
    assert (sent["url"], sent["ref"], sent["lang"]) == ("http://127.0.0.1/", 3, "en")


def test_a_provider_that_hangs_gets_the_visitor_a_queued_answer_within_the_budget(
    lead_service, settings
):
    import time

    settings.PAGE_BUDGET_SECONDS = 1.0
    lead_service("hang")
    started = time.monotonic()
    response = Client().post(
        "/leads",
        {**LEAD, "key": "hang-0000000000001"},
        content_type="application/json",
        headers=HOST,
    )
    assert response.json() == {"status": "queued"}
    assert time.monotonic() - started < settings.PAGE_BUDGET_SECONDS + 3.0  # not the 30 s hang
    assert Lead.objects.get().status == Lead.PENDING


def test_the_page_works_and_keeps_the_lead_when_the_provider_is_down(settings):
    settings.UPSTREAM_URL = "http://127.0.0.1:9"
    client = Client()
    assert _page(client, "/he/become-an-agent").status_code == 200
    response = _page(
        client, "/he/become-an-agent", name="נועה", email="noa@example.com", country="IL",
        phone="052-555-7788", key="down-000000000001", website="",
    )  # fmt: skip
    assert response["Location"] == "/he/become-an-agent?sent=queued"
    assert Lead.objects.get().status == Lead.PENDING
