"""``make bench`` part: Lighthouse's mobile performance score of key pages, in en, he and ja.

Installs Lighthouse (npm, once) into ``.stamps/lighthouse``: a measuring tool, kept out of the
app's and the tests' dependencies. Starts the sandbox and the production server (``bin/web``)
on free ports with this checkout's database and demo data, warms each page once (as a visitor
after the first would find it: the page cache and the provider content cache filled, and the
provider's photos made, as its image CDN would hold them), then runs
``tests/lighthouse.mjs`` on the home page, a city page, a dated results page and the hotel page
its first card links to (``pages()``: the pages a phone visitor lands on from a search engine or
a link) in each locale and prints one line per page: score, FCP, LCP, TBT, CLS, Speed Index and
bytes. Prints the load average first.

Measure on a quiet machine with the fonts a visitor's phone has: ``make bench`` installs Debian's
``fonts-noto-cjk`` and ``fonts-noto-core`` (Thai, Hebrew, Arabic: the fonts our stack names).
Without a CJK font Chromium looks through every font for each Japanese character and lays out
tofu: ``/ja/`` then spent 535 ms in style and layout (TBT 96-130 ms, score
99) against 270-440 ms (TBT 0-8 ms, 100) with the fonts, the same page and bytes.

Run: ``python -m tests.bench_lighthouse [PATH ...]``.
"""

import os
import re
import subprocess
import sys
from html import unescape as html_unescape
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.cluster import free_port, start_sandbox, start_server, stop_servers  # noqa: E402

LIGHTHOUSE = "lighthouse@12.8.2"  # 13 needs Node 22
HOME = ROOT / ".stamps" / "lighthouse"
LOCALES = ["", "/he", "/ja"]


def pages(base: str) -> list[str]:
    """Home, a city, a results page with a stay five weeks from today, and the hotel page its
    first card links to (so the hotel has rooms on those dates, as one a visitor opens does)."""
    from datetime import date, timedelta

    check_in = date.today() + timedelta(days=35)
    stay = f"check_in={check_in}&check_out={check_in + timedelta(days=3)}&guests=2"
    results = f"/hotels/search?place=2002&{stay}"
    html = requests.get(base + results, timeout=60).text
    hotel = html_unescape(re.search(r'class="hotel-card__name"><a href="([^"]+)"', html).group(1))
    return ["/", "/hotels/spain/barcelona", results, hotel]


def _images(html: str) -> set[str]:
    """The absolute URLs of a page's <img> sources (src and every srcset candidate)."""
    urls = set()
    for tag in re.findall(r"<img\b[^>]*>", html):
        for name, value in re.findall(r'\s(src|srcset)="([^"]*)"', tag):
            candidates = value.split(",") if name == "srcset" else [value]
            urls.update(html_unescape(c.strip().split(" ")[0]) for c in candidates)
    return {url for url in urls if url.startswith("http")}


def _install() -> None:
    if (HOME / "node_modules" / "lighthouse" / "package.json").exists():
        return
    HOME.mkdir(parents=True, exist_ok=True)
    (HOME / "package.json").write_text('{"private": true}\n')
    subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--save-exact", LIGHTHOUSE],
        cwd=HOME,
        check=True,
    )


def main() -> int:
    _install()
    env = {
        **os.environ,
        "WEB_ACCESS_LOG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-" + "x" * 50,
    }
    logs = ROOT / ".stamps"
    processes = []
    try:
        sandbox, env["UPSTREAM_URL"] = start_sandbox(env, logs / "lighthouse-sandbox.log")
        processes.append(sandbox)
        port = free_port()
        web_args = [str(ROOT / "bin" / "web"), "--port", str(port)]
        processes.append(start_server(web_args, port, logs / "lighthouse-web.log", env))
        base = f"http://127.0.0.1:{port}"
        paths = sys.argv[1:] or [f"{prefix}{page}" for prefix in LOCALES for page in pages(base)]
        for path in paths:
            for _ in range(2):  # both workers
                html = requests.get(base + path, timeout=60).text
            for image in _images(html):  # the provider's photos, as its CDN would have them
                requests.get(image, timeout=60)
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        print(f"Lighthouse (mobile, performance), load average before: {load}")
        result = subprocess.run(
            ["node", str(ROOT / "tests" / "lighthouse.mjs"), *(base + path for path in paths)],
            cwd=ROOT,
            env={**env, "LIGHTHOUSE_HOME": str(HOME)},
        )
        return result.returncode
    finally:
        stop_servers(processes)


if __name__ == "__main__":
    sys.exit(main())
