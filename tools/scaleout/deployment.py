"""The deployment of docs/scaling.md on one machine, in a temporary directory: an embedded Postgres,
pgbouncer in transaction mode in front of it, a Redis server, and two app servers, each its own
process group, whose pools go through pgbouncer while their board news listens straight to Postgres.
An app server can be killed whole and started again; ``close`` stops everything and removes the
directory."""

from __future__ import annotations

import contextlib
import http.client
import os
import pwd
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import psycopg
import redis
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row

from tools.chaos.world import (
    DATABASE,
    HOST,
    ROOT,
    SetupFailed,
    World,
    gunicorn,
    tail,
    tree,
    wait_gone,
)

PGBOUNCER_INI = """[databases]
{database} = host={pg_host} port={pg_port} dbname={database} user={user}

[pgbouncer]
listen_addr = {host}
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {auth_file}
admin_users = {user}
pool_mode = transaction
default_pool_size = {pool}
max_client_conn = 1000
"""
POOL = 20
"""The connections pgbouncer keeps to Postgres, shared by every app process's pool."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def listening(port: int, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    """Wait until ``process`` accepts connections on ``port``."""
    until = time.monotonic() + 30
    while time.monotonic() < until:
        if process.poll() is not None:
            raise SetupFailed(f"{what} exited; its log ends:\n{tail(log)}")
        with socket.socket() as s:
            if s.connect_ex((HOST, port)) == 0:
                return
        time.sleep(0.05)
    raise SetupFailed(f"{what} did not listen on port {port} within 30 s; its log ends:\n{tail(log)}")


def stop(process: subprocess.Popen[bytes] | None, signum: int = signal.SIGTERM) -> None:
    """Stop a process started in a session of its own, and whatever it started: ``signum`` to the
    whole group, then SIGKILL to what is left after 10 s."""
    if process is None or process.poll() is not None:
        return
    try:
        children = [child.pid for child in psutil.Process(process.pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        children = []
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signum)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    for pid in children:
        if not wait_gone(pid, 5):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


class AppServer:
    """``gunicorn -c config/gunicorn.py config.asgi`` on a port of its own, in a session (a process
    group) of its own: it can be killed whole, master and workers at once, as a machine that dies."""

    def __init__(self, name: str, workers: int, log: Path, access_log: Path) -> None:
        self.name, self.workers, self.log, self.access_log = name, workers, log, access_log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def launch(self, env: dict[str, str]) -> None:
        """Start it; :meth:`ready` waits until it answers."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                gunicorn(self.access_log),
                cwd=ROOT,
                env={**env, "BIND": f"{HOST}:{self.port}", "WEB_CONCURRENCY": str(self.workers)},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def processes(self) -> list[psutil.Process]:
        """The master and its workers (and whatever they started)."""
        return tree(self.process.pid if self.process else None)

    def ready(self) -> None:
        """Wait until the master has its workers and the app answers the rules page."""
        until = time.monotonic() + 90
        while time.monotonic() < until:
            if self.process is None or self.process.poll() is not None:
                raise SetupFailed(f"{self.name} exited; its log ends:\n{tail(self.log)}")
            if len(self.processes()) > self.workers:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                try:
                    conn.request("GET", "/rules/", headers={"Connection": "close"})
                    if conn.getresponse().status == 200:
                        return
                except OSError:
                    pass
                finally:
                    conn.close()
            time.sleep(0.05)
        raise SetupFailed(f"{self.name} did not answer within 90 s; its log ends:\n{tail(self.log)}")

    def kill(self) -> None:
        """SIGKILL to the whole process group; wait until every one of them is gone."""
        assert self.process is not None
        group = self.processes()
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        for process in group[1:]:
            wait_gone(process.pid, 10)

    def stop(self) -> None:
        stop(self.process)


