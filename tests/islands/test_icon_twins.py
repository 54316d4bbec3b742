"""The islands draw the server's icons: every icon static_src/islands/icons.jsx names, rendered by
React under Node (the module its build generates from templates/includes/icons/, see
static_src/svg-icons.mjs), is what ``icon()`` inlines in pages. static_src/icons.test.js checks
the same against the files."""

import json
import re
import shutil
import subprocess

import pytest
from django.conf import settings

from storefront.chrome.preferences import COLOR_MODES
from storefront.web.icons import icon

NODE_SCRIPT = """
const { renderIslandIcons } = await import(process.argv[1]);
process.stdout.write(JSON.stringify(await renderIslandIcons(process.argv[2])));
"""


@pytest.fixture(scope="module")
def island_icons() -> dict[str, str]:
    module = (settings.BASE_DIR / "static_src" / "svg-icons.mjs").as_uri()
    answer = subprocess.run(
        ["node", "--input-type=module", "-e", NODE_SCRIPT, module, str(settings.BASE_DIR)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        cwd=settings.BASE_DIR,
    )
    return {name: drawn["island"] for name, drawn in json.loads(answer.stdout).items()}


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (make test installs it)")
def test_every_island_icon_is_the_one_the_server_inlines(island_icons):
    assert len(island_icons) > 10
    for name, markup in island_icons.items():
        # React closes a shape with </path>, the file with <path/>: the same elements.
        assert re.sub(r"></(?!svg>)[a-z]+>", "/>", markup) == str(icon(name)), name


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node (make test installs it)")
def test_the_theme_toggle_has_an_icon_for_every_mode(island_icons):
    assert set(COLOR_MODES) <= set(island_icons)
