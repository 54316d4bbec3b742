"""The format twins agree over a sweep: every page locale x currencies x amounts, the area, and
lists (the guests summaries, in each locale's own words), formatted here (Babel) and by
static_src/format.js under Node's Intl (ICU). The hand-picked cases
live in fixtures/format-vectors.json; this catches what they miss.

For the counts: ``.venv/bin/python -m tests.catalog.test_format_twins``.
"""

import json
import shutil
import subprocess

import pytest
from django.conf import settings

from storefront.catalog.formatting import format_area, format_list, format_money
from storefront.i18n.catalog import translate
from storefront.i18n.locales import LOCALES

CURRENCIES = ("EUR", "USD", "ILS", "JPY", "HUF", "IDR", "ISK", "CLP", "KZT", "GBP")
AMOUNTS = (1234.5, -1234.5, 0, 9876543.21, 0.5, -0.5, 12345.678, -0.001, 2.675)
OPTIONS = ({}, {"noDecimals": True})
AREAS = (0.4, 25, 1234.4, 9999.5, 12345.6, 1000000)

# Reads the cases on stdin, answers what format.js makes of each, in the same order.
NODE_SCRIPT = """
import { readFileSync } from "node:fs";
const { formatArea, formatList, formatMoney } = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(cases.map((c) => c.currency
  ? formatMoney(c.amount, c.currency, c.iso, c.options)
  : c.items ? formatList(c.items, c.locale) : formatArea(c.square_metres, c.unit, c.iso))));
"""


def sweep() -> list[dict]:
    cases = []
    for code, locale in LOCALES.items():
        for currency in CURRENCIES:
            for amount in AMOUNTS:
                for options in OPTIONS:
                    no_decimals = options.get("noDecimals", False)
                    cases.append(
                        {
                            "locale": code,
                            "iso": locale.iso,
                            "currency": currency,
                            "amount": amount,
                            "options": options,
                            "python": format_money(amount, currency, code, no_decimals=no_decimals),
                        }
                    )
        guests = [
            translate("guests.adults", code, count=2),
            translate("guests.children", code, count=3),
            translate("guests.rooms", code, count=2),
        ]
        for items in (guests, guests[:2], guests[:1], ["Isabel", "hielo", "iglesia", "Berlin"]):
            cases.append(
                {
                    "locale": code,
                    "iso": locale.iso,
                    "items": items,
                    "python": format_list(items, code),
                }
            )
        for square_metres in AREAS:
            for unit in ("m", "f"):
                cases.append(
                    {
                        "locale": code,
                        "iso": locale.iso,
                        "square_metres": square_metres,
                        "unit": unit,
                        "python": format_area(square_metres, unit, code),
                    }
                )
    return cases


def with_node(cases: list[dict]) -> list[dict]:
    module = (settings.BASE_DIR / "static_src" / "format.js").as_uri()
    answer = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_SCRIPT, module],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    answers = json.loads(answer.stdout)
    return [{**case, "node": text} for case, text in zip(cases, answers, strict=True)]


def disagreements(cases: list[dict]) -> list[dict]:
    return [case for case in cases if case["python"] != case["node"]]


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (make test installs it)")
def test_babel_and_intl_agree_over_the_sweep():
    cases = with_node(sweep())
    differ = disagreements(cases)
    shown = "\n".join(json.dumps(case, ensure_ascii=False) for case in differ[:20])
    assert not differ, f"{len(differ)} of {len(cases)} differ:\n{shown}"


if __name__ == "__main__":
    import django

    django.setup()
    cases = with_node(sweep())
    differ = disagreements(cases)
    print(f"{len(cases) - len(differ)} of {len(cases)} agree")
    for case in differ:
        print(json.dumps(case, ensure_ascii=False))
