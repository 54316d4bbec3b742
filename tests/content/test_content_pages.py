"""The operator's pages (storefront/content): written in admin per brand and locale, shown with
a fallback that says so, sanitised, cached and dropped from the cache when saved, listed in the
sitemap in the locales that have them."""

import re
from html import unescape
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User

from storefront.brands.models import BrandOverride
from storefront.content.markdown import render
from storefront.content.models import ContentPage, ContentRevision
from storefront.content.services import load_defaults, save_page
from storefront.i18n.catalog import messages, translate
from storefront.i18n.locales import LOCALES
from tests.login import login_form

pytestmark = pytest.mark.usefixtures("demo_data")
ADD = "/admin/content/contentpage/add/"
CANONICAL = {"Host": "127.0.0.1"}
GLOBEX = "travel.globex.localhost"


@pytest.fixture
def operator(client):
    user = User.objects.create_superuser("editor", "editor@example.com", "editor-pass-2026")
    client.force_login(user)
    return user


def _main(response) -> str:
    html = response.content.decode()
    return html[html.find("<main") : html.find("</main>")]


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def _write(slug="terms-of-use", locale="en", brand=None, title="Our terms", body="Body text."):
    page = ContentPage.objects.filter(brand=brand, slug=slug, locale=locale).first()
    page = page or ContentPage(brand=brand, slug=slug, locale=locale)
    page.title, page.body = title, body
    return save_page(page=page)


class _TagParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def _tags(html: str) -> list[tuple[str, dict]]:
    """The elements of ``html`` as a browser's tokenizer reads them (text is not a tag)."""
    parser = _TagParser()
    parser.feed(html)
    return parser.tags


def _head_links(response) -> tuple[str, dict[str, str]]:
    html = response.content.decode()
    canonical = re.search(r'<link rel="canonical" href="([^"]+)"', html)[1]
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', html))
    return canonical, alternates


@pytest.fixture
def blank():
    """No shipped texts: each test writes the pages it reads."""
    ContentPage.objects.all().delete()


# --- Written in admin, read on the storefront -------------------------------------------------


def test_a_page_saved_in_admin_is_shown_at_once_with_its_revision(client, operator, blank):
    _write(body="The old text.")
    anonymous = client.__class__()
    assert "The old text." in _text(_main(anonymous.get("/terms-of-use", headers=CANONICAL)))
    kept = anonymous.get("/terms-of-use", headers=CANONICAL)
    assert kept["X-Page-Cache"] == "hit"
    page = ContentPage.objects.get()
    form = {
        "slug": "terms-of-use",
        "locale": "en",
        "title": "Terms, revised",
        "body": "## Refunds\n\nRefunds go back to **the same card**.",
        "revisions-TOTAL_FORMS": "0",
        "revisions-INITIAL_FORMS": "0",
    }
    answer = client.post(f"/admin/content/contentpage/{page.pk}/change/", form, headers=CANONICAL)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    shown = anonymous.get("/terms-of-use", headers=CANONICAL)
    text = _text(_main(shown))
    assert "Refunds go back to the same card ." in text and "The old text." not in text
    assert "Terms, revised" in _text(re.search(r"<h1.*?</h1>", _main(shown), re.S)[0])
    revision = ContentRevision.objects.filter(page=page).first()
    assert revision.author_name == "editor" and "body" in revision.changed
    assert "title" in revision.changed and revision.body.startswith("## Refunds")
    history = client.get(f"/admin/content/contentpage/{page.pk}/change/", headers=CANONICAL)
    assert "editor" in history.content.decode() and "+Refunds go back" in unescape(
        history.content.decode()
    )


def test_a_page_added_in_admin_for_one_locale_and_the_fallback_in_another(client, operator, blank):
    _write(locale="en", title="Terms", body="English terms.")
    form = {
        "slug": "terms-of-use",
        "locale": "he",
        "title": "תנאי שימוש",
        "body": "תנאים בעברית.",
        "revisions-TOTAL_FORMS": "0",
        "revisions-INITIAL_FORMS": "0",
    }
    assert client.post(ADD, form, headers=CANONICAL).status_code == 302
    client.logout()
    hebrew = client.get("/he/terms-of-use", headers=CANONICAL)
    assert "תנאים בעברית." in _text(_main(hebrew)) and "content__fallback" not in _main(hebrew)
    german = _main(client.get("/de/terms-of-use", headers=CANONICAL))
    assert translate("content.fallback", "de", language="Englisch") in _text(german)
    assert re.search(r'<div class="prose content__text" lang="en" dir="ltr">', german)
    assert "English terms." in _text(german)
    assert translate("pages.terms-of-use.title", "de") in re.search(r"<h1.*?</h1>", german, re.S)[0]


