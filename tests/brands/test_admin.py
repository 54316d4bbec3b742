"""The operators' admin: validation, contrast warnings, live preview, history, cache refresh."""

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import User

from storefront.brands.contrast import AA_NORMAL_TEXT, WEAK_CONTRAST, contrast_ratio
from storefront.brands.models import BrandOverride

pytestmark = pytest.mark.usefixtures("demo_data")
ADD = "/admin/brands/brandoverride/add/"
PREVIEW = "/admin/brands/brandoverride/preview/"
HOST = {"Host": "127.0.0.1"}


@pytest.fixture
def operator(client):
    user = User.objects.create_superuser("operator", "op@example.com", "op-pass-2026")
    client.force_login(user)
    return user


def _form(**fields):
    data = {"kind": "agent", "key": "42"}
    data.update(fields)
    return data


def test_contrast_ratio_matches_wcag():
    assert round(contrast_ratio("#000", "#fff"), 1) == 21.0
    assert round(contrast_ratio("#777777", "#ffffff"), 2) == 4.48


def test_admin_only_on_the_canonical_host(client, operator):
    assert client.get(ADD, headers=HOST).status_code == 200
    assert client.get(ADD, headers={"Host": "acme.partners.localhost"}).status_code == 404


def test_colours_must_be_hex_and_urls_https(client, operator):
    response = client.post(
        ADD,
        _form(
            color_brand_light="red",
            logo_light="http://x.example/a.svg",
            social_facebook="http://facebook.com/x",
        ),
        headers=HOST,
    )
    assert response.status_code == 200  # the form again, with errors
    errors = response.context["adminform"].form.errors
    assert set(errors) == {"color_brand_light", "logo_light", "social_facebook"}
    assert not BrandOverride.objects.exists()


def test_saving_warns_on_low_contrast_logs_and_shows_at_once(client, operator):
    assert "Sunny Trips" in client.get("/?fid=42", headers=HOST).content.decode()  # now cached
    response = client.post(
        ADD,
        _form(name="Sunny Deals", color_textBrand_light="#777777", color_bgBrand_light="#ffffff"),
        headers=HOST,
        follow=True,
    )
    texts = [str(m) for m in response.context["messages"]]
    assert any("textBrand on bgBrand" in t and "below WCAG AA" in t for t in texts)
    assert LogEntry.objects.filter(object_repr__contains="42").exists()
    assert "Sunny Deals" in client.get("/?fid=42", headers=HOST).content.decode()


def test_live_preview_draws_header_and_footer_in_the_chosen_mode(client, operator):
    response = client.get(
        PREVIEW,
        _form(
            name="Preview Co",
            color_brand_dark="#ABCDEF",
            preview_mode="dark",
            color_bgBrand_light="nope",
        ),
        headers=HOST,
    )
    html = response.content.decode()
    assert response.status_code == 200 and response["X-Frame-Options"] == "SAMEORIGIN"
    assert "frame-ancestors 'self'" in response["Content-Security-Policy"]
    assert 'data-theme="dark"' in html and "--brand:#ABCDEF;" in html
    assert "<header" in html and "<footer" in html
    # The name typed shows above the header (the logo is an image that may draw another name).
    assert '<strong class="admin-preview__name">Preview Co</strong>' in html


def _warning(text, background, ratio):
    return WEAK_CONTRAST.format(text=text, background=background, ratio=ratio, aa=AA_NORMAL_TEXT)


@pytest.mark.parametrize(
    "mode,shown,hidden",
    [
        ("light", ("textBrand", "bgBrand", 1.07), ("textBrandAlt", "bgBrandAlt", 1.63)),
        ("dark", ("textBrandAlt", "bgBrandAlt", 1.63), ("textBrand", "bgBrand", 1.07)),
    ],
)
def test_each_preview_pane_warns_of_its_own_mode_only(client, operator, mode, shown, hidden):
    """Yellow under white text in light mode, dark grey on dark grey in dark mode: the light
    pane warns of the first only, the dark pane of the second only."""
    fields = _form(
        color_bgBrand_light="#ffff00",
        color_textBrandAlt_dark="#444444",
        color_bgBrandAlt_dark="#222222",
        preview_mode=mode,
    )
    html = client.get(PREVIEW, fields, headers=HOST).content.decode()
    assert html.count('class="admin-preview__warnings" role="alert"') == 1
    assert _warning(*shown) in html and _warning(*hidden) not in html


def test_a_preview_without_weak_pairs_warns_of_nothing(client, operator):
    for mode in ("light", "dark"):
        html = client.get(PREVIEW, _form(preview_mode=mode), headers=HOST).content.decode()
        assert "admin-preview__warnings" not in html and "WCAG" not in html


def test_the_preview_sits_beside_the_fields_it_draws(client, operator):
    """In the change form the preview follows the texts, images, colours and social links, in
    one block with them (the CSS puts it beside them), before the fieldsets it does not draw."""
    html = client.get(ADD, headers=HOST).content.decode()
    order = [
        'id="id_key"',
        'class="brand-editor"',
        'id="id_name"',
        'id="id_logo_light"',
        'id="id_color_textBrandAlt_dark"',
        'id="id_social_youtube"',
        'class="module brand-preview"',
        'id="id_ga4"',
    ]
    assert [html.index(marker) for marker in order] == sorted(html.index(m) for m in order)
    assert html.count('class="module brand-preview"') == 1


def test_preview_needs_staff(client):
    response = client.get(PREVIEW, headers=HOST)
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_preview_of_an_empty_form_is_the_default_brand(client, operator):
    response = client.get(PREVIEW, {"kind": "", "key": ""}, headers=HOST)
    assert response.status_code == 200 and "Travelnest" in response.content.decode()


def test_the_preview_draws_the_previewed_brands_own_logo(client, operator):
    """The brand in the form is not the one the admin's host serves, whose images
    /brand-images/ answers for: its inline logo stays inline in the preview."""
    from storefront.brands.selectors import brand_for

    html = client.get(PREVIEW, _form(preview_mode="light"), headers=HOST).content.decode()
    logo = brand_for(kind="agent", key="42").logo_for("en")["light"]
    assert logo.startswith("data:image/svg+xml;base64,")
    assert f'src="{logo}"' in html and "/brand-images/" not in html
