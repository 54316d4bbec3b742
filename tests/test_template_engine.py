"""The template engine (storefront/jinja.py): Jinja2 that reads like Django's engine did."""

from django.template import engines


def test_a_missing_name_or_any_attribute_of_it_prints_nothing():
    """Django's engine printed "" for both; Jinja2's default raises on ``missing.attr`` (a 500)
    and, with DEBUG, prints ``{{ missing }}`` into the page."""
    template = engines["jinja2"].from_string("[{{ missing }}|{{ missing.attr.deeper }}]")
    assert template.render({}) == "[|]"


def test_a_dict_key_wins_over_a_method_of_the_same_name():
    """As in Django's engine: an offer's ``items`` are its items, not ``dict.items``."""
    template = engines["jinja2"].from_string("{{ offer.items|length }} {{ offer.get }}")
    assert template.render({"offer": {"items": [1, 2, 3], "get": "x"}}) == "3 x"


def test_what_a_template_prints_is_escaped_and_markup_is_printed_as_it_is():
    """In the page, in a macro and in a call block alike (``_escape_output``)."""
    from markupsafe import Markup

    template = engines["jinja2"].from_string(
        "{% macro m(v) %}<i>{{ v }}</i>{% endmacro %}"
        "{{ text }} {{ safe }} {{ number }} {{ m(text) }} {{ m(safe) }}"
        "{% set kept %}{{ text }}{{ safe }}{% endset %} {{ kept }}"
    )
    html = template.render({"text": "<a href='x'>&</a>", "safe": Markup("<b>ok</b>"), "number": 7})
    escaped = "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;"
    assert html == (f"{escaped} <b>ok</b> 7 <i>{escaped}</i> <i><b>ok</b></i> {escaped}<b>ok</b>")


def test_a_template_sees_its_own_globals_over_the_environments():
    from jinja2 import Environment

    env = engines["jinja2"].env
    template = env.from_string("{{ icon is defined }} {{ extra }}", globals={"extra": "mine"})
    assert template.render() == "True mine"
    assert "extra" not in env.globals and isinstance(env, Environment)


def test_printing_escapes_as_markupsafe_escapes():
    """``escape_text`` writes what ``markupsafe.escape`` writes, without the Markup."""
    from markupsafe import Markup, escape

    from storefront.web.html import escape_text

    values = ["", "plain", 'Tom & Jerry\'s "<b>"', "&amp;", "שלום <>", "東京 '", 0, -7, 2.5, None]
    values += [True, Markup("<i>kept</i>"), "\u2028&\x00"]
    for value in values:
        assert str(escape_text(value)) == str(escape(value)), value
