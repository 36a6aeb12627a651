"""The bench's world in a temporary directory: an embedded Postgres of its own, the app's database
migrated on it, the floor's two tables, and gunicorn serving the app or the floor; or the same on the
deployment of docs/scaling.md (tools/bench/deployed.py)."""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

import psutil
import psycopg

from tools.chaos.world import SetupFailed, alive, finish, spawn, tail, tree, wait_gone

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "bench"
HOST = "127.0.0.1"
SETTINGS = '''"""The project's settings, with static files collected into the bench's own directory."""

from config.settings import *  # noqa: F403

STATIC_ROOT = {static!r}
'''
FLOOR = "tools.bench.floor:application"
FLOOR_WSGI = "tools.bench.floor:wsgi_application"
PASSED_ON = ("DB_POOL", "DB_POOL_MIN", "DB_POOL_MAX", "DB_POOL_TIMEOUT", "DB_CONN_MAX_AGE", "REDIS_URL")
"""Database and cache settings the bench's caller may set for both servers, to measure a variant."""
FLOOR_TABLES = """
CREATE TABLE bench_floor_state (id integer PRIMARY KEY, version integer NOT NULL, state jsonb NOT NULL);
CREATE TABLE bench_floor_log (
    id bigserial PRIMARY KEY,
    state_id integer NOT NULL REFERENCES bench_floor_state (id),
    seq integer NOT NULL,
    key text NOT NULL,
    created timestamptz NOT NULL
);
CREATE INDEX bench_floor_log_state ON bench_floor_log (state_id, seq);
"""


def floor_state(row: int) -> dict[str, object]:
    """A row's state for the floor: about 30 KB of JSON, shaped like a game's (cards in zones)."""
    zones = ("hand", "river", "row", "deck", "discard", "settlement")
    cards = [
        {
            "id": f"card-{row}-{n:03d}",
            "zone": zones[n % len(zones)],
            "cost": [n % 3, n % 5, n % 7],
            "tags": ["worker", "canal"] if n % 2 else ["barbarian"],
            "text": f"Card {n}: pay the Provisions under this space to recruit it.",
        }
        for n in range(160)
    ]
    return {"moves": 0, "round": 1, "cards": cards}


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """gunicorn as config/gunicorn.py runs it (uvicorn workers), serving one ASGI application."""

    def __init__(self, name: str, application: str, env: dict[str, str], ready_path: str, log: Path) -> None:
        self.name, self.application, self.env = name, application, env
        self.ready_path, self.log = ready_path, log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.workers = 0

    @property
    def ports(self) -> list[int]:
        return [self.port]

    def start(self, workers: int) -> None:
        """Start it with ``workers`` processes and wait until it answers."""
        self.launch(workers)
        self.wait_ready()

    def launch(self, workers: int) -> None:
        self.workers = workers
        env = {**self.env, "BIND": f"{HOST}:{self.port}", "WEB_CONCURRENCY": str(workers)}
        command = [
            sys.executable,
            "-m",
            "gunicorn",
            "-c",
            str(ROOT / "config" / "gunicorn.py"),
            self.application,
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )

    def processes(self) -> list[psutil.Process]:
        """The master and its workers."""
        return tree(self.process.pid if self.process else None)

    def wait_ready(self) -> None:
        until = time.monotonic() + 90
        while time.monotonic() < until:
            if self.process is None or self.process.poll() is not None:
                raise SetupFailed(f"the {self.name} server exited; its log ends:\n{tail(self.log)}")
            if len(self.processes()) > self.workers:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                try:
                    conn.request("GET", self.ready_path)
                    if conn.getresponse().status < 500:
                        return
                except OSError:
                    pass
                finally:
                    conn.close()
            time.sleep(0.1)
        raise SetupFailed(f"the {self.name} server did not answer in 90 s; its log ends:\n{tail(self.log)}")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        workers = [p.pid for p in self.processes()[1:]]
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for pid in workers:
            if not wait_gone(pid, 5):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        self.process = None


class Launchable(Protocol):
    """A server a :class:`Side` starts, stops and measures."""

    @property
    def port(self) -> int: ...

    def launch(self, workers: int) -> None: ...

    def wait_ready(self) -> None: ...

    def stop(self) -> None: ...

    def processes(self) -> list[psutil.Process]: ...


class Side:
    """The servers of one application, which the players take in turn (each new connection to the
    next), and the processes their requests go through besides (``shared``: pgbouncer, Redis)."""

    def __init__(self, servers: Sequence[Launchable], shared: Callable[[], list[psutil.Process]]) -> None:
        self.servers, self.shared = list(servers), shared

    @property
    def ports(self) -> list[int]:
        return [server.port for server in self.servers]

    def start(self, workers: int) -> None:
        """Start every server with ``workers`` processes, all at once, and wait until each answers."""
        for server in self.servers:
            server.launch(workers)
        for server in self.servers:
            server.wait_ready()

    def stop(self) -> None:
        for server in self.servers:
            server.stop()

    def processes(self) -> list[psutil.Process]:
        """Every server's master and workers, and the shared processes."""
        return [p for server in self.servers for p in server.processes()] + self.shared()