class Deployment(World):
    """Postgres, pgbouncer, Redis and two app servers, A and B, in a temporary directory. ``database_url``
    reaches Postgres directly (board news, the checks); ``pooled_url`` goes through pgbouncer (the app
    servers' pools, the management commands)."""

    def __init__(self, workers: int) -> None:
        super().__init__(workers, prefix="yu-scaleout-")
        self.servers = [
            AppServer(f"app server {name}", workers, self.dir / f"server-{name}.log", self.access_log)
            for name in "AB"
        ]
        self.pgbouncer: subprocess.Popen[bytes] | None = None
        self.pgbouncer_port = free_port()
        self.redis: subprocess.Popen[bytes] | None = None
        self.redis_port = free_port()
        self.pooled_url = f"postgresql://postgres@{HOST}:{self.pgbouncer_port}/{DATABASE}"
        self.redis_url = f"redis://{HOST}:{self.redis_port}/0"

    def open(self) -> None:
        """Set up everything but the app servers, then start both."""
        self.set_up()
        for server in self.servers:
            server.launch(self.env())
        for server in self.servers:
            server.ready()

    def set_up(self) -> None:
        """Start Postgres, pgbouncer and Redis; create the database and migrate it through pgbouncer;
        collect the static files."""
        self.database_url = self.start_database()
        self.start_pgbouncer()
        self.start_redis()
        self.prepare()

    def env(self) -> dict[str, str]:
        """The chaos run's production settings on plain HTTP, with the pools through pgbouncer,
        board news straight to Postgres and the cache in Redis."""
        return super().env() | {
            "DATABASE_URL": self.pooled_url,
            "LISTEN_DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "SECURE_SSL_REDIRECT": "0",
            "SECURE_COOKIES": "0",
            "SECURE_HSTS_SECONDS": "0",
        }

    def kill(self, what: str, rng: random.Random) -> None:
        """Kill the app server ``what`` names, its whole process group, and start it again."""
        server = next(server for server in self.servers if server.name == what)
        server.kill()
        server.launch(self.env())
        server.ready()

    # pgbouncer and Redis

    def start_pgbouncer(self) -> None:
        """Debian's pgbouncer, in transaction mode, in front of the Postgres started. It runs as the
        owner of the database's files (who alone may reach its socket), and never as root."""
        program = shutil.which("pgbouncer", path=f"{os.environ.get('PATH', '')}:/usr/sbin")
        if program is None:
            raise SetupFailed("pgbouncer is not installed: apt-get install pgbouncer")
        here = self.dir / "pgbouncer"
        here.mkdir()
        postgres = conninfo_to_dict(self.database_url)
        (here / "users.txt").write_text(f'"{postgres["user"]}" ""\n')
        (here / "pgbouncer.ini").write_text(
            PGBOUNCER_INI.format(
                database=DATABASE,
                pg_host=postgres["host"],
                pg_port=postgres.get("port", 5432),
                user=postgres["user"],
                host=HOST,
                port=self.pgbouncer_port,
                auth_file=here / "users.txt",
                pool=POOL,
            )
        )
        command = [program, str(here / "pgbouncer.ini")]
        if os.geteuid() == 0:
            owner = self.pgdata.stat().st_uid
            for path in (here, *here.iterdir()):
                os.chown(path, owner, -1)
            command[1:1] = ["-u", pwd.getpwuid(owner).pw_name]
        log = self.dir / "pgbouncer.log"
        with log.open("ab") as out:
            self.pgbouncer = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        listening(self.pgbouncer_port, self.pgbouncer, "pgbouncer", log)

    def start_redis(self) -> None:
        """Debian's redis-server, in memory only."""
        program = shutil.which("redis-server")
        if program is None:
            raise SetupFailed("redis-server is not installed: apt-get install redis-server")
        here = self.dir / "redis"
        here.mkdir()
        log = self.dir / "redis.log"
        with log.open("ab") as out:
            self.redis = subprocess.Popen(
                [
                    program,
                    *("--bind", HOST, "--port", str(self.redis_port), "--dir", str(here)),
                    *("--save", "", "--appendonly", "no"),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        listening(self.redis_port, self.redis, "redis-server", log)

    def pooler_figures(self) -> dict[str, int]:
        """What pgbouncer passed on (transactions, queries), and the connections it holds now from the
        app processes and to Postgres."""
        admin = self.pooled_url.rsplit("/", 1)[0] + "/pgbouncer"
        with psycopg.connect(admin, autocommit=True, row_factory=dict_row) as conn:
            stats = next(r for r in conn.execute("SHOW STATS").fetchall() if r["database"] == DATABASE)
            pool = next(r for r in conn.execute("SHOW POOLS").fetchall() if r["database"] == DATABASE)
        return {
            "transactions": int(stats["total_xact_count"]),
            "queries": int(stats["total_query_count"]),
            "clients": sum(int(v) for k, v in pool.items() if k in ("cl_active", "cl_waiting")),
            "servers": sum(int(v) for k, v in pool.items() if k.startswith("sv_") and "cancel" not in k),
        }

    def cache_figures(self) -> dict[str, int]:
        """What Redis saw: reads that found an entry, reads that did not, and its memory."""
        info = redis.Redis.from_url(self.redis_url).info()
        names = {"hits": "keyspace_hits", "misses": "keyspace_misses", "memory": "used_memory"}
        return {figure: int(info[name]) for figure, name in names.items()}

    def close(self) -> None:
        """Stop both app servers, pgbouncer, Redis and Postgres, and remove the directory."""
        for server in self.servers:
            server.stop()
        stop(self.pgbouncer, signal.SIGINT)  # pgbouncer's safe shutdown
        stop(self.redis)
        super().close()


@contextlib.contextmanager
def deployment(workers: int = 1) -> Iterator[Deployment]:
    """The deployment, open; closed and removed on the way out, an error or Ctrl-C included."""
    world = Deployment(workers)
    try:
        world.open()
        yield world
    finally:
        world.close()
