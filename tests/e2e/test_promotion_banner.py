"""The promotion banner above the header takes at most two lines on a 375 px phone, in every
locale, with its call to action in view (issue 11). Measured on the server's HTML."""

from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

LINES = """() => {
  const text = document.querySelector(".promo-banner__text");
  const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
  return Math.round(text.getBoundingClientRect().height / lineHeight);
}"""


def test_the_banner_takes_at_most_two_lines_on_a_phone_in_every_locale(new_page, server_url):
    page = new_page(width=375, java_script_enabled=False)
    problems = []
    for code in LOCALES:
        page.context.clear_cookies()  # "/" would answer in the last locale visited
        page.goto(f"{server_url}{'' if code == 'en' else '/' + code}/")
        lines = page.evaluate(LINES)
        if lines > 2:
            problems.append(f"{code}: {lines} lines")
        cta = page.locator(".promo-banner__cta")
        if not cta.is_visible() or translate("banner.cta", code) not in cta.inner_text():
            problems.append(f"{code}: the call to action is not shown")
    assert problems == [], "\n".join(problems)


def test_wider_screens_show_the_whole_text(new_page, server_url):
    page = new_page(width=1280, java_script_enabled=False)
    page.goto(f"{server_url}/de/")
    assert (
        page.locator(".promo-banner__text").inner_text().startswith(translate("banner.text", "de"))
    )
