"""The run's own world in a temporary directory: an embedded Postgres, and gunicorn serving the app on
it as production does (``config/gunicorn.py``: uvicorn workers, ASGI); each part can be killed and brought
back, and all of it is stopped and removed by ``close``."""

from __future__ import annotations

import contextlib
import http.client
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import psutil
import psycopg

ROOT = Path(__file__).resolve().parents[2]
DATABASE = "chaos"
HOST = "127.0.0.1"
KILLS = ("worker", "master", "postgres")
SETTINGS = '''"""The project's settings, with static files collected into the chaos run's own directory."""

from config.settings import *  # noqa: F403

STATIC_ROOT = {static!r}
'''


class SetupFailed(Exception):
    """The run could not get its world or its players going; the message says where."""


def wait_gone(pid: int, seconds: float, reaped: bool = False) -> bool:
    """Wait until a process has exited (a zombie counts, unless ``reaped`` asks for it to be
    gone altogether); whether it did."""
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE and not reaped:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.05)
    return False


def alive(pid: int) -> bool:
    try:
        return bool(psutil.Process(pid).status() != psutil.STATUS_ZOMBIE)
    except psutil.NoSuchProcess:
        return False


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def spawn(args: list[str], env: dict[str, str]) -> subprocess.Popen[bytes]:
    """Python in the project's folder with ``env``, in a session of its own, its output kept for
    :func:`finish`."""
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


def finish(process: subprocess.Popen[bytes], what: str) -> str:
    """Wait for a helper started by :func:`spawn`; its output, or SetupFailed with its errors."""
    out, err = process.communicate(timeout=600)
    if process.returncode:
        raise SetupFailed(f"{what} failed:\n{(out + err).decode(errors='replace')[-3000:]}")
    return out.decode()


