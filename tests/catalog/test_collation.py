"""Country and currency lists in the order a reader of the page's language expects (CLDR
collation through ICU), not by code point or with accents stripped."""

import pytest

from storefront.catalog.selectors import country_choices, currency_choices
from storefront.i18n.collation import collator, sorted_by_name


def _group_holding(locale, *names):
    for continent, rows in country_choices(locale):
        shown = [name for _code, name, _flag in rows]
        if all(name in shown for name in names):
            return continent, shown
    raise AssertionError(f"no continent of {locale} lists {names}")


@pytest.mark.parametrize(
    "locale,first,then",
    [
        # Names with a space or hyphen no longer jump ahead of the others.
        ("ru", "Австрия", "Северная Македония"),
        ("ru", "Австрия", "Босния и Герцеговина"),
        # Ł is its own letter after L, not an O (its stroke does not decompose).
        ("pl", "Łotwa", "Norwegia"),
        ("pl", "Luksemburg", "Łotwa"),
        ("pl", "Łotwa", "Macedonia Północna"),
        # å ä ö are the last letters of the Swedish alphabet.
        ("sv", "Vatikanstaten", "Åland"),
        ("sv", "Åland", "Österrike"),
        ("sv", "Tyskland", "Österrike"),
        ("sv", "Frankrike", "Färöarna"),
        # ch is a letter after h; ř after r.
        ("cs", "Guernsey", "Chorvatsko"),
        ("cs", "Chorvatsko", "Irsko"),
        ("cs", "Rusko", "Řecko"),
        # Dotless ı is a letter before i (and o), not a letter to drop.
        ("tr", "Hırvatistan", "Hollanda"),
        ("tr", "Mısır", "Moritanya"),
        # Pinyin: bō lán before dān mài; ā ěr bā ní yà first.
        ("zh-cn", "阿尔巴尼亚", "丹麦"),
        ("zh-cn", "波兰", "丹麦"),
        ("zh-cn", "爱尔兰", "奥地利"),
        # Gojūon order: a voiced kana sorts with its plain one (ba-chi before ha-n), and the
        # long-vowel mark as the vowel it prolongs (po-o before bo-su).
        ("ja", "バチカン市国", "ハンガリー"),
        ("ja", "ポーランド", "ボスニア・ヘルツェゴビナ"),
        # A prevowel (เ แ โ ไ) sorts after the consonant it precedes: Denmark (ด) before the
        # Vatican (น), Poland (ป) before France (ฝ), Germany (ย) before Russia (ร).
        ("th", "เดนมาร์ก", "นครวาติกัน"),
        ("th", "โปแลนด์", "ฝรั่งเศส"),
        ("th", "เยอรมนี", "รัสเซีย"),
    ],
)
def test_countries_of_a_continent_follow_the_locale_collation(locale, first, then):
    _continent, shown = _group_holding(locale, first, then)
    assert shown.index(first) < shown.index(then), (locale, first, then)


@pytest.mark.parametrize(
    "locale,first,then",
    [
        ("ru", "Азия", "Северная Америка"),
        ("zh-cn", "非洲", "亚洲"),  # fēi zhōu before yà zhōu
        ("zh-cn", "北美洲", "大洋洲"),  # běi before dà
    ],
)
def test_continents_follow_the_locale_collation(locale, first, then):
    continents = [continent for continent, _rows in country_choices(locale)]
    assert continents.index(first) < continents.index(then)


@pytest.mark.parametrize(
    "locale,first,then",
    [
        ("de", "Dänische Krone", "Tschechische Krone"),  # not in the English names' order
        ("cs", "hongkongský dolar", "chilské peso"),
        ("tr", "Suudi Arabistan riyali", "Şili pesosu"),
        ("zh-cn", "澳大利亚元", "巴西雷亚尔"),  # ào before bā
    ],
)
def test_all_currencies_are_sorted_by_name_in_the_page_locale(locale, first, then):
    names = [name for _code, name in currency_choices(locale)["all"]]
    assert names.index(first) < names.index(then)


def test_popular_currencies_keep_their_fixed_order():
    assert [code for code, _name in currency_choices("sv")["popular"]] == [
        "EUR",
        "GBP",
        "ILS",
        "USD",
    ]


def test_one_collator_per_locale():
    assert collator("sv") is collator("sv")
    assert collator("sv") is not collator("de")


def test_sorted_by_name_applies_the_tailoring_of_each_locale():
    names = ["Zürich", "Ärla", "Ost", "Öja", "Apa"]
    assert sorted_by_name(names, "de") == ["Apa", "Ärla", "Öja", "Ost", "Zürich"]
    assert sorted_by_name(names, "sv") == ["Apa", "Ost", "Zürich", "Ärla", "Öja"]
    rows = [("HR", "Chorvatsko"), ("HN", "Honduras")]
    assert sorted_by_name(rows, "cs", lambda row: row[1]) == [
        ("HN", "Honduras"),
        ("HR", "Chorvatsko"),
    ]
