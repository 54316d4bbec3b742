"""One brand name per page (issue 11): a Hebrew page names the brand in Hebrew when the brand
gives a Hebrew name, in the title, the header's and footer's logo links and the footer, with
and without JavaScript; an English page uses the Latin name throughout."""

import pytest

from tests.e2e.helpers import mounted

pytestmark = pytest.mark.usefixtures("demo_data")

NAMES = """() => [
  ["title", document.title],
  ["header logo", document.querySelector("header .logo").getAttribute("aria-label")],
  ["footer logo", document.querySelector("footer .logo").getAttribute("aria-label")],
  ["footer", document.querySelector("footer .site-footer__legal > span").textContent],
]"""


def _names(new_page, url, *, javascript):
    page = new_page(java_script_enabled=javascript)
    page.goto(url)
    if javascript:
        mounted(page, "Header")
    return page.evaluate(NAMES)


@pytest.mark.parametrize("javascript", [False, True])
@pytest.mark.parametrize(
    "path,name,other", [("/he/", "טרוולנסט", "Travelnest"), ("/", "Travelnest", "טרוולנסט")]
)
def test_every_place_names_the_brand_alike(new_page, server_url, javascript, path, name, other):
    for place, text in _names(new_page, f"{server_url}{path}", javascript=javascript):
        assert name in text and other not in text, (place, text)


@pytest.mark.parametrize("path", ["/he/", "/he/hotels"])
def test_a_brand_without_hebrew_titles_keeps_its_hebrew_name_in_the_title(
    new_page, server_url, path
):
    """A brand that translated its name but not its titles: the catalog's Hebrew title around
    the Hebrew name, not its English title around the Latin one."""
    from storefront.sandbox.models import ProviderBrand

    row = ProviderBrand.objects.get(key="acme.partners.localhost")
    row.config = {**row.config, "translations": {"he": {"name": "אקמי טראוול"}}}
    row.save()
    url = server_url.replace("127.0.0.1", "acme.partners.localhost") + path
    for place, text in _names(new_page, url, javascript=False):
        assert "אקמי טראוול" in text and "Acme" not in text, (place, text)
