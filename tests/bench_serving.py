"""``make bench`` part: throughput of the production server, started the way ``make run`` starts it.

Starts the sandbox and the storefront (``bin/web``: granian; or gunicorn with ``--server
gunicorn``, 2 workers of WEB_THREADS threads, for the comparison) on free ports, with the
database and demo data of this checkout, then runs wrk (one thread, 64 connections, 10 s,
``Accept-Encoding: br, gzip``) against:

- ``/`` and ``/de/hotels`` as an anonymous visitor;
- the same bytes as ``/``'s, served as a static file by the same server (WhiteNoise), which is
  the ceiling a page can hope for: each page's req/s is printed as a share of it;
- a results page with dates, as a crowd asking for the same stay finds it: rendered from the
  sandbox's rates once, then kept by the page cache as long as those rates (a minute);
- the same results page rendered on every request (its rates cached): the requests carry a
  session cookie, which the page cache never serves, so this is what the server itself costs.

The anonymous pages come from the page cache (storefront/serving/page_cache.py) once warm; the
static copy has WhiteNoise's precompressed brotli and gzip twins, so both send the same bytes.

Then each worker's resident memory. Prints the machine's load average first: figures from a busy
machine are not comparable.

Run: ``python -m tests.bench_serving [--server gunicorn|granian] [--seconds 10]``.
"""

import argparse
import gzip
import os
import re
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

import brotli
import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tests.cluster import free_port, start_sandbox, start_server, stop_servers  # noqa: E402

WRK = shutil.which("wrk") or "/usr/bin/wrk"
CONNECTIONS = 64
STATIC_COPY = "bench/home.html"


def _server(kind: str, port: int) -> list[str]:
    if kind == "gunicorn":
        threads = os.environ.get("WEB_THREADS", "2")
        return [
            str(Path(sys.executable).parent / "gunicorn"), "--bind", f"127.0.0.1:{port}",
            "--workers", os.environ.get("WEB_WORKERS", "2"), "--threads", threads,
            "--worker-class", "gthread" if threads != "1" else "sync", "storefront.wsgi",
        ]  # fmt: skip
    return [str(ROOT / "bin" / "web"), "--port", str(port)]


def _wrk(url: str, seconds: int, *headers: str) -> dict:
    out = subprocess.run(
        [
            WRK,
            "-t1",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            "--latency",
            "-H",
            "Accept-Encoding: br, gzip",
            *(arg for header in headers for arg in ("-H", header)),
            url,
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    scale = {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", out))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rate": rate,
        "p99_ms": float(p99.group(1)) * scale,
        "errors": errors + int(non2xx.group(1) if non2xx else 0),
    }


def _rss_mb(pid: int) -> list[float]:
    children = subprocess.run(
        ["pgrep", "-P", str(pid)], capture_output=True, text=True
    ).stdout.split()
    sizes = []
    for child in children or [str(pid)]:
        status = Path(f"/proc/{child}/status")
        if status.exists():
            kb = re.search(r"VmRSS:\s+(\d+) kB", status.read_text())
            if kb:
                sizes.append(int(kb.group(1)) / 1024)
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", choices=["granian", "gunicorn"], default="granian")
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    if not os.path.exists(WRK):
        print("wrk is missing: apt-get install wrk", file=sys.stderr)
        return 1
    env = {
        **os.environ,
        "WEB_ACCESS_LOG": "0",
        "SECRET_KEY": os.environ.get("SECRET_KEY") or "bench-" + "x" * 50,
        "PYTHONUNBUFFERED": "1",
    }
    logs = ROOT / ".stamps"
    logs.mkdir(exist_ok=True)
    processes = []
    try:
        sandbox, env["UPSTREAM_URL"] = start_sandbox(env, logs / "bench-sandbox.log")
        processes.append(sandbox)

        # The same bytes as the home page, as a static file of the same server.
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        staticfiles = ROOT / "staticfiles"
        for attempt in range(2):
            log = logs / f"bench-{args.server}.log"
            server = start_server(_server(args.server, port), port, log, env)
            if attempt:
                processes.append(server)
                break
            home = requests.get(base + "/", timeout=30).content
            copy = staticfiles / STATIC_COPY
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_bytes(home)
            # WhiteNoise sends these precompressed twins, as the page cache sends its copies.
            copy.with_name(copy.name + ".br").write_bytes(brotli.compress(home, quality=11))
            copy.with_name(copy.name + ".gz").write_bytes(gzip.compress(home, 9, mtime=0))
            stop_servers([server])  # WhiteNoise lists static files at start

        check_in = date.today() + timedelta(days=30)
        check_out = check_in + timedelta(days=3)
        results = f"/hotels/search?place=2002&check_in={check_in}&check_out={check_out}&guests=2"
        targets = [
            ("/ (anonymous)", "/"),
            ("/de/hotels (anonymous)", "/de/hotels"),
            ("the same bytes as /, a static file", f"/static/{STATIC_COPY}"),
            ("a results page, the same stay", results),
        ]
        for _name, path in targets:  # warm: templates, catalogs, brand, content cache
            for _ in range(3):
                requests.get(base + path, timeout=60)
        served = {  # as the last of several requests finds it (each worker has its own cache)
            path: [requests.get(base + path, timeout=60) for _ in range(4)][-1].headers.get(
                "X-Page-Cache", "-"
            )
            for _name, path in targets
        }
        load = Path("/proc/loadavg").read_text().split()[:3]
        print(f"server {args.server}: {' '.join(_server(args.server, port)[1:])}")
        print(f"load average before: {' '.join(load)}  (cores: {os.cpu_count()})")
        print(f"{'':44} {'req/s':>9} {'p99 ms':>8} {'errors':>7}  page cache")
        figures = {}
        for name, path in targets:
            figures[path] = result = _wrk(base + path, args.seconds)
            print(
                f"{name:44} {result['rate']:9.0f} {result['p99_ms']:8.1f} {result['errors']:7d}"
                f"  {served[path]}"
            )
        result = _wrk(base + results, args.seconds, "Cookie: sessionid=bench")
        print(
            f"{'the same results page, rendered each time':44} {result['rate']:9.0f}"
            f" {result['p99_ms']:8.1f} {result['errors']:7d}  bypassed"
        )
        static = figures[f"/static/{STATIC_COPY}"]["rate"]
        for path in ("/", "/de/hotels"):
            print(f"{path} as a share of the static file: {figures[path]['rate'] / static:.1%}")
        sizes = _rss_mb(server.pid)
        print("resident memory per process (MB): " + ", ".join(f"{size:.0f}" for size in sizes))
    finally:
        stop_servers(processes)
        for suffix in ("", ".br", ".gz"):
            (ROOT / "staticfiles" / (STATIC_COPY + suffix)).unlink(missing_ok=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
