"""A voucher as a PDF (``/vouchers?booking=<uuid>&format=pdf``), made by WeasyPrint from its own
template (``templates/vouchers/voucher_pdf.html``) in the visitor's locale and direction.

WeasyPrint lays text out with Pango and shapes it with HarfBuzz, so Hebrew and Arabic read right
to left with Arabic's letters joined, Thai's marks sit on their letters and CJK is drawn from
CJK fonts; it embeds the subset of each font it used. The fonts are Debian's Noto
(``fonts-noto-core``, ``fonts-noto-cjk``: ``make run`` and ``make test`` install them), named by
the template per script, the locale's own CJK face first.

What the PDF may load: the brand's logo, and nothing else. A built-in logo is read from our
static files and inlined; a provider's is an https address fetched with a short timeout (a slow
host costs the voucher its logo, drawn as the brand's name instead, never the voucher).
"""

import base64
import mimetypes

from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from storefront.brands.brand import Brand
from storefront.i18n.locales import Locale

from .vouchers import Voucher

LOGO_FETCH_SECONDS = 3

# The CJK face each CJK locale reads its Han characters in (they differ by language); the
# others list Japanese's, for a name in kanji on a voucher in another language.
CJK_FONTS = {
    "ja": "Noto Sans CJK JP",
    "ko": "Noto Sans CJK KR",
    "zh-cn": "Noto Sans CJK SC",
    "zh-tw": "Noto Sans CJK TC",
}
SCRIPT_FONTS = ("Noto Sans", "Noto Sans Hebrew", "Noto Sans Arabic", "Noto Sans Thai")


def font_stack(locale_code: str) -> str:
    cjk = CJK_FONTS.get(locale_code, CJK_FONTS["ja"])
    names = (cjk, *SCRIPT_FONTS) if locale_code in CJK_FONTS else (*SCRIPT_FONTS, cjk)
    # Unquoted (each name is CSS identifiers): the template's autoescape would spoil quotes.
    return ", ".join(names) + ", sans-serif"


def logo_source(logo: str) -> str:
    """The logo as the PDF loads it: a built-in static file inlined as ``data:``, a provider's
    ``https``/``data:`` address as it is; "" when the file is missing (the name stands in)."""
    if logo.startswith(("https://", "data:")):
        return logo
    path = finders.find(logo)
    if not path:
        return ""
    kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
    with open(path, "rb") as file:
        return f"data:{kind};base64,{base64.b64encode(file.read()).decode()}"


def render(voucher: Voucher, *, locale: Locale, brand: Brand) -> bytes:
    # Imported on the first PDF, not with the URLs: loading Pango and its fonts' library takes
    # about a second, which no other page of a process should wait for.
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher

    code = locale.code
    context = {
        "locale": locale,
        "voucher": voucher,
        "words": voucher.words,
        "brand_name": brand.text("name", code),
        "logo": logo_source(brand.logo_for(code)["light"]),
        "colors": {token: values["light"] for token, values in brand.colors.items()},
        "font_stack": font_stack(code),
    }
    html = render_to_string("vouchers/voucher_pdf.html", context, using="jinja2")
    fetcher = URLFetcher(timeout=LOGO_FETCH_SECONDS, allowed_protocols={"https", "data"})
    return HTML(string=html, url_fetcher=fetcher).write_pdf()