def make_floor(database_url: str, rows: int) -> None:
    """The floor's two tables, with ``rows`` rows to move on."""
    with psycopg.connect(database_url) as conn:
        conn.execute(FLOOR_TABLES.encode())
        with conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO bench_floor_state (id, version, state) VALUES (%s, 0, %s::jsonb)",
                [(row, json.dumps(floor_state(row))) for row in range(rows)],
            )


class World:
    """A temporary directory with an embedded Postgres, the app's database on it, and two servers:
    the app (production settings, SERVER_TIMING on) and the floor."""

    def __init__(self, threads: int = 0) -> None:
        """``threads``: serve both by gunicorn's threaded WSGI workers, this many threads each."""
        self.dir = Path(tempfile.mkdtemp(prefix="yu-bench-"))
        self.pgdata = self.dir / "pg"
        self.database_url = ""
        self.secret_key = secrets.token_urlsafe(50)
        self.helpers: list[subprocess.Popen[bytes]] = []
        self.threads = threads
        app, floor = ("config.wsgi", FLOOR_WSGI) if threads else ("config.asgi", FLOOR)
        self.app = Server("app", app, {}, "/rules/", self.dir / "app.log")
        self.floor = Server("floor", floor, {}, "/", self.dir / "floor.log")

    def open(self, floor_rows: int) -> None:
        """Start Postgres, create and migrate the database, collect the static files, make the floor's
        tables with ``floor_rows`` rows."""
        (self.dir / "bench_settings.py").write_text(SETTINGS.format(static=str(self.dir / "static")))
        self.database_url = self.start_database()
        maintenance = self.database_url.replace(f"/{DATABASE}?", "/postgres?")
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
        collect = self.manage("collectstatic", "--noinput", "-v0")
        for step in (("migrate", "--noinput", "-v0"), ("createcachetable",)):
            finish(self.manage(*step), step[0])
        finish(collect, "collectstatic")
        make_floor(self.database_url, floor_rows)
        self.app.env = self.env("bench_settings")
        self.floor.env = self.env("")

    def env(self, settings: str) -> dict[str, str]:
        """A server's environment: production settings on plain HTTP, with the client's address in
        X-Real-IP (each simulated player has its own, as sign-up is throttled per address)."""
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/tmp"),
            "LANG": "C.UTF-8",
            "PYTHONPATH": f"{self.dir}{os.pathsep}{ROOT}",
            "PYTHONUNBUFFERED": "1",
            "DEBUG": "0",
            "SECRET_KEY": self.secret_key,
            "ALLOWED_HOSTS": f"{HOST},localhost",
            "DATABASE_URL": self.database_url,
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECURE_HSTS_SECONDS": "0",
            "CLIENT_IP_HEADER": "HTTP_X_REAL_IP",
            "SERVER_TIMING": "1",
        }
        env |= {name: os.environ[name] for name in PASSED_ON if name in os.environ}
        if self.threads:
            env["GUNICORN_CMD_ARGS"] = f"--worker-class gthread --threads {self.threads}"
        if settings:
            env["DJANGO_SETTINGS_MODULE"] = settings
        return env

    def manage(self, *args: str) -> subprocess.Popen[bytes]:
        return self.python("manage.py", *args)

    def python(self, *args: str) -> subprocess.Popen[bytes]:
        """Python with the app's environment, its output kept for :func:`finish`."""
        helper = spawn(list(args), self.env("bench_settings"))
        self.helpers.append(helper)
        return helper

    def start_database(self) -> str:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs, when XDG_RUNTIME_DIR is unset
            from pgserver.postgres_server import get_server

            server = get_server(self.pgdata, cleanup_mode=None)  # stopped by close(), not at exit
        return str(server.get_uri(DATABASE))

    def shared(self) -> list[psutil.Process]:
        """Processes every request goes through besides its server's: none here."""
        return []

    def postgres(self) -> list[psutil.Process]:
        """The postmaster and its children (backends, writers, autovacuum)."""
        try:
            return tree(int((self.pgdata / "postmaster.pid").read_text().split()[0]))
        except (OSError, IndexError, ValueError):
            return []

    def close(self) -> None:
        """Stop both servers and Postgres (by their pids) and remove the directory."""
        for helper in self.helpers:
            if helper.poll() is None:
                helper.kill()
                helper.wait()
        self.app.stop()
        self.floor.stop()
        postgres = self.postgres()
        if postgres and alive(postgres[0].pid):
            postgres[0].send_signal(signal.SIGINT)  # Postgres' fast shutdown
            if not wait_gone(postgres[0].pid, 20):
                postgres[0].kill()
                wait_gone(postgres[0].pid, 10)
        shutil.rmtree(self.dir, ignore_errors=True)
