r"""The Brand value: what a white-label configuration changes (spec section 3).

``Brand.layer(config)`` lays a provider config or an operator override over a brand, keeping a
field only when its value is valid: colours must be hex, images https or ``data:image/``, social
links https, analytics ids of their known shapes. Every pattern here is a full match (``\A…\Z``):
``$`` would also match before a trailing newline, and ``#fff\n`` would reach a page's style.
Nothing from a brand is ever marked safe HTML.
"""

import re
from dataclasses import dataclass, field, replace

HEX_COLOR_RE = re.compile(r"\A#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})\Z")
COLOR_TOKENS = ("brand", "bgBrand", "bgBrandAlt", "textBrand", "textBrandAlt")
MODES = ("light", "dark")
SOCIAL_NETWORKS = (
    "facebook",
    "messenger",
    "instagram",
    "linkedin",
    "twitter",
    "whatsapp",
    "youtube",
)
GA4_RE = re.compile(r"\AG-[A-Z0-9]{4,16}\Z")
GTM_RE = re.compile(r"\AGTM-[A-Z0-9]{4,12}\Z")
TEXT_FIELDS = ("name", "title", "home_page_title")


def valid_color(value, default: str) -> str:
    """``value`` when it is ``#rgb``, ``#rrggbb`` or ``#rrggbbaa``, else ``default``."""
    return value if isinstance(value, str) and HEX_COLOR_RE.fullmatch(value) else default


def css_property(token: str) -> str:
    """``bgBrandAlt`` -> ``--bg-brand-alt``."""
    return "--" + re.sub(r"([A-Z])", r"-\1", token).lower()


def widget_tokens(query) -> dict[str, str]:
    """The widget layout's colours from its query string (``?brand=%23ff6600``): valid hex only;
    anything else is dropped so the brand's own colour stays."""
    tokens = {}
    for token in COLOR_TOKENS:
        value = valid_color(query.get(token), "")
        if value:
            tokens[css_property(token)] = value
    return tokens


# Brand images end up in HTML attributes and in CSS url("..."): only plain https URLs (no
# quotes, spaces, backslashes or parentheses) and base64 data images are accepted.
HTTPS_URL_RE = re.compile(
    r"\Ahttps://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~!$&*+,;=:@%/?-]*)?\Z"
)
DATA_IMAGE_RE = re.compile(r"\Adata:image/(?:png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+=*\Z")
ORIGIN_OF_RE = re.compile(r"\Ahttps://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?=/|\Z)")
ORIGIN_RE = re.compile(r"\Ahttps://[A-Za-z0-9.-]+(?::[0-9]{1,5})?\Z")


def _image(value) -> str | None:
    if not isinstance(value, str) or len(value) > 200_000:
        return None
    return value if HTTPS_URL_RE.fullmatch(value) or DATA_IMAGE_RE.fullmatch(value) else None


def _text(value, limit=150) -> str | None:
    return value.strip()[:limit] if isinstance(value, str) and value.strip() else None


def _https(value) -> str | None:
    return value if isinstance(value, str) and HTTPS_URL_RE.fullmatch(value) else None


MAP_PROVIDERS = ("leaflet", "maplibre")


