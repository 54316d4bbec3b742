"""The combobox's endpoint: the provider's suggestions as JSON, cacheable; 503 when it is down."""

from storefront.search import views
from storefront.upstream.errors import UpstreamUnavailable
from storefront.upstream.inventory import Place

BARCELONA = Place(
    id=2042,
    type="city",
    name="Barcelona",
    slug="barcelona",
    country_code="es",
    country_slug="spain",
    country_name="Spanien",
    lat=41.4,
    lng=2.2,
)


def test_suggestions_come_back_in_the_requested_locale(client, monkeypatch):
    asked = []
    monkeypatch.setattr(
        views.inventory,
        "suggest_places",
        lambda q, locale: asked.append((q, locale)) or [BARCELONA],
    )
    response = client.get("/search/places", {"q": "bar", "locale": "de"})
    assert response.status_code == 200
    assert response.json() == {
        "places": [
            {
                "id": 2042,
                "type": "city",
                "name": "Barcelona",
                "country": "Spanien",
                "country_code": "es",
            }
        ]
    }
    assert asked == [("bar", "de")]
    assert "public" in response["Cache-Control"] and "max-age=3600" in response["Cache-Control"]


def test_an_unknown_locale_asks_in_english(client, monkeypatch):
    asked = []
    monkeypatch.setattr(
        views.inventory, "suggest_places", lambda q, locale: asked.append(locale) or []
    )
    client.get("/search/places", {"q": "bar", "locale": "xx"})
    assert asked == ["en"]


def test_a_provider_failure_is_an_empty_503(client, monkeypatch):
    def down(q, locale):
        raise UpstreamUnavailable("down")

    monkeypatch.setattr(views.inventory, "suggest_places", down)
    response = client.get("/search/places", {"q": "bar"})
    assert response.status_code == 503 and response.json()["places"] == []
