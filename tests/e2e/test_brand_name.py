"""One brand name per page (issue 11): a Hebrew page names the brand in Hebrew when the brand
gives a Hebrew name, in the title, the header's and footer's logo links and the footer, with
and without JavaScript; an English page uses the Latin name throughout."""

import pytest

from storefront.sandbox.wordmarks import wordmarks
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


# Each visible logo: where it is, whether the browser drew it, and the artwork it was sent (the
# provider's inline logo comes from our origin's /brand-images/, storefront/brands/images.py).
LOGOS = """async () => Promise.all([...document.querySelectorAll('.logo__img')]
  .filter((img) => img.checkVisibility())
  .map(async (img) => [img.closest('header, footer').localName, img.currentSrc,
                       img.complete && img.naturalWidth > 0,
                       await (await fetch(img.currentSrc)).text()]))"""


@pytest.mark.parametrize("javascript", [False, True])
@pytest.mark.parametrize("mode", ["light", "dark"])
@pytest.mark.parametrize(
    "path,name,other", [("/he/", "טרוולנסט", "Travelnest"), ("/", "Travelnest", "טרוולנסט")]
)
def test_the_visible_logo_draws_the_same_name(
    new_page, server_url, javascript, mode, path, name, other
):
    """The logo a visitor sees (header and footer, in the page's colour mode) is drawn with
    the name the title uses: the brand's Hebrew logo on Hebrew pages."""
    page = new_page(java_script_enabled=javascript, color_scheme=mode)
    page.goto(f"{server_url}{path}")
    if javascript:
        mounted(page, "Header")
    logos = page.evaluate(LOGOS)
    assert sorted(place for place, *_ in logos) == ["footer", "header"], logos
    for place, src, shown, drawn in logos:
        assert src.startswith(f"{server_url}/brand-images/1/"), (place, src[:80])
        assert shown, (place, src)
        # The name's letters are drawn as outlines (the sandbox's artwork, as a brand's own
        # logo file is): the outline of this name, not of the other.
        assert wordmarks()[name]["path"] in drawn, (place, mode, drawn[:200])
        assert wordmarks()[other]["path"] not in drawn and other not in drawn, (place, mode)
