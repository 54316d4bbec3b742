"""Real processes for the tests of shared state: Redis, the sandbox, and storefront servers.

Each runs as its own operating-system process, as in production, on free loopback ports, with a
SQLite file database of its own (migrated, demo data loaded) and Redis from Debian's
``redis-server`` package (``make test`` installs it). ``Cluster`` starts and restarts them and
keeps their output in files that a failing test prints.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
READY_SECONDS = 30


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port: int, process: subprocess.Popen, log: Path) -> None:
    """Until the process accepts connections (bounded; fails with its output)."""
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    output = log.read_text(errors="replace")[-4000:] if log.exists() else ""
    raise RuntimeError(f"port {port} never opened ({process.args}):\n{output}")


class Cluster:
    """``Cluster(tmp_path)``: ``start_backends()`` (Redis, the database, the sandbox), then
    ``start_webs(upstream_url)``: storefront servers ``web[0]``, ``web[1]`` sharing them."""

    def __init__(self, workdir: Path):
        if not os.path.exists(REDIS_SERVER):
            pytest.fail(f"{REDIS_SERVER} is missing: `make test` installs Debian's redis-server")
        self.workdir = workdir
        self.processes: dict[str, tuple[subprocess.Popen, int, Path]] = {}
        self.redis_port = free_port()
        self.env = {
            **os.environ,
            # Several processes write this one file (settings.py waits and locks at BEGIN).
            "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
            "CACHE_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "SECRET_KEY": "cluster-test-secret-key-" + "x" * 40,
            "DEBUG": "false",
            "PYTHONUNBUFFERED": "1",
        }
        self.web: list[str] = []

    def _spawn(self, name: str, args: list[str], port: int, env: dict) -> None:
        log = self.workdir / f"{name}.log"
        process = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT
        )
        self.processes[name] = (process, port, log)
        wait_for_port(port, process, log)

    def start_process(self, name: str, *args: str) -> None:
        """A process that listens on no port (``manage.py`` ``args``: a task worker, a sweeper);
        started when its process runs (its log says the rest)."""
        log = self.workdir / f"{name}.log"
        process = subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        self.processes[name] = (process, 0, log)

    def kill(self, name: str) -> None:
        """Gone at once, mid-task if it was in one (SIGKILL: no clean shutdown)."""
        process, _port, _log = self.processes.pop(name)
        process.kill()
        process.wait()

    def manage(self, *args: str, **env) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            check=True,
            capture_output=True,
        )

    def start_backends(self) -> str:
        """Redis, the database with demo data, and the sandbox; returns the sandbox's URL."""
        self._spawn(
            "redis",
            [REDIS_SERVER, "--port", str(self.redis_port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no"],
            self.redis_port,
            self.env,
        )
        self.manage("migrate", "--noinput", "-v0")
        self.manage("demo_data")
        port = free_port()
        args = [sys.executable, "manage.py", "sandbox", f"127.0.0.1:{port}"]
        self._spawn("sandbox", args, port, self.env)
        return f"http://127.0.0.1:{port}"

    def start_webs(self, upstream_url: str, *, webs: int = 2, **env) -> list[str]:
        """Storefront servers sharing Redis and the database, asking ``upstream_url``."""
        self.env.update(UPSTREAM_URL=upstream_url, **env)
        for number in range(webs):
            self.start_web(number)
        return self.web

    def start_web(self, number: int) -> str:
        port = free_port()
        # The production server, as `make run` and deployments start it (bin/web): one worker
        # per process here, threads enough for the tests' concurrent visitors.
        env = {"WEB_WORKERS": "1", "WEB_THREADS": "8", "WEB_ACCESS_LOG": "0", **self.env}
        self._spawn(f"web{number}", [str(ROOT / "bin" / "web"), "--port", str(port)], port, env)
        url = f"http://127.0.0.1:{port}"
        if number < len(self.web):
            self.web[number] = url
        else:
            self.web.append(url)
        return url

    def stop(self, name: str) -> None:
        process, _port, _log = self.processes.pop(name)
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def restart_web(self, number: int) -> str:
        self.stop(f"web{number}")
        return self.start_web(number)

    def flush_redis(self) -> None:
        import redis

        redis.Redis(port=self.redis_port).flushall()

    def logs(self) -> str:
        return "\n".join(
            f"--- {name}\n" + log.read_text(errors="replace")[-3000:]
            for name, (_p, _port, log) in self.processes.items()
        )

    def close(self) -> None:
        for name in list(self.processes):
            self.stop(name)


def log_in(base: str, email: str, password: str, *, timeout: float = 30):
    """The no-JS login form over HTTP, as a browser posts it: (session, response)."""
    import requests

    session = requests.Session()
    session.get(base + "/login", timeout=timeout)
    data = {
        "csrfmiddlewaretoken": session.cookies["csrftoken"],
        "action": "login",
        "mode": "login",
        "email": email,
        "password": password,
        "next": "/hotels",
    }
    response = session.post(base + "/login", data=data, timeout=timeout, allow_redirects=False)
    return session, response
