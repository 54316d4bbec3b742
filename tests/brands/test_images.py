"""A brand's inline images served from our origin (``storefront/brands/images.py``): a page names
each once by a short address instead of carrying its data URL six times, and the address
answers with that image and nothing else."""

import re
from base64 import b64decode

import pytest

from storefront.brands.selectors import brand_for

pytestmark = pytest.mark.usefixtures("demo_data")

ADDRESS = re.compile(r"/brand-images/\d+/[0-9a-f]{24}\.svg")
ACME = {"Host": "acme.partners.localhost"}
GLOBEX = {"Host": "travel.globex.localhost"}
CANONICAL = {"Host": "127.0.0.1"}


def _decoded(data_url: str) -> bytes:
    return b64decode(data_url.split(",", 1)[1])


def _page(client, path, headers):
    response = client.get(path, headers=headers)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "headers,kind,key,fid",
    [
        (ACME, "agency", "acme.partners.localhost", 77),
        (GLOBEX, "white-label", "travel.globex.localhost", 88),
        ({**CANONICAL, "Cookie": "fid=42"}, "agent", "42", 42),
    ],  # fmt: skip
)
@pytest.mark.parametrize("path,locale", [("/hotels", "en"), ("/he/hotels", "he")])
def test_a_page_names_its_brands_inline_images_and_each_address_answers_with_that_image(
    client, headers, kind, key, fid, path, locale
):
    html = _page(client, path, headers)
    assert "data:image" not in html
    brand = brand_for(kind=kind, key=key)
    wanted = {
        "logo light": brand.logo_for(locale)["light"],
        "logo dark": brand.logo_for(locale)["dark"],
        "favicon": brand.favicon,
    }
    logo = re.search(r'<a class="logo".*?</a>', html, re.S)[0]
    icon = re.search(r'<link rel="icon" href="([^"]+)"', html)[1]
    named = {
        "logo light": re.search(r'logo__img--light" src="([^"]+)"', logo)[1],
        "logo dark": re.search(r'logo__img--dark" src="([^"]+)"', logo)[1],
        "favicon": icon,
    }
    for what, address in named.items():
        assert ADDRESS.fullmatch(address) and address.startswith(f"/brand-images/{fid}/"), address
        # Header, footer and the header island's props name the same address.
        if what.startswith("logo"):
            assert html.count(address) >= 3, (what, html.count(address))
        image = client.get(address, headers={"Host": headers["Host"]})  # no cookie needed
        assert image.status_code == 200, (what, address)
        assert image.content == _decoded(wanted[what]), what
        assert image["Content-Type"] == "image/svg+xml"
        assert image["Cache-Control"] == "public, max-age=31536000, immutable"
        assert image["X-Content-Type-Options"] == "nosniff"
        policy = image["Content-Security-Policy"]
        assert "sandbox" in policy and "default-src 'none'" in policy and "script" not in policy


def test_the_hebrew_logo_has_its_own_address(client):
    english = re.search(r'logo__img--light" src="([^"]+)"', _page(client, "/", ACME))[1]
    hebrew = re.search(r'logo__img--light" src="([^"]+)"', _page(client, "/he/", ACME))[1]
    assert english != hebrew


def test_an_address_answers_only_for_the_brand_its_host_serves(client):
    acme = re.search(r'logo__img--light" src="([^"]+)"', _page(client, "/", ACME))[1]
    assert client.get(acme, headers=ACME).status_code == 200
    # The same image asked of another brand's host, or an image no brand has: not found.
    other = client.get(acme, headers=GLOBEX)
    assert other.status_code == 404 and other["Cache-Control"] == "no-store"
    assert client.get(f"/brand-images/1/{'0' * 24}.svg", headers=ACME).status_code == 404
    assert client.get(acme.replace(".svg", ".png"), headers=ACME).status_code == 404
    assert client.get("/brand-images/1/../../etc/passwd", headers=ACME).status_code == 404
    assert client.post(acme, headers=ACME).status_code == 405
    name = acme.rsplit("/", 1)[1]
    for fid in ("0", "12345678901"):
        assert client.get(f"/brand-images/{fid}/{name}", headers=CANONICAL).status_code == 404


def test_a_logo_named_on_the_provider_side_as_https_keeps_its_address(client):
    """An https logo is the partner's file: the page links it as it is, and names no copy."""
    from storefront.sandbox.models import ProviderBrand

    row = ProviderBrand.objects.get(key="acme.partners.localhost")
    logo = {"light": "https://cdn.example/acme-light.svg", "dark": "https://cdn.example/acme.svg"}
    row.config = {**row.config, "logo": logo, "translations": {}}
    row.save()
    html = _page(client, "/hotels", ACME)
    assert 'src="https://cdn.example/acme-light.svg"' in html
    assert 'src="https://cdn.example/acme.svg"' in html


def test_a_background_given_inline_is_named_by_its_address_too(client):
    """The brand's hero background (the inline style's --hero-image) follows the same rule as its
    logos: a data URL of up to 200 KB would otherwise sit in every page's head, three times."""
    from storefront.sandbox.models import ProviderBrand

    row = ProviderBrand.objects.get(key="acme.partners.localhost")
    light, dark = row.config["favicon"], row.config["logo"]["dark"]
    row.config = {**row.config, "background": {"light": light, "dark": dark}}
    row.save()
    html = _page(client, "/", ACME)
    assert "data:image" not in html
    heroes = re.findall(r'--hero-image:url\("([^"]+)"\)', html)
    assert len(heroes) == 3 and all(ADDRESS.fullmatch(hero) for hero in heroes), heroes
    assert client.get(heroes[0], headers=ACME).content == _decoded(light)
    assert client.get(heroes[1], headers=ACME).content == _decoded(dark)
