"""Helpers for the sandbox's booking and payment tests: its API asked over HTTP as the storefront
will ask it, an offer it sells, a prebook and a payment started, the hosted page's form posted
as a browser posts it, and a receiver for its webhooks."""

import json
import threading
import uuid
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import requests
from django.conf import settings

from storefront.search.query import today

BARCELONA = 2002
GUESTS = [{"adults": 2, "children": [7]}]
RETURN_URL = "https://shop.example/transaction/5f0c2a4e/return?from=pay"
APPROVED = "4242 4242 4242 4242"
DECLINED = "4000 0000 0000 0002"
NO_FUNDS = "4000 0000 0000 9995"
CHALLENGE = "4000 0000 0000 3220"
SLOW = "4000 0000 0000 0077"


class Api:
    """The sandbox's JSON API with the client token (or a provider session's cookies)."""

    def __init__(self, base: str, session: requests.Session | None = None):
        self.base = base
        self.http = session or requests.Session()
        if session is None:
            self.http.headers["Authorization"] = f"Bearer {settings.SANDBOX_CLIENT_TOKEN}"

    def call(self, method: str, path: str, *, key: str | None = None, locale="en", **kwargs):
        headers = {**kwargs.pop("headers", {}), **({"Idempotency-Key": key} if key else {})}
        params = {"locale": locale, **kwargs.pop("params", {})}
        return self.http.request(
            method, self.base + path, headers=headers, params=params, timeout=30, **kwargs
        )

    def offer(self, *, currency="EUR", guests=GUESTS, after_days=40, nights=3) -> dict:
        """The first offer of the first Barcelona hotel that sells the stay."""
        check_in = today() + timedelta(days=after_days)
        body = {
            "place": BARCELONA,
            "check_in": check_in.isoformat(),
            "check_out": (check_in + timedelta(days=nights)).isoformat(),
            "occupancies": guests,
            "currency": currency,
            "mode": "lowest",
        }
        answer = self.call("POST", "/v3/hotels/rates", json=body)
        assert answer.status_code == 200, answer.text
        return next(h for h in answer.json()["data"] if h["available"])["offers"][0]

    def prebook(self, offer: dict | None = None, *, key=None, guests=GUESTS, currency="EUR"):
        offer = offer or self.offer(currency=currency, guests=guests)
        body = {
            "offer_id": offer["offer_id"],
            "occupancies": guests,
            "currency": currency,
            "guest_country": "de",
        }
        return self.call("POST", "/v3/prebooks", json=body, key=key)

    def payment_body(self, prebook: dict, **changes) -> dict:
        rooms = len(prebook["occupancies"])
        body = {
            "prebook_id": prebook["id"],
            "holder": {
                "first_name": "Ada",
                "last_name": "O'Brien-Smith",
                "email": "Ada@Example.com",
                "phone": "+44 20 7946 0958",
                "country": "GB",
            },
            "guests": [{"first_name": "Ada", "last_name": "Lovelace"}] * rooms,
            "special_requests": "A quiet room, please.",
            "amount": prebook["price"]["pay_now"],
            "currency": prebook["price"]["currency"],
            "return_url": RETURN_URL,
            "webhook_url": "",
            "locale": "en",
            "fid": "42",
        }
        return {**body, **changes}

    def start_payment(self, prebook: dict, *, key=None, **changes):
        key = key or f"pay-{uuid.uuid4()}"
        body = self.payment_body(prebook, **changes)
        return self.call("POST", "/v3/payments", json=body, key=key)

    def paid_for(self, **changes) -> dict:
        """A new prebook and a payment started against it: the payment's data."""
        prebook = self.prebook()
        assert prebook.status_code == 201, prebook.text
        started = self.start_payment(prebook.json()["data"], **changes)
        assert started.status_code == 201, started.text
        return started.json()["data"]

    def payment(self, payment_id: str, **kwargs) -> dict:
        answer = self.call("GET", f"/v3/payments/{payment_id}", **kwargs)
        assert answer.status_code == 200, answer.text
        return answer.json()["data"]


def session_api(sandbox_url: str, email="traveller@example.com") -> Api:
    """The API as a logged-in provider session (its cookie and XSRF token), no client token."""
    http = requests.Session()
    http.get(f"{sandbox_url}/sanctum/csrf-cookie", timeout=10)
    http.headers["X-XSRF-TOKEN"] = http.cookies["XSRF-TOKEN"]
    login = http.post(
        f"{sandbox_url}/login", data={"email": email, "password": "demo-pass-2026"}, timeout=10
    )
    assert login.status_code == 204, login.text
    http.headers["X-XSRF-TOKEN"] = http.cookies["XSRF-TOKEN"]
    return Api(sandbox_url, session=http)


def booked(api: Api, **changes) -> dict:
    """A booking made as the storefront makes one (prebook, payment, the approved test card):
    the succeeded payment's data (``booking_id``, ``booking_reference``)."""
    payment = api.paid_for(**changes)
    assert post_card(payment["url"], APPROVED).status_code == 303
    return api.payment(payment["id"])


def post_card(url: str, number: str, *, expiry=None, cvc="123", name="Ada Lovelace"):
    """The hosted page's form posted as a browser posts it (no redirect followed)."""
    expiry = expiry or f"12/{(today().year + 3) % 100:02d}"
    form = {"number": number, "expiry": expiry, "cvc": cvc, "name": name}
    return requests.post(url, data=form, allow_redirects=False, timeout=30)


def returned(response) -> dict:
    """The return's query parameters (the 303 to the shop)."""
    assert response.status_code == 303, (response.status_code, response.text[:500])
    query = parse_qs(urlsplit(response.headers["Location"]).query)
    return {name: values[0] for name, values in query.items()}


class WebhookReceiver:
    """An HTTP server that keeps every POST it gets (``events``: body bytes and headers) and
    answers ``status`` (settable: 500 makes the sandbox retry)."""

    def __init__(self):
        self.events: list[tuple[bytes, dict]] = []
        self.status = 200
        self.arrived = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.arrived:
                    receiver.events.append((body, dict(self.headers)))
                    receiver.arrived.notify_all()
                self.send_response(receiver.status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/webhooks/provider"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def wait_for(self, count: int, timeout: float = 15) -> list[tuple[bytes, dict]]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.events) >= count, timeout=timeout)
        assert len(self.events) >= count, f"{len(self.events)} webhooks, expected {count}"
        return list(self.events)

    def payloads(self) -> list[dict]:
        return [json.loads(body) for body, _headers in self.events]

    def close(self):
        self.server.shutdown()
        self.server.server_close()