@pytest.mark.parametrize("code", sorted(set(LOCALES) - {"en"}))
def test_the_fallback_says_so_in_every_locale(client, blank, code):
    """A page written in English only: every other locale says so in its own words, marks the
    English text's language, and shows nothing else in English."""
    _write(locale="en", title="Terms", body="Only in English.")
    answer = client.get(f"{LOCALES[code].prefix}/terms-of-use", headers=CANONICAL)
    assert answer.status_code == 200
    main = _main(answer)
    notice = re.search(r'<p class="notice notice--info content__fallback"[^>]*>(.*?)</p>', main)[1]
    english, own = messages("en")["content.fallback"], messages(code)["content.fallback"]
    assert own != english and own.split("{{")[0].strip() in unescape(notice)
    text = re.sub(r'<div class="prose content__text" lang="en".*?</div>', "", main, flags=re.S)
    leftover = _text(text)
    for key, sentence in messages("en").items():
        if key.startswith(("content.", "pages.")) and messages(code).get(key) != sentence:
            assert sentence.split("{{")[0].strip() not in leftover or len(sentence) < 6, key
    assert re.search(r"\b[a-z_]+\.[a-z_]+\.[a-z_]+\b", leftover) is None  # no raw keys
    assert f'<html lang="{LOCALES[code].iso}" dir="{LOCALES[code].dir}"' in answer.content.decode()


def test_the_brand_first_then_its_english_then_the_default_brand(client, blank):
    globex = BrandOverride.objects.create(kind="white-label", key=GLOBEX)
    _write(locale="en", title="Default EN", body="default english")
    _write(locale="fr", title="Défaut FR", body="défaut français")
    _write(locale="de", brand=globex, title="Globex DE", body="globex deutsch")

    def body(path, host):
        return _text(_main(client.get(path, headers={"Host": host})))

    assert "globex deutsch" in body("/de/terms-of-use", GLOBEX)
    assert "défaut français" in body("/fr/terms-of-use", GLOBEX)  # the brand has no fr nor en
    assert "default english" in body("/es/terms-of-use", GLOBEX)
    _write(locale="en", brand=globex, title="Globex EN", body="globex english")
    assert "globex english" in body("/fr/terms-of-use", GLOBEX)  # the brand's English first
    assert "default english" in body("/terms-of-use", "127.0.0.1")  # other brands: the default
    assert "défaut français" in body("/fr/terms-of-use", "127.0.0.1")


def test_head_links_and_sitemap_name_only_the_locales_a_page_exists_in(client, blank):
    _write(locale="en", body="en")
    _write(locale="he", body="he")
    canonical, alternates = _head_links(client.get("/he/terms-of-use", headers=CANONICAL))
    assert canonical == "http://127.0.0.1:8000/he/terms-of-use"
    assert set(alternates) == {"en", "he", "x-default"}
    canonical, alternates = _head_links(client.get("/de/terms-of-use", headers=CANONICAL))
    assert canonical == "http://127.0.0.1:8000/terms-of-use"  # the text it shows
    assert set(alternates) == {"en", "he", "x-default"}
    sitemap = client.get("/sitemaps/pages.xml", headers=CANONICAL).content.decode()
    entries = re.findall(r"<url>.*?</url>", sitemap, re.S)
    terms = [e for e in entries if re.search(r"<loc>[^<]*/terms-of-use</loc>", e)]
    assert sorted(re.search(r"<loc>([^<]+)</loc>", e)[1] for e in terms) == [
        "http://127.0.0.1:8000/he/terms-of-use",
        "http://127.0.0.1:8000/terms-of-use",
    ]
    for entry in terms:
        langs = set(re.findall(r'hreflang="([^"]+)"', entry))
        assert langs == {"en", "he", "x-default"}
    assert "/privacy-policy</loc>" not in sitemap  # nobody wrote it: not listed, noindex
    privacy = client.get("/privacy-policy", headers=CANONICAL).content.decode()
    assert '<meta name="robots" content="noindex">' in privacy
    assert translate("content.missing", "en") in _text(privacy)


# --- Nothing typed in admin runs ------------------------------------------------------------

HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<svg onload=alert(1)>",
    '<a href="javascript:alert(1)">raw link</a>',
    "<iframe src=https://evil.example></iframe>",
    "[plain](javascript:alert(1))",
    "[mixed case](JaVaScRiPt:alert(1))",
    "[spaced](  javascript:alert(1))",
    "[entity](&#106;avascript:alert(1))",
    "[tab](java\tscript:alert(1))",
    "[vb](vbscript:msgbox(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "<javascript:alert(1)>",
    "[ref][r]\n\n[r]: javascript:alert(1)",
    '![img](javascript:alert(1) "x")',
    '[title](https://ok.example "x\\" onmouseover=\\"alert(1)")',
    "<style>body{display:none}</style>",
    "<form action=https://evil.example><input name=card></form>",
]


@pytest.mark.parametrize("body", HOSTILE)
def test_hostile_markdown_renders_inert(client, blank, body):
    _write(body=f"Before.\n\n{body}\n\nAfter.")
    main = _main(client.get("/terms-of-use", headers=CANONICAL))
    article = re.search(r'<div class="prose content__text".*?</div>', main, re.S)[0]
    tags = _tags(article)
    allowed = {"div", "p", "a", "h2", "h3", "strong", "em", "code", "pre", "ul", "ol", "li", "br"}
    assert {tag for tag, _ in tags} <= allowed, tags
    for _tag, attributes in tags:
        assert not [name for name in attributes if name.startswith("on") or name == "style"]
        href = attributes.get("href")
        if href is not None:
            target = re.sub(r"[\x00-\x20]", "", href).lower()
            assert target.startswith(("http://", "https://", "mailto:", "tel:", "/")), href
    assert "Before." in article and "After." in article


def test_markdown_links_stay_in_the_page_language():
    links = "[privacy](/privacy-policy) [out](https://example.com) [x](//evil.example)"
    html = render(links, prefix="/he")
    assert 'href="/he/privacy-policy"' in html and 'href="https://example.com"' in html
    assert 'href="//evil.example"' in html  # another host's address is left as written
    assert "<h1" not in render("# Title") and "<h2>Title</h2>" in render("# Title")
    assert "<h2>Part</h2>" in render("## Part\n\n### Sub") and "<h3>Sub</h3>" in render(
        "## Part\n\n### Sub"
    )


# --- Shipped defaults, sections -----------------------------------------------------------------


def test_shipped_defaults_fill_a_new_database_once_and_never_overwrite(blank):
    written = load_defaults()
    slugs = {"terms-of-use", "privacy-policy", "agent-terms-of-use", "contact-support", "app"}
    slugs |= {"flights", "cars", "packages", "tickets"}
    for locale in ("en", "he"):
        assert {p.slug for p in written if p.locale == locale} == slugs, locale
    assert all(p.needs_review and p.brand is None for p in written)
    edited = ContentPage.objects.get(slug="terms-of-use", locale="en")
    edited.body, edited.needs_review = "Reviewed by the operator.", False
    edited.save()
    assert load_defaults() == []
    assert ContentPage.objects.get(pk=edited.pk).body == "Reviewed by the operator."
    assert ContentRevision.objects.filter(changed="shipped default").count() == len(written)


def test_no_legal_text_lives_in_templates():
    from pathlib import Path

    for path in Path("templates").rglob("*.html"):
        text = path.read_text(encoding="utf-8").lower()
        assert "governing law" not in text and "personal data" not in text, path


@pytest.mark.parametrize("section", ["flights", "cars", "packages", "tickets", "app"])
def test_sections_are_the_operators_words_not_a_search_form(client, section):
    load_defaults()
    html = _main(client.get(f"/{section}", headers=CANONICAL))
    assert 'action="/hotels/search"' not in html and "search-form" not in html
    title = ContentPage.objects.get(brand=None, slug=section, locale="en").title
    assert title in _text(html)
    assert 'data-link="platform-' not in html  # a visitor: no agent platform


@pytest.mark.parametrize("section", ["flights", "cars", "packages", "tickets"])
def test_agents_find_the_agent_platform_on_the_sections(client, section):
    client.post("/login", login_form("agent@example.com"))
    html = _main(client.get(f"/{section}", headers=CANONICAL))
    links = dict(re.findall(r'href="([^"]+)"[^>]*data-link="platform-([a-z]+)"', html))
    assert set(links.values()) == {"flights", "cars", "tickets"}
    assert all(href.startswith("https://") for href in links)
