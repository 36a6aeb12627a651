"""Where the database is: DATABASE_URL, or else, in development only, an embedded
Postgres in .pgdata/.

The embedded server comes from the pgserver package. Every process that uses it
(runserver and its autoreloader, pytest, a management command) writes its pid
into .pgdata/.handle_pids.json, and the last one to exit stops the server. A
process that is killed cannot strike itself off, so dead pids are dropped before
a process joins and again before it leaves: a server left running by a killed
process is simply reused, and stopped by the next process to exit last.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import warnings
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

ROOT = Path(__file__).resolve().parent.parent
PGDATA = ROOT / ".pgdata"
NAME = "yu"
PID_FILE_LINES = 8
"""A started postmaster's pid file: pid, data folder, start time, port, socket
folder, listen address, shared memory key, status."""


def database_url(embedded: bool = True) -> str:
    """DATABASE_URL when set, else the URL of the embedded server, started if needed;
    without ``embedded`` (production) DATABASE_URL must be set."""
    if url := os.environ.get("DATABASE_URL"):
        return url
    if not embedded:
        raise ImproperlyConfigured(
            "Set DATABASE_URL when DEBUG is off, e.g. postgresql://user:password@host/yu: "
            "the embedded database is for development only"
        )
    return embedded_database_url()


def embedded_database_url() -> str:
    with warnings.catch_warnings():
        # platformdirs warns when XDG_RUNTIME_DIR is unset, and falls back to /tmp.
        warnings.simplefilter("ignore")
        from pgserver.postgres_server import get_server

    _forget_dead_processes()
    server = get_server(PGDATA)  # stops the server when the last user exits
    atexit.register(_forget_dead_processes)  # atexit is LIFO: this runs before pgserver's hook
    _create_database(server.get_uri("postgres"))
    return server.get_uri(NAME)


def _forget_dead_processes() -> None:
    """Drop the pids of killed processes, and a pid file whose postmaster is long gone."""
    import psutil

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs, as in embedded_database_url
        from pgserver.postgres_server import PostgresServer
    from pgserver.utils import DiskList, PostmasterInfo

    if not (PGDATA / "PG_VERSION").exists():
        return
    with PostgresServer._lock:
        handles = DiskList(PGDATA / ".handle_pids.json")
        try:
            pids = handles.get()
        except ValueError:  # cut short by a kill while it was written: nobody is known to hold it
            pids = []
        handles.put([pid for pid in pids if psutil.pid_exists(pid)])
        pid_file = PGDATA / "postmaster.pid"
        if pid_file.exists() and _half_written(pid_file.read_text().splitlines()):
            pid_file.unlink()  # left empty or cut short by a postmaster killed as it started
        # After a reboot the old postmaster's pid may belong to another program.
        info = PostmasterInfo.read_from_pgdata(PGDATA)
        with contextlib.suppress(psutil.Error):
            if info and info.process and info.process.name() != "postgres":
                (PGDATA / "postmaster.pid").unlink()


def _half_written(lines: list[str]) -> bool:
    """Whether a pid file is short of a started postmaster's and no postgres
    process of its pid is alive to finish it."""
    import psutil

    if len(lines) >= PID_FILE_LINES:
        return False
    try:
        name: str = psutil.Process(int(lines[0])).name()
    except (IndexError, ValueError, psutil.Error):
        return True
    return name != "postgres"


def _create_database(maintenance_url: str) -> None:
    import psycopg
    from pgserver.postgres_server import PostgresServer

    with PostgresServer._lock, psycopg.connect(maintenance_url, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [NAME]).fetchone():
            conn.execute(f'CREATE DATABASE "{NAME}"')