def gunicorn(access_log: Path) -> list[str]:
    """The production command, ``gunicorn -c config/gunicorn.py config.asgi``, its access log in
    ``access_log`` and the rest on its output."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "-c",
        "config/gunicorn.py",
        "config.asgi",
        f"--access-logfile={access_log}",
        "--error-logfile=-",
        "--capture-output",
        "--graceful-timeout=5",
    ]


def tree(pid: int | None) -> list[psutil.Process]:
    """A process and all it started (a gunicorn master and its workers), or nothing when it is gone."""
    if pid is None:
        return []
    try:
        process = psutil.Process(pid)
        return [process, *process.children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


class World:
    """A temporary directory with an embedded Postgres and gunicorn serving the app on it."""

    def __init__(self, workers: int, prefix: str = "yu-chaos-") -> None:
        self.dir = Path(tempfile.mkdtemp(prefix=prefix))
        self.pgdata = self.dir / "pg"
        self.access_log = self.dir / "access.log"
        self.server_log = self.dir / "server.log"
        with socket.socket() as s:
            s.bind((HOST, 0))
            self.port: int = s.getsockname()[1]
        self.workers = workers
        self.server: subprocess.Popen[bytes] | None = None
        self.helpers: list[subprocess.Popen[bytes]] = []
        self.orphans: list[int] = []
        self.database_url = ""
        self.secret_key = secrets.token_urlsafe(50)

    def open(self) -> None:
        """Start Postgres, create and migrate the database, collect the static files, start gunicorn."""
        self.database_url = self.start_database()
        self.prepare()
        self.start_server()

    def prepare(self) -> None:
        """Create the database on the Postgres started, migrate it as the app's environment reaches it,
        and collect the static files."""
        (self.dir / "chaos_settings.py").write_text(SETTINGS.format(static=str(self.dir / "static")))
        maintenance = self.database_url.replace(f"/{DATABASE}?", "/postgres?")
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
        collect = self.manage("collectstatic", "--noinput", "-v0")
        for step in (("migrate", "--noinput", "-v0"), ("createcachetable",)):
            finish(self.manage(*step), f"manage.py {step[0]}")
        finish(collect, "manage.py collectstatic")

    def env(self) -> dict[str, str]:
        """The app's environment: production settings behind a TLS proxy on this machine."""
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/tmp"),
            "LANG": "C.UTF-8",
            "PYTHONPATH": f"{self.dir}{os.pathsep}{ROOT}",
            "PYTHONUNBUFFERED": "1",
            "DJANGO_SETTINGS_MODULE": "chaos_settings",
            "DEBUG": "0",
            "SECRET_KEY": self.secret_key,
            "ALLOWED_HOSTS": f"{HOST},localhost",
            "DATABASE_URL": self.database_url,
            "PROXY_SSL_HEADER": "HTTP_X_FORWARDED_PROTO",
            "CLIENT_IP_HEADER": "HTTP_X_REAL_IP",
        }

    def manage(self, *args: str) -> subprocess.Popen[bytes]:
        helper = spawn(["manage.py", *args], self.env())
        self.helpers.append(helper)
        return helper

    def value(self, query: str, *params: object) -> Any:
        """The first column of the first row a query returns (None for no row)."""
        with psycopg.connect(self.database_url) as conn:
            row = conn.execute(query, params).fetchone()
            return row[0] if row else None

    # the database

    def start_database(self) -> str:
        """Start (or bring back) the Postgres in ``pgdata``; its URL."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # platformdirs, when XDG_RUNTIME_DIR is unset
            from pgserver.postgres_server import PostgresServer, get_server

        last: Exception | None = None
        for _ in range(60):
            # pgserver keeps a handle per directory for the life of the process: once its
            # postmaster is killed, only a new handle starts another.
            PostgresServer._instances.pop(self.pgdata.resolve(), None)
            try:
                server = get_server(self.pgdata, cleanup_mode=None)  # stopped by close(), not at exit
            except (subprocess.SubprocessError, AssertionError, OSError) as exc:
                last = exc  # the killed server's backends still hold its shared memory: try again
                time.sleep(0.5)
                continue
            return str(server.get_uri(DATABASE))
        raise SetupFailed(f"Postgres would not start again in {self.pgdata}: {last!r}")

    def postmaster(self) -> int | None:
        try:
            return int((self.pgdata / "postmaster.pid").read_text().split()[0])
        except (OSError, IndexError, ValueError):
            return None

    def database_ready(self) -> None:
        until = time.monotonic() + 30
        while True:
            try:
                with psycopg.connect(self.database_url, connect_timeout=5) as conn:
                    conn.execute("SELECT 1")
                    return
            except psycopg.Error as exc:
                if time.monotonic() > until:
                    raise SetupFailed(f"Postgres does not answer after a restart: {exc}") from exc
                time.sleep(0.1)

    # the app server

    def start_server(self) -> None:
        """The production command, ``gunicorn -c config/gunicorn.py config.asgi``, with its
        BIND and WEB_CONCURRENCY; the logs go to the run's directory."""
        with self.server_log.open("ab") as log:
            self.server = subprocess.Popen(
                gunicorn(self.access_log),
                cwd=ROOT,
                env={**self.env(), "BIND": f"{HOST}:{self.port}", "WEB_CONCURRENCY": str(self.workers)},
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # Ctrl-C reaches the run alone, which then stops everything
            )
        self.server_ready()

    def workers_now(self) -> list[psutil.Process]:
        if self.server is None:
            return []
        try:
            children: list[psutil.Process] = psutil.Process(self.server.pid).children()
        except psutil.NoSuchProcess:
            return []
        return children

    def server_ready(self) -> None:
        """Wait until the master has all its workers and the app answers a plain GET of the rules
        page (no database needed)."""
        until = time.monotonic() + 60
        while time.monotonic() < until:
            if self.server is None or self.server.poll() is not None:
                raise SetupFailed(f"gunicorn exited; its log ends:\n{tail(self.server_log)}")
            if len(self.workers_now()) >= self.workers:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                try:
                    conn.request(
                        "GET", "/rules/", headers={"X-Forwarded-Proto": "https", "Connection": "close"}
                    )
                    if conn.getresponse().status == 200:
                        return
                except OSError:
                    pass
                finally:
                    conn.close()
            time.sleep(0.05)
        raise SetupFailed(f"gunicorn did not answer within 60 s; its log ends:\n{tail(self.server_log)}")

    # the kills

    def kill(self, what: str, rng: random.Random) -> None:
        """SIGKILL one of ``KILLS`` and bring it back: a worker (its master starts another), the
        master (started again) or the postmaster (``get_server`` on the same directory)."""
        if what == "worker":
            workers = self.workers_now()
            if not workers:
                raise SetupFailed("no gunicorn worker to kill")
            victim = rng.choice(workers)
            victim.send_signal(signal.SIGKILL)
            wait_gone(victim.pid, 10)
            self.server_ready()
        elif what == "master":
            assert self.server is not None
            workers = self.workers_now()
            self.server.send_signal(signal.SIGKILL)
            self.server.wait()
            # Its workers should see their parent gone and stop; until they do they hold the port.
            until = time.monotonic() + 15
            for worker in workers:
                if not wait_gone(worker.pid, max(0.0, until - time.monotonic())):
                    with contextlib.suppress(OSError):
                        os.kill(worker.pid, signal.SIGKILL)
                    self.orphans.append(worker.pid)
            self.start_server()
        else:
            pid = self.postmaster()
            if pid is None:
                raise SetupFailed("no postmaster.pid to kill")
            os.kill(pid, signal.SIGKILL)
            # pgserver takes a postmaster that is a zombie for a running one: wait for init to reap it.
            if not wait_gone(pid, 30, reaped=True):
                raise SetupFailed(f"the killed postmaster {pid} is still there after 30 s")
            self.start_database()
            self.database_ready()

    def close(self) -> None:
        """Stop gunicorn and Postgres (by their pids) and remove the directory."""
        for helper in self.helpers:
            if helper.poll() is None:  # a manage.py that Ctrl-C caught half-way
                helper.kill()
                helper.wait()
        if self.server is not None and self.server.poll() is None:
            workers = [w.pid for w in self.workers_now()]
            self.server.send_signal(signal.SIGTERM)
            try:
                self.server.wait(10)
            except subprocess.TimeoutExpired:
                self.server.kill()
                self.server.wait()
            self.orphans += workers
        for pid in self.orphans:
            if not wait_gone(pid, 5):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        postmaster = self.postmaster()
        if postmaster is not None and alive(postmaster):
            os.kill(postmaster, signal.SIGINT)  # Postgres' fast shutdown
            if not wait_gone(postmaster, 20):
                os.kill(postmaster, signal.SIGKILL)
                wait_gone(postmaster, 10)
        # Whatever else still runs from this directory (a server caught half-way by Ctrl-C).
        for process in psutil.process_iter(["pid", "cmdline"]):
            if str(self.dir) in " ".join(process.info["cmdline"] or []) and process.pid != os.getpid():
                with contextlib.suppress(psutil.Error):
                    process.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
