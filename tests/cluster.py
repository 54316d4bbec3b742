"""Real processes for the tests of shared state: Redis, the database, the sandbox, and storefront
servers.

Each runs as its own operating-system process, as in production, on free loopback ports, with a
database of its own (migrated, demo data loaded): a SQLite file, or with ``database="postgresql"``
a PostgreSQL server from Debian's packages started in a temporary directory (as the ``postgres``
user when we are root: it refuses to run as root); and Redis from Debian's ``redis-server``
(``make test`` installs both): two servers, one for the caches with a memory cap and eviction,
one for throttle counters and the task queue that never evicts. ``Cluster`` starts and restarts
them and keeps their output in files that a failing test prints.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
POSTGRES_BINS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
READY_SECONDS = 30
# The caches' Redis is capped (pages, brands and breakers are evicted least recently used first);
# the state's has no cap and evicts nothing (redis-server's default, `noeviction`).
REDIS_CACHE_MEMORY = "256mb"


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


def launch(args: list[str], log: Path, env: dict) -> subprocess.Popen:
    """A process in its own group (stopped with its children), its output in ``log``."""
    return subprocess.Popen(
        args,
        cwd=ROOT,
        env=env,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def start_server(args: list[str], port: int, log: Path, env: dict) -> subprocess.Popen:
    """``launch``, then wait until it listens on ``port`` (stopped again if it never does)."""
    process = launch(args, log, env)
    try:
        wait_for_port(port, process, log)
    except BaseException:
        stop_servers([process])
        raise
    return process


def start_sandbox(env: dict, log: Path) -> tuple[subprocess.Popen, str]:
    """The provider sandbox on a free port: (process, its URL)."""
    port = free_port()
    args = [sys.executable, "manage.py", "sandbox", f"127.0.0.1:{port}"]
    return start_server(args, port, log, env), f"http://127.0.0.1:{port}"


def stop_servers(processes: list[subprocess.Popen]) -> None:
    """SIGTERM to each process and its children; SIGKILL for those still there 20 s later."""
    for process in processes:
        _signal_group(process, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.wait()


def _signal_group(process: subprocess.Popen, number: int) -> None:
    try:
        os.killpg(process.pid, number)  # spawned as a group leader
    except (ProcessLookupError, PermissionError):
        try:
            process.send_signal(number)
        except ProcessLookupError:
            pass


class Cluster:
    """``Cluster(tmp_path)``: ``start_backends()`` (Redis, the database, the sandbox), then
    ``start_webs(upstream_url)``: storefront servers ``web[0]``, ``web[1]`` sharing them."""

    def __init__(self, workdir: Path, *, database: str = "sqlite"):
        if not os.path.exists(REDIS_SERVER):
            pytest.fail(f"{REDIS_SERVER} is missing: `make test` installs Debian's redis-server")
        if database == "postgresql" and not POSTGRES_BINS:
            pytest.fail("PostgreSQL is missing: `make test` installs Debian's postgresql")
        self.database = database
        self.pg_dir: Path | None = None
        self.workdir = workdir
        self.processes: dict[str, tuple[subprocess.Popen, int, Path]] = {}
        # Two Redis servers, as `make cluster` runs them: the caches' (capped, least recently
        # used keys evicted) and the state's (throttle counters, the task queue: never evicted).
        self.redis_port, self.state_redis_port = free_port(), free_port()
        self.env = {
            **os.environ,
            # Several processes write this one file (settings.py waits and locks at BEGIN).
            "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
            "CACHE_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "THROTTLE_CACHE_URL": f"redis://127.0.0.1:{self.state_redis_port}/0",
            "TASKS_REDIS_URL": f"redis://127.0.0.1:{self.state_redis_port}/1",
            "SECRET_KEY": os.environ.get("SECRET_KEY") or "cluster-test-secret-key-" + "x" * 40,
            "DEBUG": "false",
            "PYTHONUNBUFFERED": "1",
            # nginx in front (start_nginx) appends the address it saw: one hop, trusted. A web
            # asked directly gets no such header and counts REMOTE_ADDR.
            "CLIENT_IP_HEADER": "X-Forwarded-For",
            "TRUSTED_PROXY_HOPS": "1",
        }
        self.web: list[str] = []

    def _spawn(self, name: str, args: list[str], port: int, env: dict) -> None:
        log = self.workdir / f"{name}.log"
        process = launch(args, log, env)
        self.processes[name] = (process, port, log)  # stopped by close() even if it never listens
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
            start_new_session=True,
        )
        self.processes[name] = (process, 0, log)

    def kill(self, name: str) -> None:
        """Gone at once, mid-task if it was in one (SIGKILL: no clean shutdown), with its
        children."""
        process, _port, _log = self.processes.pop(name)
        _signal_group(process, signal.SIGKILL)
        process.wait()

    def manage(self, *args: str, **env) -> None:
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env={**self.env, **env},
            check=True,
            capture_output=True,
        )

    def _start_postgres(self) -> None:
        """A PostgreSQL server of our own (trust on loopback, durability off: a test's data),
        and its database ``storefront``; DATABASE_URL names it."""
        bins = POSTGRES_BINS[-1]
        self.pg_dir = Path(tempfile.mkdtemp(prefix="storefront-pg-"))
        as_owner = []
        if os.geteuid() == 0:  # PostgreSQL never runs as root: its own user owns the directory
            shutil.chown(self.pg_dir, "postgres")
            as_owner = ["runuser", "-u", "postgres", "--"]
        data = self.pg_dir / "data"
        subprocess.run(
            [*as_owner, str(bins / "initdb"), "-D", str(data), "-U", "postgres"]
            + ["--auth=trust", "--no-sync", "--encoding=UTF8", "--locale=C.UTF-8"],
            check=True,
            capture_output=True,
        )
        port = free_port()
        settings = ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off"]
        settings += ["full_page_writes=off", "max_connections=200"]
        args = [*as_owner, str(bins / "postgres"), "-D", str(data), "-p", str(port)]
        args += ["-k", str(self.pg_dir), *(a for item in settings for a in ("-c", item))]
        self._spawn("postgres", args, port, self.env)
        import psycopg

        # The port opens before the server takes connections ("the database system is starting
        # up"): until it does, ask again (bounded like every start here).
        deadline = time.monotonic() + READY_SECONDS
        while True:
            try:
                connection = psycopg.connect(
                    host="127.0.0.1", port=port, user="postgres", dbname="postgres", autocommit=True
                )
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        with connection:
            connection.execute("CREATE DATABASE storefront")
        self.env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:{port}/storefront"

    def start_backends(self) -> str:
        """Redis, the database with demo data, and the sandbox; returns the sandbox's URL."""
        if self.database == "postgresql":
            self._start_postgres()
        for name, port, policy in (
            ("redis", self.redis_port, ["--maxmemory", REDIS_CACHE_MEMORY]),
            ("redis-state", self.state_redis_port, []),
        ):
            self._spawn(
                name,
                [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1"]
                + ["--save", "", "--appendonly", "no"]
                + (policy and [*policy, "--maxmemory-policy", "allkeys-lru"]),
                port,
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

    def start_nginx(self, port: int | None = None) -> str:
        """nginx in front of every web process (round robin; a request that finds a process
        gone is retried on the next one), as the README's deployment example; returns its URL."""
        port = port or free_port()
        conf = self.workdir / "nginx"
        conf.mkdir(exist_ok=True)
        servers = "".join(
            f"server {url.removeprefix('http://')} max_fails=1 fail_timeout=2s; "
            for url in self.web
        )
        temp = " ".join(
            f"{kind}_temp_path {conf / kind};" for kind in ("client_body", "proxy", "fastcgi")
        )
        user = "user root;\n" if os.geteuid() == 0 else ""  # its workers read this directory
        (conf / "nginx.conf").write_text(
            f"{user}daemon off; pid {conf / 'nginx.pid'}; error_log {conf / 'error.log'} warn;\n"
            "events { worker_connections 1024; }\n"
            f"http {{ access_log off; {temp} uwsgi_temp_path {conf / 'uwsgi'}; "
            f"scgi_temp_path {conf / 'scgi'};\n"
            f"  upstream storefront {{ {servers}keepalive 32; }}\n"
            f"  server {{ listen 127.0.0.1:{port};\n"
            "    location / { proxy_pass http://storefront; proxy_http_version 1.1;\n"
            '      proxy_set_header Connection ""; proxy_set_header Host $http_host;\n'
            "      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n"
            "      proxy_next_upstream error timeout http_502 http_503; } } }\n"
        )
        args = [NGINX, "-e", str(conf / "error.log"), "-c", str(conf / "nginx.conf")]
        self._spawn("nginx", args, port, self.env)
        return f"http://127.0.0.1:{port}"

    def stop(self, name: str) -> None:
        """Stops the process and its children (a web's workers, the postgres under runuser)."""
        process, _port, _log = self.processes.pop(name)
        # PostgreSQL: fast shutdown (SIGTERM would wait for every client to leave).
        _signal_group(process, signal.SIGINT if name == "postgres" else signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _signal_group(process, signal.SIGKILL)
            process.wait()

    def restart_web(self, number: int) -> str:
        self.stop(f"web{number}")
        return self.start_web(number)

    @contextmanager
    def frozen(self, name: str):
        """The process stopped (SIGSTOP: its port still accepts connections, nothing answers),
        as a hung server is, for the block; then it runs on (SIGCONT)."""
        process = self.processes[name][0]
        os.kill(process.pid, signal.SIGSTOP)
        try:
            yield
        finally:
            os.kill(process.pid, signal.SIGCONT)

    def flush_redis(self) -> None:
        import redis

        for port in (self.redis_port, self.state_redis_port):
            redis.Redis(port=port).flushall()

    def logs(self) -> str:
        return "\n".join(
            f"--- {name}\n" + log.read_text(errors="replace")[-3000:]
            for name, (_p, _port, log) in self.processes.items()
        )

    def close(self) -> None:
        for name in reversed(list(self.processes)):  # the database and Redis last
            self.stop(name)
        if self.pg_dir:
            shutil.rmtree(self.pg_dir, ignore_errors=True)


def log_in(base: str, email: str, password: str, *, timeout: float = 30):
    """The no-JS login form over HTTP, as a browser posts it: (session, response)."""
    import requests

    from tests.login import login_form

    session = requests.Session()
    session.get(base + "/login", timeout=timeout)
    data = login_form(
        email, password, csrfmiddlewaretoken=session.cookies["csrftoken"], next="/hotels"
    )
    response = session.post(base + "/login", data=data, timeout=timeout, allow_redirects=False)
    return session, response
