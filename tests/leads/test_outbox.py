"""Leads (issue 15, first slice: the outbox). The payload is the spec's section 7, field by
field; a lead is written before it is sent, so none is lost while the provider is down, and
sent once however often it is queued, sent or retried (a claimed row, and the lead's key as the
provider's Idempotency-Key); field errors, ours and the provider's, come back under their
fields; bots (the honeypot), repeats and floods are folded or refused."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from storefront.leads import services
from storefront.leads.models import Lead
from storefront.sandbox.models import Lead as ProviderLead
from storefront.upstream.errors import UpstreamValidationError
from tests.providers import breakers_later

pytestmark = pytest.mark.usefixtures("provider")

FORM = {
    "name": "Dana Levi",
    "email": "dana@example.com",
    "country": "il",
    "calling_code": "972",
    "phone": "052-555-1234",
    "website": "",
}


def breaker_cooled_off():
    """The lead service's circuit, opened by the failures, as it is once its cool-off has
    passed (the breakers keep their state in the default cache: clearing it forgets them)."""
    cache.clear()


def send(client=None, **changes):
    return (client or Client()).post("/leads", {**FORM, **changes}, content_type="application/json")


def test_a_lead_reaches_the_provider_with_every_field_of_the_spec(settings):
    response = send(Client(HTTP_REFERER="http://testserver/hotels"), key="k" * 24)
    assert response.status_code == 200 and response.json() == {"status": "sent"}
    lead = Lead.objects.get(key="k" * 24)
    assert lead.status == Lead.SENT and lead.attempts == 1
    [received] = ProviderLead.objects.filter(key="k" * 24)
    assert received.payload == {
        "to": settings.LEADS_TO,
        "bot": 0,
        "token": settings.LEADS_TOKEN,
        "name": "Dana Levi",
        "fullname": "Dana Levi",
        "email": "dana@example.com",
        "addToGroups": settings.LEADS_GROUP,
        "lang": "en",
        "title": "",
        "url": "http://testserver/hotels",
        "calling_code": "972",
        "phone": "525551234",
        "ref": 3,
        "userid": 3,
    }


def test_the_fid_of_the_page_is_the_ref():
    send(url="http://testserver/he/hotels?fid=42", key="f" * 24)  # a page of this site
    received = ProviderLead.objects.get(key="f" * 24).payload
    assert (received["ref"], received["userid"]) == (42, 42)


def test_hebrew_leads_go_to_their_group_with_the_bot_flag_and_the_fid():
    lead = Lead(
        key="h" * 20,
        name="x",
        email="x@example.com",
        country="IL",
        calling_code="972",
        phone="501234567",
        locale="he",
        title="t",
        url="https://s.example/he",
        fid=42,
        expires_at=services.timezone.now(),
    )
    data = services.payload(lead)
    assert (data["bot"], data["lang"], data["ref"], data["userid"]) == (1, "he", 42, 42)
    assert data["addToGroups"] == services.settings.LEADS_GROUP_HE


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"name": "  "}, "name"),
        ({"email": "dana@"}, "email"),
        ({"phone": "12"}, "phone"),
        ({"phone": "+1 212 555 0100"}, "phone"),  # a US number under Israel's code
        ({"calling_code": "44"}, "phone"),  # Israel with the UK's code: no such pair
    ],
)
def test_what_the_visitor_must_change_comes_back_under_its_field(changes, field):
    response = send(**changes)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert list(errors) == [field] and len(errors[field]) == 1
    assert errors[field][0].startswith("leads.errors.")
    assert not Lead.objects.exists() and not ProviderLead.objects.exists()


def test_the_providers_field_errors_come_back_under_their_fields(monkeypatch):
    def refuse(self, path, **kwargs):
        raise UpstreamValidationError(
            "The given data was invalid.",
            errors={"email": ["This address bounced.", "Second"]},
            status=422,
        )

    monkeypatch.setattr("storefront.upstream.client.UpstreamClient.post", refuse)
    response = send()
    assert response.status_code == 400
    assert response.json()["errors"] == {"email": ["This address bounced."]}
    assert Lead.objects.get().status == Lead.REJECTED


def test_while_the_provider_is_down_the_lead_waits_and_goes_out_once(lead_service, settings):
    lead_service("fail")
    response = send(key="w" * 24)
    assert response.status_code == 200 and response.json() == {"status": "queued"}
    lead = Lead.objects.get()
    assert lead.status == Lead.PENDING and lead.attempts == 1 and "Unavailable" in lead.last_error
    assert lead.next_attempt_at > services.timezone.now()  # backoff: its next try is later
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)  # nothing due yet
    assert Lead.objects.get().status == Lead.PENDING and not ProviderLead.objects.exists()
    lead_service("ok")
    breaker_cooled_off()
    settings.LEADS_RETRY_FIRST_SECONDS = 0  # a failure now is retried at once
    Lead.objects.update(next_attempt_at=services.timezone.now() - timedelta(minutes=3))
    settings.LEADS_SWEEP_GRACE_SECONDS = 120
    assert services.OUTBOX.sweep() == 1  # queued by its retry and by the sweeper: still one send
    assert services.OUTBOX.sweep() == 0  # queued once per grace, not once per sweep
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    lead = Lead.objects.get()
    assert lead.status == Lead.SENT and lead.sent_at is not None
    assert ProviderLead.objects.filter(key="w" * 24).count() == 1


def test_repeats_bots_and_floods():
    first = send(key="r" * 24)
    again = send(key="r" * 24)  # the same form sent twice
    other_tab = send(key="s" * 24)  # the same person a minute later
    assert first.json() == again.json() == other_tab.json() == {"status": "sent"}
    assert Lead.objects.count() == 1 and ProviderLead.objects.count() == 1
    assert send(website="http://spam.example", email="bot@example.com").json() == {
        "status": "sent"
    }  # the honeypot: told it went, kept nowhere
    assert Lead.objects.count() == 1
    client = Client()
    statuses = [
        send(client, email=f"flood{n}@example.com", key=f"flood-{n:04d}-abcdefghij").status_code
        for n in range(25)
    ]
    assert statuses.count(429) == 25 - 20 + 1 or 429 in statuses
    assert Client().post("/leads", "{", content_type="application/json").status_code == 400


def test_expired_leads_stop_being_sent(lead_service):
    lead_service("fail")
    send(key="e" * 24)
    Lead.objects.update(expires_at=services.timezone.now() - timedelta(seconds=1))
    lead_service("ok")
    services.deliver(Lead.objects.get().pk)
    assert Lead.objects.get().status == Lead.EXPIRED and not ProviderLead.objects.exists()


def test_leads_sent_while_down_go_out_soon_after_the_provider_returns_exactly_once(
    lead_service, settings, monkeypatch
):
    """500 leads while the lead service is down. Before: every attempt made while the circuit was
    open counted and doubled the backoff, and the last lead arrived 13.5 minutes after the
    provider came back."""
    lead_service("fail")
    for n in range(500):
        outcome = services.submit(
            {**FORM, "email": f"agent{n}@example.com", "key": f"wait-{n:06d}-abcdefghijk"},
            locale="he" if n % 2 else "en",
            url="https://storefront.example/",
            title="Travelnest",
            fid=None,
        )
        assert outcome.failed and not outcome.errors
    assert Lead.objects.filter(status=Lead.PENDING).count() == 500
    # Only the calls that reached the provider (the ones that opened the lead service's
    # circuit) were charged an attempt; the others wait for the circuit, due again soon.
    outage_end = timezone.now()
    charged = sum(Lead.objects.values_list("attempts", flat=True))
    assert charged == settings.UPSTREAM_BREAKER_FAILURES
    soon = timedelta(
        seconds=settings.UPSTREAM_BREAKER_OPEN_SECONDS + settings.LEADS_RETRY_FIRST_SECONDS
    )
    latest = Lead.objects.order_by("-next_attempt_at").first().next_attempt_at
    assert latest <= outage_end + soon

    lead_service("ok")
    # A minute later: a worker that stops after 150 tasks, then another takes the rest.
    minute_later = outage_end + timedelta(minutes=1)
    monkeypatch.setattr(timezone, "now", lambda: minute_later)
    breakers_later(monkeypatch, 60)
    call_command("db_worker", "--batch", "--no-startup-delay", "--max-tasks", "150", verbosity=0)
    assert Lead.objects.filter(status=Lead.SENT).count() == 150
    call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)
    assert Lead.objects.filter(status=Lead.SENT).count() == 500
    received = ProviderLead.objects.filter(key__startswith="wait-")
    assert received.count() == 500
    assert len(set(received.values_list("key", flat=True))) == 500