@dataclass(frozen=True)
class Brand:
    id: int
    fid: int
    white_label: bool
    name: str
    title: str
    home_page_title: str
    logo: dict[str, str]  # light, dark: static paths (built-in) or https/data URLs (provider)
    favicon: str
    icon: str
    colors: dict[str, dict[str, str]]  # token -> {light, dark}
    background: dict[str, str] = field(default_factory=dict)
    socials: dict[str, str] = field(default_factory=dict)
    ga4: str = ""
    gtm: str = ""
    translations: dict[str, dict[str, str]] = field(default_factory=dict)
    # A logo drawn with the Hebrew name (translations.he.logo: light, dark), for Hebrew pages.
    hebrew_logo: dict[str, str] = field(default_factory=dict)
    frame_ancestors: tuple[str, ...] = ()
    map_provider: str = ""  # "leaflet" or "maplibre"; "" = settings.MAP_PROVIDER

    @property
    def image_origins(self) -> list[str]:
        """The https origins of the brand's images (logos, favicon, backgrounds): what its pages'
        CSP ``img-src`` admits besides our own origin and ``data:``."""
        images = [
            *self.logo.values(),
            *self.hebrew_logo.values(),
            *self.background.values(),
            self.favicon,
            self.icon,
        ]
        origins = (ORIGIN_OF_RE.match(image) for image in images if isinstance(image, str))
        return sorted({match.group(0) for match in origins if match})

    def text(self, name: str, locale: str) -> str:
        """A brand text in the page's locale. Brands write their texts in English and Hebrew
        (spec: translations en, he): the name is used everywhere (its Hebrew form on Hebrew
        pages when the brand gives one), but titles only in those two locales, and in Hebrew
        only when the brand wrote them in Hebrew; otherwise "" leaves the title to the
        catalogs' localised sentence, built around the same name as the logo and footer
        (never an English title around the Latin name on a Hebrew page)."""
        if name != "name" and locale not in ("en", "he"):
            return ""
        if locale == "he":
            hebrew = (self.translations.get("he") or {}).get(name)
            return hebrew or (getattr(self, name) if name == "name" else "")
        return (self.translations.get("en") or {}).get(name) or getattr(self, name)

    def logo_for(self, locale: str) -> dict[str, str]:
        """The logo images (light, dark) for a page in ``locale``: on Hebrew pages the brand's
        Hebrew logo when it drew one, so the logo shows the same name as the title and footer;
        a brand that gives no Hebrew logo keeps its one artwork everywhere."""
        if locale == "he" and self.hebrew_logo:
            return {**self.logo, **self.hebrew_logo}
        return self.logo

    def css_tokens(self, mode: str) -> dict[str, str]:
        """Colour tokens as CSS custom property names -> values for one mode."""
        return {css_property(token): self.colors[token][mode] for token in COLOR_TOKENS}

    def layer(self, config: dict | None) -> "Brand":
        """This brand with the valid fields of ``config`` laid over it."""
        if not isinstance(config, dict):
            return self
        changes = {}
        for name in ("id", "fid"):
            value = config.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                changes[name] = value
        if isinstance(config.get("white_label"), bool):
            changes["white_label"] = config["white_label"]
        for name in TEXT_FIELDS:
            if _text(config.get(name)):
                changes[name] = _text(config.get(name))
        for name in ("favicon", "icon"):
            if _image(config.get(name)):
                changes[name] = _image(config[name])
        for name in ("logo", "background"):
            given = config.get(name) if isinstance(config.get(name), dict) else {}
            merged = {**getattr(self, name)}
            merged.update({m: _image(given.get(m)) for m in MODES if _image(given.get(m))})
            changes[name] = merged
        given = config.get("colors") if isinstance(config.get("colors"), dict) else {}
        changes["colors"] = {
            token: {
                mode: valid_color(
                    (given.get(token) or {}).get(mode)
                    if isinstance(given.get(token), dict)
                    else None,
                    self.colors[token][mode],
                )
                for mode in MODES
            }
            for token in COLOR_TOKENS
        }
        if isinstance(config.get("socials"), dict):
            changes["socials"] = {
                n: _https(config["socials"].get(n))
                for n in SOCIAL_NETWORKS
                if _https(config["socials"].get(n))
            }
        if isinstance(config.get("ga4"), str) and GA4_RE.fullmatch(config["ga4"]):
            changes["ga4"] = config["ga4"]
        if isinstance(config.get("gtm"), str) and GTM_RE.fullmatch(config["gtm"]):
            changes["gtm"] = config["gtm"]
        # A text this layer sets replaces the lower layers' translations of it, unless this
        # layer translates it too.
        translations = {
            lang: {n: v for n, v in texts.items() if n not in changes}
            for lang, texts in self.translations.items()
        }
        given = config.get("translations") if isinstance(config.get("translations"), dict) else {}
        for lang in ("en", "he"):
            texts = given.get(lang) if isinstance(given.get(lang), dict) else {}
            translations.setdefault(lang, {}).update(
                {n: _text(texts.get(n)) for n in TEXT_FIELDS if _text(texts.get(n))}
            )
        changes["translations"] = translations
        # A Hebrew logo goes with the artwork it translates: a layer that sets a new logo drops
        # the lower layer's Hebrew one unless it draws its own.
        hebrew = given.get("he") if isinstance(given.get("he"), dict) else {}
        hebrew = hebrew.get("logo") if isinstance(hebrew.get("logo"), dict) else {}
        hebrew_logo = {m: _image(hebrew.get(m)) for m in MODES if _image(hebrew.get(m))}
        if hebrew_logo:
            changes["hebrew_logo"] = hebrew_logo
        elif changes["logo"] != self.logo:
            changes["hebrew_logo"] = {}
        if isinstance(config.get("frame_ancestors"), list):
            changes["frame_ancestors"] = tuple(
                o
                for o in config["frame_ancestors"]
                if isinstance(o, str) and ORIGIN_RE.fullmatch(o) and len(o) < 200
            )
        if config.get("map_provider") in MAP_PROVIDERS:
            changes["map_provider"] = config["map_provider"]
        return replace(self, **changes)
