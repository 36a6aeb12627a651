"""A reliability run: the real app, served as in production, under races, kills and hostile requests.

    .venv/bin/python tools/chaos.py                                   # 5,000 hostile requests, 6 kills
    .venv/bin/python tools/chaos.py --requests 5000 --kills 10 --seed 1

The run makes a world of its own in a temporary directory: an embedded
Postgres (pgserver), migrated, and the app served by gunicorn with DEBUG off,
as if behind a TLS proxy (every request says ``X-Forwarded-Proto: https`` and
gives its client's address in ``X-Real-IP``). The only setting of its own is
STATIC_ROOT, so that the static files it collects stay in that directory.
Then, over real HTTP:

1. players sign up through the sign-up page and play campaigns by pressing the
   buttons the board offers, some requests sent as htmx sends them;
2. meanwhile a gunicorn worker, the gunicorn master and the Postgres
   postmaster are killed with SIGKILL in turn (``--kills`` in all), and each
   is brought back;
3. races, each fired at once from several threads: rival actions on one board
   version, delete, reset, rename and role changes against actions, two
   identical sign-ups, one create form posted twice, two friends for one
   single-use invite;
4. a hostile sweep of ``--requests`` requests: forged and malformed forms,
   other people's campaigns, wrong methods, unknown and traversing paths,
   junk files to import, raw bytes; the database is read before and after
   each one, and nothing may change;
5. checks: every acknowledged action against the stored log, every game
   replayed from its log (``campaigns.store.replay_differences``, what
   ``manage.py replaygame`` runs), and the server's log read for tracebacks.

It prints five figures, which must all be 0, and exits 1 when one is not:
5xx answers, double-applied actions, lost acknowledged actions, replay
differences, and state changes from refused requests. A 503 answered while
the database was down (killed on purpose) is shown apart and not counted; a
500 always counts.
Everything is stopped and removed at the end, Ctrl-C included.

Standard library, with the project's own packages: pgserver, psycopg and
psutil for the database, Django for the replay.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import html
import http.client
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import psutil
import psycopg

ROOT = Path(__file__).resolve().parent.parent
DATABASE = "chaos"
HOST = "127.0.0.1"
KEY = re.compile(r'name="key" value="([^"]*)"')
VERSION = re.compile(r'id="board-version" value="(\d+)"')
REQUEST = re.compile(r'name="request" value="([^"]+)"')
CODE = re.compile(r"^/c/([0-9a-f-]{36})/$")
INVITE_LINK = re.compile(r'id="invite-link" value="[^"#]*#([^"]+)"')
MEMBER = re.compile(r'id="member-([0-9a-f-]{36})"')
INVITE_ROW = re.compile(r'id="invite-([0-9a-f-]{36})"')
ASKED = "Are you sure?"
MARGIN = 0.5
"""Seconds of slack when an action row's time is matched to the request that wrote it."""
SETTINGS = '''"""The project's settings, with static files collected into the chaos run's own directory."""

from config.settings import *  # noqa: F403

STATIC_ROOT = {static!r}
'''
T = TypeVar("T")
Fields = Mapping[str, str | bytes] | Sequence[tuple[str, str | bytes]]
"""A form's fields: a dict, or pairs (to repeat a name, or leave one out)."""


class Dropped(Exception):
    """A request that got no answer: the connection was refused, reset or closed."""


class SetupFailed(Exception):
    """The run could not get its world or its players going; the message says where."""


# -- the world: a database and an app server of the run's own ------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


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


class World:
    """A temporary directory with an embedded Postgres and gunicorn serving the app on it,
    each of which can be killed and brought back; all of it stopped and removed by ``close``."""

    def __init__(self, workers: int, threads: int) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="yu-chaos-"))
        self.pgdata = self.dir / "pg"
        self.access_log = self.dir / "access.log"
        self.server_log = self.dir / "server.log"
        self.port = free_port()
        self.workers, self.threads = workers, threads
        self.server: subprocess.Popen[bytes] | None = None
        self.helpers: list[subprocess.Popen[bytes]] = []
        self.orphans: list[int] = []
        self.database_url = ""
        self.secret_key = secrets.token_urlsafe(50)

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

    def kill_database(self) -> None:
        pid = self.postmaster()
        if pid is None:
            raise SetupFailed("no postmaster.pid to kill")
        os.kill(pid, signal.SIGKILL)
        # pgserver takes a postmaster that is a zombie for a running one: wait for init to reap it.
        if not wait_gone(pid, 30, reaped=True):
            raise SetupFailed(f"the killed postmaster {pid} is still there after 30 s")

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
        helper = subprocess.Popen(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env(),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.helpers.append(helper)
        return helper

    def open(self) -> None:
        (self.dir / "chaos_settings.py").write_text(SETTINGS.format(static=str(self.dir / "static")))
        self.database_url = self.start_database()
        maintenance = self.database_url.replace(f"/{DATABASE}?", "/postgres?")
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{DATABASE}"')
        collect = self.manage("collectstatic", "--noinput", "-v0")
        for step in (("migrate", "--noinput", "-v0"), ("createcachetable",)):
            self.finish(self.manage(*step), step[0])
        self.finish(collect, "collectstatic")
        self.start_server()

    @staticmethod
    def finish(process: subprocess.Popen[bytes], what: str) -> None:
        out, _ = process.communicate(timeout=300)
        if process.returncode:
            raise SetupFailed(f"manage.py {what} failed:\n{out.decode(errors='replace')[-3000:]}")

    def start_server(self) -> None:
        with self.server_log.open("ab") as log:
            self.server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "gunicorn",
                    "config.wsgi",
                    f"--workers={self.workers}",
                    f"--threads={self.threads}",
                    f"--bind={HOST}:{self.port}",
                    f"--access-logfile={self.access_log}",
                    '--access-logformat=%(t)s "%(r)s" %(s)s %(M)sms',
                    "--error-logfile=-",
                    "--capture-output",
                    "--graceful-timeout=5",
                ],
                cwd=ROOT,
                env=self.env(),
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
        """Wait until the master has all its workers and the app answers."""
        until = time.monotonic() + 60
        while time.monotonic() < until:
            if self.server is None or self.server.poll() is not None:
                raise SetupFailed(f"gunicorn exited; its log ends:\n{tail(self.server_log)}")
            if len(self.workers_now()) >= self.workers:
                try:
                    status = probe(self.port)
                except OSError:
                    status = 0
                if status == 200:
                    return
            time.sleep(0.05)
        raise SetupFailed(f"gunicorn did not answer within 60 s; its log ends:\n{tail(self.server_log)}")

    def kill_worker(self, rng: random.Random) -> None:
        workers = self.workers_now()
        if not workers:
            raise SetupFailed("no gunicorn worker to kill")
        victim = rng.choice(workers)
        victim.send_signal(signal.SIGKILL)
        wait_gone(victim.pid, 10)
        self.server_ready()  # the master starts another

    def kill_master(self) -> None:
        assert self.server is not None
        workers = [w.pid for w in self.workers_now()]
        self.server.send_signal(signal.SIGKILL)
        self.server.wait()
        # Its workers see their parent gone and stop; until they do they hold the port.
        for pid in workers:
            if not wait_gone(pid, 15):
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
                self.orphans.append(pid)
        self.start_server()

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


def tail(path: Path, lines: int = 30) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def probe(port: int) -> int:
    """The status of a plain GET of the rules page (no database needed)."""
    conn = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        conn.request("GET", "/rules/", headers={"X-Forwarded-Proto": "https", "Connection": "close"})
        return conn.getresponse().status
    finally:
        conn.close()


# -- what the run saw ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """One action posted: to which campaign, what, from which version, when, and how it was answered.

    ``outcome`` is ``ack`` (done: a redirect to the board, or htmx's ``yu:acted``), ``asked``
    (the board asked "Are you sure?"), ``refused`` (any other answer under 500) or ``unknown``
    (no answer, or a 5xx: it may or may not have been written)."""

    code: str
    key: str
    version: str
    t0: float
    t1: float
    outcome: str
    status: int
    kind: str


@dataclass
class Run:
    """Everything the run counts, shared by its threads."""

    port: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    requests: Counter[str] = field(default_factory=Counter)
    statuses: Counter[tuple[str, int]] = field(default_factory=Counter)
    dropped: Counter[str] = field(default_factory=Counter)
    fivexx: list[tuple[float, float, str, str, int]] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    outages: list[tuple[str, float, float]] = field(default_factory=list)
    kills: Counter[str] = field(default_factory=Counter)
    races: Counter[str] = field(default_factory=Counter)
    findings: list[str] = field(default_factory=list)
    double: int = 0
    lost: int = 0
    refused_changes: int = 0
    leaks: int = 0
    names: dict[str, str] = field(default_factory=dict)
    sweep: tuple[float, float] = (0.0, 0.0)

    def answered(self, kind: str, method: str, path: str, status: int, t0: float, t1: float) -> None:
        with self.lock:
            self.requests[kind] += 1
            self.statuses[kind, status] += 1
            if status >= 500:
                self.fivexx.append((t0, t1, method, path, status))

    def no_answer(self, kind: str) -> None:
        with self.lock:
            self.requests[kind] += 1
            self.dropped[kind] += 1

    def record(self, post: Post) -> None:
        with self.lock:
            self.posts.append(post)

    def finding(self, text: str, figure: str = "") -> None:
        """Something wrong, kept for the report; ``figure`` names the figure it adds to."""
        with self.lock:
            self.findings.append(text)
            if figure == "double":
                self.double += 1
            elif figure == "lost":
                self.lost += 1
            elif figure == "refused":
                self.refused_changes += 1
            elif figure == "leak":
                self.leaks += 1

    def during_outage(self, t0: float, t1: float) -> bool:
        """Whether a request overlapped a time the database was down (killed, not yet back)."""
        return any(
            what == "postgres" and t0 <= back + 1.0 and t1 >= down for what, down, back in self.outages
        )


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str
    t0: float
    t1: float

    @property
    def location(self) -> str:
        return urllib.parse.urlsplit(self.headers.get("location", "")).path


class Client:
    """One browser: its own cookies and client address, one connection per request, no redirect
    followed.

    Every request carries what the TLS proxy in front of the app would add: ``X-Forwarded-Proto:
    https`` (so the app's cookies come back Secure, which ``http.cookiejar`` would not send over
    plain http: they are kept here by hand) and the client's address in ``X-Real-IP``, which the
    throttles on log-in, sign-up and joining count by.
    """

    def __init__(self, run: Run, address: str) -> None:
        self.run = run
        self.address = address
        self.cookies: dict[str, str] = {}
        self.origin = f"https://{HOST}:{run.port}"

    def copy(self, address: str | None = None) -> Client:
        twin = Client(self.run, address or self.address)
        twin.cookies = dict(self.cookies)
        return twin

    @property
    def token(self) -> str:
        return self.cookies.get("csrftoken", "")

    def get(self, path: str, kind: str, htmx: bool = False) -> Answer:
        return self.request("GET", path, kind, htmx=htmx)

    def post(self, path: str, fields: Fields, kind: str, htmx: bool = False) -> Answer:
        return self.request("POST", path, kind, fields=fields, htmx=htmx)

    def request(
        self,
        method: str,
        path: str,
        kind: str,
        *,
        fields: Fields | None = None,
        files: dict[str, tuple[str, bytes]] | None = None,
        htmx: bool = False,
        csrf: bool = True,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """Send one request; its answer, or Dropped when none came."""
        sent = {
            "Host": f"{HOST}:{self.run.port}",
            "User-Agent": "yu-chaos (tools/chaos.py)",
            "Accept": "text/html,*/*",
            "X-Forwarded-Proto": "https",
            "X-Real-IP": self.address,
            "Referer": self.origin + "/",
            "Connection": "close",
        }
        items = list(fields.items()) if isinstance(fields, Mapping) else list(fields or [])
        if method not in ("GET", "HEAD") and csrf:
            sent["Origin"] = self.origin
            value = self.token if token is None else token
            if htmx:
                sent["X-CSRFToken"] = value
            else:
                items.append(("csrfmiddlewaretoken", value))
        if htmx:
            sent |= {"HX-Request": "true", "HX-Current-URL": self.origin + path}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body: bytes | None = None
        if files is not None:
            boundary = "chaos" + secrets.token_hex(12)
            body = multipart(boundary, items, files)
            sent["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        elif method != "GET" and (items or fields is not None):
            body = urllib.parse.urlencode(items).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent |= headers or {}
        t0 = time.time()
        conn = http.client.HTTPConnection(HOST, self.run.port, timeout=60)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            text = response.read().decode("utf-8", errors="replace")
        except (OSError, http.client.HTTPException) as exc:
            self.run.no_answer(kind)
            raise Dropped(f"{method} {path}: {exc!r}") from exc
        finally:
            conn.close()
        t1 = time.time()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.keep(cookie)
        answer = Answer(response.status, {k.lower(): v for k, v in response.headers.items()}, text, t0, t1)
        self.run.answered(kind, method, path, response.status, t0, t1)
        return answer

    def keep(self, header: str) -> None:
        """Keep (or forget) a cookie from a Set-Cookie header, as a browser on https would."""
        pair, *attributes = header.split(";")
        name, _, value = pair.strip().partition("=")
        expired = any(a.strip().lower() in ("max-age=0", "max-age=-1") for a in attributes)
        if expired or value in ("", '""'):
            self.cookies.pop(name, None)
        else:
            self.cookies[name] = value


def multipart(
    boundary: str, items: Sequence[tuple[str, str | bytes]], files: dict[str, tuple[str, bytes]]
) -> bytes:
    parts: list[bytes] = []
    for name, value in items:
        data = value if isinstance(value, bytes) else value.encode()
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'.encode())
        parts.append(data + b"\r\n")
    for name, (filename, data) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
            "Content-Type: application/json\r\n\r\n"
        )
        parts.append(head.encode() + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts)


def read_board(text: str) -> tuple[int | None, list[str]]:
    """The board's version and the action keys its buttons post."""
    version = VERSION.search(text)
    keys = [html.unescape(k) for k in KEY.findall(text)]
    return (int(version.group(1)) if version else None), keys


def outcome_of(answer: Answer, code: str, htmx: bool) -> str:
    """Whether an act post was done (``ack``), asked about, refused, or is unknown."""
    if answer.status >= 500:
        return "unknown"
    if htmx and answer.status == 200 and "yu:acted" in answer.headers.get("hx-trigger", ""):
        return "ack"
    if not htmx and answer.status == 302 and answer.location == f"/c/{code}/":
        return "ack"
    if answer.status == 200 and ASKED in answer.text:
        return "asked"
    if 200 <= answer.status < 300:
        return "unknown"  # a success that says neither: it may have been written
    return "refused"


# -- players -------------------------------------------------------------------------------


class Player:
    """An account, signed up through the sign-up page, with the campaigns it started."""

    def __init__(self, run: Run, name: str, address: str) -> None:
        self.run = run
        self.name = name
        self.password = "Chaos-" + secrets.token_urlsafe(12)
        self.client = Client(run, address)
        self.campaigns: list[str] = []

    def sign_up(self, kind: str = "setup") -> Answer:
        self.client.get("/accounts/signup/", kind)
        form = {"username": self.name, "password1": self.password, "password2": self.password}
        return self.client.post("/accounts/signup/", form, kind)

    def start(self, name: str, kind: str = "setup") -> str:
        """Start a campaign from the form on the home page; its code."""
        home = self.client.get("/", kind)
        request = REQUEST.search(home.text)
        fields = {"name": name, "request": request.group(1) if request else str(uuid.uuid4())}
        answer = self.client.post("/campaigns/new/", fields, kind)
        found = CODE.match(answer.location)
        if answer.status != 302 or not found:
            raise SetupFailed(f"{self.name} could not start a campaign: {answer.status} {answer.location}")
        code = found.group(1)
        self.campaigns.append(code)
        with self.run.lock:
            self.run.names[code] = name
        return code

    def board(self, code: str, kind: str) -> tuple[Answer, int | None, list[str]]:
        answer = self.client.get(f"/c/{code}/", kind, htmx=False)
        version, keys = read_board(answer.text) if answer.status == 200 else (None, [])
        return answer, version, keys

    def act(
        self, code: str, key: str, version: int | str, kind: str, htmx: bool, confirm: bool = False
    ) -> tuple[Post, Answer | None]:
        fields = {"key": key, "version": str(version)}
        if confirm:
            fields["confirm"] = "yes"
        t0 = time.time()
        answer: Answer | None = None
        try:
            answer = self.client.post(f"/c/{code}/act/", fields, kind, htmx=htmx)
        except Dropped:
            post = Post(code, key, str(version), t0, time.time(), "unknown", 0, kind)
        else:
            post = Post(
                code, key, str(version), t0, answer.t1, outcome_of(answer, code, htmx), answer.status, kind
            )
            if post.outcome == "ack" and htmx:
                self.check_trigger(answer, post)
        self.run.record(post)
        return post, answer

    def check_trigger(self, answer: Answer, post: Post) -> None:
        """An htmx answer names the board's new version: one more than the one acted on."""
        try:
            version = json.loads(answer.headers["hx-trigger"])["yu:acted"]["version"]
        except (KeyError, ValueError, TypeError):
            return
        if version != int(post.version) + 1:
            self.run.finding(
                f"{post.code}: action {post.key!r} on version {post.version} answered version {version}",
                "double",
            )

    def join(self, token: str, kind: str) -> Answer:
        """Open an invite link (its token goes into the session), then join."""
        opened = self.client.post("/join/", {"token": token}, kind)
        if opened.status != 302:
            return opened
        return self.client.post("/join/", {}, kind)


def new_players(run: Run, count: int, prefix: str, first_address: int) -> list[Player]:
    players = [
        Player(
            run,
            f"{prefix}{i}-{secrets.token_hex(3)}",
            f"10.{first_address // 250}.{first_address % 250}.{i + 1}",
        )
        for i in range(count)
    ]
    for player in players:
        answer = player.sign_up()
        if answer.status != 302 or "sessionid" not in player.client.cookies:
            raise SetupFailed(f"sign-up of {player.name} answered {answer.status}")
    return players


def play(player: Player, rng: random.Random, stop: threading.Event, kind: str = "play") -> None:
    """Play the player's campaigns, a button at a time, until told to stop; start another when one ends.

    After a request that got no answer or a 5xx (a kill under way), wait a little longer each time,
    as a person reloading would."""
    failures = 0
    while not stop.is_set():
        if failures:
            stop.wait(min(2.0, 0.1 * 2**failures))
        code = player.campaigns[-1]
        try:
            answer, version, keys = player.board(code, kind)
        except Dropped:
            failures += 1
            continue
        if answer.status != 200 or version is None:
            failures += 1
            continue
        if not keys:
            try:
                player.start(f"Campaign {len(player.campaigns) + 1} of {player.name}", kind)
            except (Dropped, SetupFailed):
                failures += 1
            continue
        moves = [k for k in keys if k != "undo"] or keys
        key = "undo" if "undo" in keys and rng.random() < 0.08 else rng.choice(moves)
        post, _ = player.act(code, key, version, kind, htmx=rng.random() < 0.5)
        if post.outcome == "asked" and rng.random() < 0.8:
            post, _ = player.act(code, key, version, kind, htmx=rng.random() < 0.5, confirm=True)
        failures = failures + 1 if post.outcome == "unknown" else 0


# -- kills -----------------------------------------------------------------------------------


KILLS = ("worker", "master", "postgres")


def kill(world: World, run: Run, what: str, rng: random.Random) -> float:
    """SIGKILL one part of the server and bring it back; seconds until it answered again."""
    down = time.time()
    if what == "worker":
        world.kill_worker(rng)
    elif what == "master":
        world.kill_master()
    else:
        world.kill_database()
        world.start_database()
        world.database_ready()
    back = time.time()
    with run.lock:
        run.outages.append((what, down, back))
        run.kills[what] += 1
    return back - down


def play_with_kills(world: World, run: Run, players: list[Player], kills: int, seed: int) -> None:
    stop = threading.Event()
    threads = [
        threading.Thread(target=play, args=(p, random.Random(seed * 1000 + i), stop), daemon=True)
        for i, p in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    rng = random.Random(seed)
    try:
        time.sleep(3)
        for n in range(kills):
            what = KILLS[n % len(KILLS)]
            took = kill(world, run, what, rng)
            print(f"  kill {n + 1}/{kills}: {what}, back in {took:.1f} s", flush=True)
            time.sleep(2 + rng.random() * 2)
        if not kills:
            time.sleep(10)
    finally:
        stop.set()
        for thread in threads:
            thread.join(90)


# -- races -----------------------------------------------------------------------------------


def at_once(*calls: Callable[[], T]) -> list[T | Exception]:
    """Run the calls in threads released together by a barrier; their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list[T | Exception] = [Exception("not run")] * len(calls)

    def go(i: int, call: Callable[[], T]) -> None:
        barrier.wait()
        try:
            results[i] = call()
        except Exception as exc:
            results[i] = exc

    threads = [threading.Thread(target=go, args=(i, c), daemon=True) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


def status_of(result: object) -> int:
    if isinstance(result, Answer):
        return result.status
    if isinstance(result, tuple) and isinstance(result[0], Post):
        return int(result[0].status)
    return 0


def one_value(world: World, query: str, *params: object) -> Any:
    with psycopg.connect(world.database_url) as conn:
        row = conn.execute(query, params).fetchone()
        return row[0] if row else None


class Races:
    """The races, each fired from several threads at once; what must hold after each is checked."""

    def __init__(
        self, world: World, run: Run, rng: random.Random, owner: Player, friends: list[Player]
    ) -> None:
        self.world, self.run, self.rng = world, run, rng
        self.owner, self.friends = owner, friends
        self.kind = "race"

    def expect(self, holds: bool, what: str, figure: str = "") -> None:
        if not holds:
            self.run.finding(what, figure)

    def share(self, code: str, role: str, single_use: bool = False) -> str:
        """An invite link's token, made by the owner on the sharing page."""
        fields = {"role": role} | ({"single_use": "on"} if single_use else {})
        answer = self.owner.client.post(f"/c/{code}/invites/", fields, self.kind)
        found = INVITE_LINK.search(answer.text)
        if not found:
            raise SetupFailed(f"no invite link in the answer to the invite form ({answer.status})")
        return html.unescape(found.group(1))

    def seat_friends(self, code: str) -> None:
        token = self.share(code, "play")
        for friend in self.friends:
            answer = friend.join(token, self.kind)
            if answer.status != 302 or answer.location != f"/c/{code}/":
                raise SetupFailed(f"{friend.name} could not join with a play link: {answer.status}")

    def rival_actions(self, code: str, rounds: int) -> None:
        """Everyone at the table presses a different button on the same version: one may win."""
        racers = [self.owner, *self.friends]
        for _ in range(rounds):
            _, version, keys = self.owner.board(code, self.kind)
            moves = [k for k in keys if k != "undo"]
            if version is None or not moves:
                return
            self.rng.shuffle(moves)
            calls = [
                functools.partial(p.act, code, moves[i % len(moves)], version, self.kind, htmx=i % 2 == 0)
                for i, p in enumerate(racers)
            ]
            results = at_once(*calls)
            posts = [r[0] for r in results if isinstance(r, tuple)]
            wins = sum(p.outcome == "ack" for p in posts)
            self.run.races["rival actions"] += 1
            self.run.races["rival actions with one winner"] += wins == 1
            self.expect(
                wins <= 1, f"{code}: {wins} rival actions on version {version} were all done", "double"
            )
            if wins == 1:
                self.expect(
                    all(p.outcome == "ack" or p.status in (409, 0) or p.outcome == "asked" for p in posts),
                    f"{code}: a losing rival action was answered {[p.status for p in posts]}",
                )

    def actions_against(
        self, code: str, owner_call: Callable[[], Answer]
    ) -> tuple[Answer | Exception, list[Post]]:
        """The owner's request and the friends' actions on the current version, at once."""
        _, version, keys = self.owner.board(code, self.kind)
        moves = [k for k in keys if k != "undo"] or ["undo"]
        calls: list[Callable[[], Any]] = [owner_call]
        for i, friend in enumerate(self.friends):
            key = moves[i % len(moves)]
            calls.append(
                functools.partial(friend.act, code, key, version or 0, self.kind, self.rng.random() < 0.5)
            )
        results = at_once(*calls)
        return results[0], [r[0] for r in results[1:] if isinstance(r, tuple)]

    def delete_against_actions(self, code: str) -> None:
        name = self.run.names[code]
        answer, _ = self.actions_against(
            code, lambda: self.owner.client.post(f"/c/{code}/delete/", {"name": name}, self.kind)
        )
        self.run.races["delete against actions"] += 1
        deleted = one_value(
            self.world, "SELECT deleted IS NOT NULL FROM campaigns_campaign WHERE code = %s", code
        )
        if isinstance(answer, Answer) and answer.status == 302:
            self.expect(
                bool(deleted), f"{code}: delete was answered 302 but the campaign is not deleted", "lost"
            )
            after = self.friends[0].client.get(f"/c/{code}/", self.kind)
            self.expect(
                after.status in (404, 410), f"{code}: a deleted board answered {after.status} to a friend"
            )
            restore = self.owner.client.post(f"/c/{code}/restore/", {}, self.kind)
            self.expect(
                restore.status == 302 and restore.location == f"/c/{code}/",
                f"{code}: restore answered {restore.status} {restore.location}",
            )
            back = one_value(
                self.world, "SELECT deleted IS NULL FROM campaigns_campaign WHERE code = %s", code
            )
            self.expect(bool(back), f"{code}: restore was answered but the campaign is still deleted", "lost")
        else:
            self.expect(False, f"{code}: delete with the exact name answered {status_of(answer)}")

    def reset_against_actions(self, code: str) -> None:
        before = one_value(self.world, "SELECT run FROM campaigns_campaign WHERE code = %s", code)
        answer, _ = self.actions_against(
            code, lambda: self.owner.client.post(f"/c/{code}/reset/", {}, self.kind)
        )
        self.run.races["reset against actions"] += 1
        after = one_value(self.world, "SELECT run FROM campaigns_campaign WHERE code = %s", code)
        if isinstance(answer, Answer) and answer.status == 302:
            self.expect(
                after == before + 1, f"{code}: reset answered 302, run went {before} -> {after}", "lost"
            )
        else:
            self.expect(False, f"{code}: reset answered {status_of(answer)}")

    def rename_against_actions(self, code: str, n: int) -> None:
        name = f"Renamed {n} {secrets.token_hex(2)}"
        answer, _ = self.actions_against(
            code, lambda: self.owner.client.post(f"/c/{code}/rename/", {"name": name}, self.kind)
        )
        self.run.races["rename against actions"] += 1
        stored = one_value(self.world, "SELECT name FROM campaigns_campaign WHERE code = %s", code)
        if isinstance(answer, Answer) and answer.status == 302:
            self.run.names[code] = name
            self.expect(stored == name, f"{code}: rename answered 302 but the name is {stored!r}", "lost")
        else:
            self.expect(False, f"{code}: rename answered {status_of(answer)}")

    def role_against_actions(self, code: str) -> None:
        """The owner makes a player a watcher while they act, then takes another out, then lets them back."""
        friend, other = self.friends[0], self.friends[-1]
        members = self.owner.client.get(f"/c/{code}/members/", self.kind)
        codes = MEMBER.findall(members.text)
        who = {
            one_value(
                self.world,
                "SELECT u.username FROM campaigns_membership m JOIN auth_user u "
                "ON u.id = m.user_id WHERE m.code = %s",
                c,
            ): c
            for c in codes
        }
        if friend.name not in who or other.name not in who:
            raise SetupFailed(f"{code}: the sharing page does not list the friends")
        _, version, keys = friend.board(code, self.kind)
        moves = [k for k in keys if k != "undo"] or ["undo"]
        at_once(
            lambda: self.owner.client.post(
                f"/c/{code}/members/{who[friend.name]}/role/", {"role": "watch"}, self.kind
            ),
            lambda: friend.act(code, moves[0], version or 0, self.kind, htmx=True),
        )
        self.run.races["role change against an action"] += 1
        _, version, keys = self.owner.board(code, self.kind)
        post, _ = friend.act(code, (keys or ["undo"])[0], version or 0, self.kind, htmx=False)
        self.expect(
            post.status == 403, f"{code}: a player made watcher acted and got {post.status}", "refused"
        )
        self.owner.client.post(f"/c/{code}/members/{who[friend.name]}/role/", {"role": "play"}, self.kind)
        _, version, keys = other.board(code, self.kind)
        moves = [k for k in keys if k != "undo"] or ["undo"]
        at_once(
            lambda: self.owner.client.post(f"/c/{code}/members/{who[other.name]}/remove/", {}, self.kind),
            lambda: other.act(code, moves[0], version or 0, self.kind, htmx=False),
        )
        self.run.races["removal against an action"] += 1
        gone = other.client.get(f"/c/{code}/", self.kind)
        self.expect(gone.status == 404, f"{code}: a removed friend's board answered {gone.status}")
        back = other.join(self.share(code, "play"), self.kind)
        self.expect(
            back.status == 302 and back.location == f"/c/{code}/", f"{code}: rejoining answered {back.status}"
        )

    def twin_sign_ups(self, n: int) -> None:
        name = f"twin{n}-{secrets.token_hex(3)}"
        twins = [Player(self.run, name, f"10.200.{n % 250}.{i + 1}") for i in range(2)]
        twins[1].password = twins[0].password
        for twin in twins:
            twin.client.get("/accounts/signup/", self.kind)
        form = {"username": name, "password1": twins[0].password, "password2": twins[0].password}
        results = at_once(*(lambda t=t: t.client.post("/accounts/signup/", form, self.kind) for t in twins))
        self.run.races["identical sign-ups"] += 1
        made = sum(status_of(r) == 302 for r in results)
        users = one_value(self.world, "SELECT count(*) FROM auth_user WHERE username = %s", name)
        self.expect(
            users == 1, f"identical sign-ups of {name}: {users} accounts", "double" if users else "lost"
        )
        self.expect(
            made == 1,
            f"identical sign-ups of {name}: answered {[status_of(r) for r in results]}",
            "double" if made > 1 else "",
        )

    def double_create(self, n: int) -> None:
        home = self.owner.client.get("/", self.kind)
        request = REQUEST.search(home.text)
        if not request:
            raise SetupFailed("no request key in the create form")
        name = f"Double click {n}"
        fields = {"name": name, "request": request.group(1)}
        tabs = [self.owner.client.copy(), self.owner.client.copy()]
        results = at_once(*(lambda c=c: c.post("/campaigns/new/", fields, self.kind) for c in tabs))
        self.run.races["one create form posted twice"] += 1
        made = one_value(
            self.world, "SELECT count(*) FROM campaigns_campaign WHERE request = %s", request.group(1)
        )
        self.expect(made == 1, f"create form {request.group(1)} posted twice made {made} campaigns", "double")
        places = {r.location for r in results if isinstance(r, Answer) and r.status == 302}
        self.expect(len(places) == 1, f"create form posted twice answered {[status_of(r) for r in results]}")
        for place in places:
            if found := CODE.match(place):
                self.run.names[found.group(1)] = name

    def single_use_invite(self, code: str, n: int) -> None:
        token = self.share(code, "watch", single_use=True)
        rivals = new_players(self.run, 2, f"rival{n}-", 300 + n)
        for rival in rivals:
            opened = rival.client.post("/join/", {"token": token}, self.kind)
            self.expect(opened.status == 302, f"opening a single-use link answered {opened.status}")
        results = at_once(*(lambda r=r: r.client.post("/join/", {}, self.kind) for r in rivals))
        self.run.races["two friends, one single-use invite"] += 1
        statuses = sorted(status_of(r) for r in results)
        joined = one_value(
            self.world,
            "SELECT count(*) FROM campaigns_membership m JOIN auth_user u ON u.id = m.user_id "
            "WHERE u.username = ANY(%s) AND m.status = 'in'",
            [r.name for r in rivals],
        )
        used = one_value(
            self.world,
            "SELECT max(used_count) FROM campaigns_invite i "
            "JOIN campaigns_campaign c ON c.id = i.campaign_id "
            "WHERE c.code = %s AND i.single_use",
            code,
        )
        self.expect(joined == 1, f"single-use invite: {joined} friends got in (answers {statuses})", "double")
        self.expect(used == 1, f"single-use invite used {used} times", "double")


def races(world: World, run: Run, players: list[Player], rounds: int, seed: int) -> None:
    rng = random.Random(seed + 7)
    owner, friends = players[0], players[1:3]
    code = owner.start("Race table", "race")
    table = Races(world, run, rng, owner, friends)
    table.seat_friends(code)
    for n in range(rounds):
        table.rival_actions(code, 3)
        table.delete_against_actions(code)
        table.rival_actions(code, 1)
        table.rename_against_actions(code, n)
        table.reset_against_actions(code)
        table.role_against_actions(code)
        table.twin_sign_ups(n)
        table.double_create(n)
        table.single_use_invite(code, n)


# -- the hostile sweep -----------------------------------------------------------------------


SNAPSHOT = """
SELECT
  (SELECT md5(coalesce(string_agg(c::text, '|' ORDER BY c.id), '')) FROM campaigns_campaign c),
  (SELECT md5(coalesce(string_agg(concat_ws(':', g.id, g.version, g.outcome, g.updated), '|'
     ORDER BY g.id), ''))
     FROM campaigns_game g),
  (SELECT concat_ws(':', count(*), max(id)) FROM campaigns_gameaction),
  (SELECT md5(coalesce(string_agg(m::text, '|' ORDER BY m.id), '')) FROM campaigns_membership m),
  (SELECT md5(coalesce(string_agg(i::text, '|' ORDER BY i.id), '')) FROM campaigns_invite i),
  (SELECT md5(coalesce(string_agg(concat_ws(':', u.id, u.username, u.password, u.is_active, u.is_staff,
     u.is_superuser), '|' ORDER BY u.id), '')) FROM auth_user u)
"""
PARTS = ("campaigns", "games", "action rows", "memberships", "invites", "accounts")
TRAVERSALS = (
    "/static/../config/settings.py",
    "/static/..%2f..%2fconfig%2fsettings.py",
    "/static/%2e%2e/%2e%2e/etc/passwd",
    "/static/css/../../../../etc/passwd",
    "/c/../../etc/passwd",
    "/c/%2e%2e/%2e%2e/etc/passwd",
    "/..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e%5c%2e%2e%5cwindows%5cwin.ini",
    "/static/css/site.css%00.py",
    "//etc/passwd",
    "/join/..;/admin/",
    "/./campaigns/./new/",
    "/campaigns/import/../../manage.py",
    "/static/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd",
)


@dataclass
class Target:
    """What the hostile sweep aims at: an owner's campaign shared with a watcher and a player,
    a deleted one, and the people around them (all signed in but the anonymous one)."""

    code: str
    name: str
    version: int
    keys: list[str]
    deleted: str
    member: str
    invite: str
    export: bytes
    owner: Client
    owner_name: str
    watcher: Client
    player: Client
    stranger: Client
    anonymous: Client


@dataclass
class Hostile:
    """One hostile request: who sends it, and whether any answer but a refusal would be a leak."""

    label: str
    client: Client
    method: str
    path: str
    fields: Fields | None = None
    files: dict[str, tuple[str, bytes]] | None = None
    htmx: bool = False
    csrf: bool = True
    token: str | None = None
    headers: dict[str, str] | None = None
    refuse: bool = True
    """Only a refusal is right (4xx, or a redirect to log in): anything else lets it through."""


def junk(rng: random.Random) -> str | bytes:
    """A value no form should take: random bytes, control characters, very long, or just wrong."""
    choice = rng.randrange(9)
    if choice == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if choice == 1:
        return "x" * rng.choice((81, 201, 2_001, 20_000, 100_000))
    if choice == 2:
        return "".join(chr(rng.randrange(1, 0xD7FF)) for _ in range(rng.randrange(1, 40)))
    if choice == 3:
        return "\x00" + secrets.token_hex(4)
    if choice == 4:
        return "' OR 1=1 --"
    if choice == 5:
        return "<script>alert(1)</script>"
    if choice == 6:
        return "../../etc/passwd"
    if choice == 7:
        return "-1"
    return " \t\r\n"


def bad_key(rng: random.Random) -> str | bytes:
    choice = rng.randrange(6)
    if choice == 0:
        return "k" * rng.choice((65, 199, 200, 201, 5_000))
    if choice == 1:
        return ""
    if choice == 2:
        return f"play:{rng.randrange(-5, 99)}:?!"
    if choice == 3:
        return "undo;" + secrets.token_hex(3)
    return junk(rng)


def bad_version(rng: random.Random) -> str:
    return rng.choice(("-1", "", "abc", "1e3", "0x10", "1.5", " ", "NaN", "+-1", "\x00", "1 2"))


def stale_version(rng: random.Random, version: int) -> str:
    choices = [version + 1, version + 1000, 2**31, 2**63 + 5]
    if version > 0:
        choices += [version - 1, 0]
    return str(rng.choice(choices))


def tampered(export: bytes, rng: random.Random) -> bytes:
    """A real campaign file whose log no longer replays."""
    data = json.loads(export)
    log = data.get("log") or []
    where = rng.randrange(len(log) + 1)
    log.insert(where, rng.choice(("not-an-action", "play:99:zz", "undo", "🀄", "x" * 65)))
    data["log"] = log
    return json.dumps(data).encode()


def under(t: Target) -> list[str]:
    """Every address under a campaign's, as its code's suffix."""
    return [
        "",
        "act/",
        "story/",
        "rename/",
        "reset/",
        "delete/",
        "restore/",
        "export/",
        "live/",
        "members/",
        "invites/",
        f"invites/{t.invite}/revoke/",
        f"members/{t.member}/role/",
        f"members/{t.member}/remove/",
        "leave/",
    ]


def owner_only(t: Target) -> list[str]:
    return [
        "rename/",
        "reset/",
        "delete/",
        "export/",
        "members/",
        "invites/",
        f"invites/{t.invite}/revoke/",
        f"members/{t.member}/role/",
        f"members/{t.member}/remove/",
    ]


def good_fields(t: Target, path: str, rng: random.Random) -> Fields:
    """What the form at ``path`` would take from its owner: it must still be refused to others."""
    if path == "act/":
        return {"key": rng.choice(t.keys), "version": str(t.version)}
    if path == "rename/":
        return {"name": "Taken over"}
    if path == "delete/":
        return {"name": t.name}
    if path == "invites/":
        return {"role": "play", "single_use": "on"}
    if path.endswith("/role/"):
        return {"role": "play"}
    return {}


def forged_key(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": bad_key(rng), "version": str(t.version)}
    return Hostile("forged action key", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def malformed_version(rng: random.Random, t: Target) -> Hostile:
    fields: Fields = [("key", rng.choice(t.keys)), ("version", bad_version(rng))]
    if rng.random() < 0.3:
        fields = [("key", rng.choice(t.keys))]
    return Hostile("malformed version", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def stale(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": rng.choice([*t.keys, "undo"]), "version": stale_version(rng, t.version)}
    return Hostile("stale version", t.owner, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def bad_csrf(rng: random.Random, t: Target) -> Hostile:
    token = rng.choice((None, "", secrets.token_urlsafe(48)[:64], t.stranger.token, t.owner.token[::-1]))
    return Hostile(
        "action without a good CSRF token",
        t.owner,
        "POST",
        f"/c/{t.code}/act/",
        good_fields(t, "act/", rng),
        htmx=rng.random() < 0.3,
        csrf=token is not None,
        token=token,
    )


def other_origin(rng: random.Random, t: Target) -> Hostile:
    evil = {"Origin": "https://evil.example", "Referer": "https://evil.example/"}
    return Hostile(
        "action from another origin",
        t.owner,
        "POST",
        f"/c/{t.code}/act/",
        good_fields(t, "act/", rng),
        headers=evil,
    )


def watcher_acting(rng: random.Random, t: Target) -> Hostile:
    fields = {"key": rng.choice([*t.keys, "undo"]), "version": str(t.version)}
    return Hostile("watcher acting", t.watcher, "POST", f"/c/{t.code}/act/", fields, htmx=rng.random() < 0.3)


def stranger(rng: random.Random, t: Target) -> Hostile:
    path, method = rng.choice(under(t)), rng.choice(("GET", "POST"))
    fields = good_fields(t, path, rng) if method == "POST" else None
    return Hostile(
        "stranger's request", t.stranger, method, f"/c/{t.code}/{path}", fields, htmx=rng.random() < 0.3
    )


def member_as_owner(rng: random.Random, t: Target) -> Hostile:
    path = rng.choice(owner_only(t))
    method = "GET" if path in ("members/", "export/") else "POST"
    fields = good_fields(t, path, rng) if method == "POST" else None
    who = rng.choice((t.player, t.watcher))
    return Hostile("member doing the owner's part", who, method, f"/c/{t.code}/{path}", fields)


def deleted(rng: random.Random, t: Target) -> Hostile:
    """The deleted campaign: anyone but its owner restoring it, acting on it or renaming it."""
    who = rng.choice((t.player, t.watcher, t.stranger, t.anonymous))
    path = rng.choice(("restore/", "act/", "", "rename/", "delete/"))
    fields = {"key": rng.choice(t.keys), "version": "0"} if path == "act/" else {"name": "x"}
    method = "GET" if path == "" else "POST"
    return Hostile(
        "deleted campaign", who, method, f"/c/{t.deleted}/{path}", fields if method == "POST" else None
    )


def signed_out(rng: random.Random, t: Target) -> Hostile:
    path, method = rng.choice(under(t)), rng.choice(("GET", "POST"))
    fields = good_fields(t, path, rng) if method == "POST" else None
    return Hostile("signed out", t.anonymous, method, f"/c/{t.code}/{path}", fields)


def wrong_method(rng: random.Random, t: Target) -> Hostile:
    method = rng.choice(("PUT", "PATCH", "DELETE", "OPTIONS", "GET", "TRACE"))
    paths = ["act/", "invites/", "restore/", f"members/{t.member}/role/", f"members/{t.member}/remove/"]
    path = rng.choice((f"/c/{t.code}/{rng.choice(paths)}", "/campaigns/new/", "/campaigns/import/"))
    fields = None if method == "GET" else good_fields(t, "act/", rng)
    return Hostile(
        "wrong method", t.owner, method, path, fields, htmx=rng.random() < 0.3, refuse=method != "OPTIONS"
    )


def unknown(rng: random.Random, t: Target) -> Hostile:
    path = rng.choice(
        (
            "/" + secrets.token_hex(rng.randrange(1, 20)),
            "/c/",
            "/wp-login.php",
            "/.env",
            "/.git/config",
            "/c/" + secrets.token_hex(8) + "/",
            "/api/v1/campaigns",
            "/" + "a/" * 500,
            "/static/nothing.js",
        )
    )
    who = rng.choice((t.owner, t.stranger, t.anonymous))
    return Hostile("unknown address", who, rng.choice(("GET", "POST")), path, refuse=False)


def bad_code(rng: random.Random, t: Target) -> Hostile:
    code = rng.choice(
        (
            str(uuid.uuid4()),
            "not-a-uuid",
            "0" * 36,
            "%00",
            "1",
            str(uuid.uuid4())[:-1] + "g",
            "-" * 36,
            t.code[:-1],
        )
    )
    path = f"/c/{code}/{rng.choice(under(t))}"
    if rng.random() < 0.3:
        member = rng.choice(("nope", str(uuid.uuid4()), t.code))  # never a real member's or invite's
        what = rng.choice(("members", "invites"))
        path = f"/c/{t.code}/{what}/{member}/{rng.choice(('role', 'remove', 'revoke'))}/"
    method = rng.choice(("GET", "POST"))
    fields = good_fields(t, "act/", rng) if method == "POST" else None
    return Hostile("bad code", rng.choice((t.owner, t.stranger)), method, path, fields)


def traversal(rng: random.Random, t: Target) -> Hostile:
    who = rng.choice((t.owner, t.stranger, t.anonymous))
    return Hostile("path traversal", who, "GET", rng.choice(TRAVERSALS), refuse=False)


def junk_sign_up(rng: random.Random, t: Target) -> Hostile:
    """A sign-up that must not make an account: junk, or two passwords that differ."""
    password = secrets.token_urlsafe(10)
    fields: Fields = [("username", junk(rng)), ("password1", password), ("password2", password + "!")]
    if rng.random() < 0.3:  # junk as the password, and another password to confirm it
        fields = [("username", f"u{secrets.token_hex(4)}"), ("password1", junk(rng)), ("password2", password)]
    who = t.anonymous.copy(f"10.99.{rng.randrange(4)}.{rng.randrange(1, 4)}")
    return Hostile("junk sign-up", who, "POST", "/accounts/signup/", fields, refuse=False)


def junk_log_in(rng: random.Random, t: Target) -> Hostile:
    who = t.anonymous.copy(f"10.98.0.{rng.randrange(1, 4)}")
    fields = [("username", rng.choice((junk(rng), "admin", t.owner_name))), ("password", junk(rng))]
    headers = {"User-Agent": "Mozilla/5.0 " + "A" * rng.choice((10, 300, 3_000))}
    return Hostile("junk log-in", who, "POST", "/accounts/login/", fields, headers=headers, refuse=False)


def junk_create(rng: random.Random, t: Target) -> Hostile:
    fields = rng.choice(
        (
            [("name", "x" * rng.choice((81, 500, 50_000))), ("request", str(uuid.uuid4()))],
            [("name", rng.choice(("", "   ", "\t\n"))), ("request", str(uuid.uuid4()))],
            [("name", "Fine name"), ("request", rng.choice(("not-a-uuid", "1", "0" * 37, "' OR 1=1")))],
            [("name", "\x00nul"), ("request", str(uuid.uuid4()))],
        )
    )
    return Hostile("junk create", t.stranger, "POST", "/campaigns/new/", fields, htmx=rng.random() < 0.3)


def junk_rename(rng: random.Random, t: Target) -> Hostile:
    if rng.random() < 0.5:
        fields = [("name", rng.choice(("", "   ", "y" * 81, "y" * 100_000, "\x00")))]
        return Hostile("junk rename", t.owner, "POST", f"/c/{t.code}/rename/", fields, refuse=False)
    return Hostile("junk rename", t.stranger, "POST", f"/c/{t.code}/rename/", [("name", junk(rng))])


def delete_without_name(rng: random.Random, t: Target) -> Hostile:
    name = rng.choice((t.name.upper(), t.name.lower(), "", junk(rng), t.name[:-1], t.name + "."))
    if isinstance(name, str) and name.strip() == t.name:  # the form strips what is typed
        name = "not it"
    return Hostile("delete without the name", t.owner, "POST", f"/c/{t.code}/delete/", [("name", name)])


def junk_sharing(rng: random.Random, t: Target) -> Hostile:
    """Invite and role forms with junk, by the owner."""
    if rng.random() < 0.5:
        fields = [("role", junk(rng)), ("single_use", junk(rng))]
        return Hostile("junk invite", t.owner, "POST", f"/c/{t.code}/invites/", fields)
    member = rng.choice((t.member, str(uuid.uuid4())))
    fields = [("role", rng.choice(("owner", "admin", "", "PLAY", junk(rng))))]
    return Hostile("junk role", t.owner, "POST", f"/c/{t.code}/members/{member}/role/", fields)


def junk_token(rng: random.Random, t: Target) -> Hostile:
    token = rng.choice((secrets.token_urlsafe(32), "", junk(rng), "x" * 2_001, "#", "https://x/join/#abc"))
    return Hostile("junk join token", t.stranger, "POST", "/join/", [("token", token)], refuse=False)


def junk_import(rng: random.Random, t: Target) -> Hostile:
    """A campaign file that must not import: not JSON, not a campaign's, or a real one with its log
    tampered with."""
    header = '{"format": "legacy-of-yu/campaign", "version": 1, "name": "x", '
    data = rng.choice(
        (
            b"not json at all",
            bytes(rng.randrange(256) for _ in range(200)),
            b'{"format": "something-else", "version": 1}',
            b'{"format": "legacy-of-yu/campaign", "version": 99}',
            b"[1, 2, 3]",
            (header + '"seed": -1, "log": []}').encode(),
            (header + '"seed": 1, "log": [1, 2]}').encode(),
            tampered(t.export, rng),
            tampered(t.export, rng),
            b"",
        )
    )
    if rng.random() < 0.01:
        data = b" " * 2_100_000
    files = {"file": ("campaign.yu.json", data)}
    return Hostile("junk import", t.stranger, "POST", "/campaigns/import/", [], files=files)


def junk_password(rng: random.Random, t: Target) -> Hostile:
    new = "Abc-12345-xyz"
    fields = [("old_password", junk(rng)), ("new_password1", new), ("new_password2", new)]
    return Hostile("junk password change", t.stranger, "POST", "/accounts/password/", fields, refuse=False)


def too_big(rng: random.Random, t: Target) -> Hostile:
    """Forms with too many fields, or too many bytes."""
    if rng.random() < 0.5:
        many = [(f"f{i}", "1") for i in range(rng.choice((999, 1_001, 5_000)))]
        many += [("key", rng.choice(t.keys)), ("version", stale_version(rng, t.version))]
        return Hostile("too many fields", t.owner, "POST", f"/c/{t.code}/act/", many, refuse=False)
    big = [("name", "z" * 2_700_000)]
    return Hostile("over-long form", t.owner, "POST", f"/c/{t.code}/rename/", big, refuse=False)


HOSTILE: tuple[tuple[Callable[[random.Random, Target], Hostile], int], ...] = (
    (forged_key, 8),
    (malformed_version, 5),
    (stale, 5),
    (bad_csrf, 6),
    (other_origin, 3),
    (watcher_acting, 6),
    (stranger, 10),
    (member_as_owner, 8),
    (deleted, 4),
    (signed_out, 5),
    (wrong_method, 5),
    (unknown, 4),
    (bad_code, 5),
    (traversal, 3),
    (junk_sign_up, 3),
    (junk_log_in, 1),  # each costs a password hash (Django hashes even for unknown users): rare
    (junk_create, 3),
    (junk_rename, 3),
    (delete_without_name, 3),
    (junk_sharing, 3),
    (junk_token, 3),
    (junk_import, 4),
    (junk_password, 1),
    (too_big, 1),
)
"""Every kind of hostile request, with its weight."""


def every(t: Target, rng: random.Random) -> list[Hostile]:
    """Every address under the campaign, both ways, for a stranger and for nobody signed in; every
    owner's address for the watcher and the player; and the watcher's actions. The sweep starts with
    these, so that none is left to chance."""
    requests = []
    for path in under(t):
        for method in ("GET", "POST"):
            fields = good_fields(t, path, rng) if method == "POST" else None
            requests.append(Hostile("stranger's request", t.stranger, method, f"/c/{t.code}/{path}", fields))
            requests.append(Hostile("signed out", t.anonymous, method, f"/c/{t.code}/{path}", fields))
    for who in (t.watcher, t.player):
        for path in owner_only(t):
            method = "GET" if path in ("members/", "export/") else "POST"
            fields = good_fields(t, path, rng) if method == "POST" else None
            requests.append(
                Hostile("member doing the owner's part", who, method, f"/c/{t.code}/{path}", fields)
            )
    for key in [*t.keys, "undo"]:
        fields = {"key": key, "version": str(t.version)}
        requests.append(Hostile("watcher acting", t.watcher, "POST", f"/c/{t.code}/act/", fields))
    return requests


def hostile(rng: random.Random, t: Target) -> Hostile:
    """One request, drawn at random, that the app must refuse (or answer without changing anything)."""
    make = rng.choices([k for k, _ in HOSTILE], weights=[w for _, w in HOSTILE])[0]
    return make(rng, t)


def describe(h: Hostile) -> str:
    """A hostile request's fields and headers, short enough to print: each value's length and start."""

    def short(value: str | bytes) -> str:
        return f"{len(value)} chars {value[:20]!r}" if len(value) > 20 else repr(value)

    fields = h.fields.items() if isinstance(h.fields, Mapping) else (h.fields or [])
    parts = [f"{name}={short(value)}" for name, value in fields]
    parts += [f"{name}: {short(value)}" for name, value in (h.headers or {}).items()]
    parts += [f"file {name}: {len(data)} bytes" for name, (_, data) in (h.files or {}).items()]
    return ", ".join(parts) or "no fields"


def raw_junk(run: Run, rng: random.Random) -> int:
    """Bytes that are no HTTP request, straight onto a socket; the status answered (0 for none)."""
    payload = rng.choice(
        (
            bytes(rng.randrange(256) for _ in range(rng.randrange(1, 512))),
            b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            b"POST /c/ HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999\r\n\r\nshort",
            b"GET / HTTP/1.1\r\n" + b"X-Junk: y\r\n" * 200 + b"\r\n",
            b"BREW /coffee HTCPCP/1.0\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: " + bytes(rng.randrange(128, 256) for _ in range(20)) + b"\r\n\r\n",
        )
    )
    t0 = time.time()
    try:
        with socket.create_connection((HOST, run.port), timeout=10) as sock:
            sock.sendall(payload)
            sock.shutdown(socket.SHUT_WR)
            head = sock.recv(64)
    except OSError:
        head = b""
    found = re.match(rb"HTTP/1\.[01] (\d{3})", head)
    status = int(found.group(1)) if found else 0
    if status:
        run.answered("hostile", "RAW", "(raw bytes)", status, t0, time.time())
    else:
        run.no_answer("hostile")
    return status


def refused(answer: Answer) -> bool:
    """A refusal: a 4xx, or a redirect to the log-in page."""
    return 400 <= answer.status < 500 or (
        answer.status == 302 and answer.location.startswith("/accounts/login/")
    )


def prepare_target(world: World, run: Run, players: list[Player]) -> Target:
    owner, watcher, player, stranger = players[3], players[4], players[5], players[0]
    code = owner.campaigns[-1]
    tables = Races(world, run, random.Random(0), owner, [])
    for who, role in ((watcher, "watch"), (player, "play")):
        answer = who.join(tables.share(code, role), "setup")
        if answer.status != 302:
            raise SetupFailed(f"{who.name} could not join as {role}: {answer.status}")
    members = owner.client.get(f"/c/{code}/members/", "setup")
    member = MEMBER.search(members.text)
    invite = INVITE_ROW.search(members.text)
    export = owner.client.get(f"/c/{code}/export/", "setup")
    doomed = owner.start("To be deleted", "setup")
    gone = owner.client.post(f"/c/{doomed}/delete/", {"name": "To be deleted"}, "setup")
    _, version, keys = owner.board(code, "setup")
    if not (member and invite and export.status == 200 and gone.status == 302 and version is not None):
        raise SetupFailed("the hostile sweep's target could not be set up")
    anonymous = Client(run, "10.97.0.1")
    anonymous.get("/accounts/login/", "setup")  # for its CSRF cookie
    return Target(
        code,
        run.names[code],
        version,
        [k for k in keys if k != "undo"] or ["undo"],
        doomed,
        member.group(1),
        invite.group(1),
        export.text.encode(),
        owner.client,
        owner.name,
        watcher.client,
        player.client,
        stranger.client,
        anonymous,
    )


def sweep(
    world: World, run: Run, target: Target, requests: int, threads: int, seed: int
) -> tuple[Counter[str], Counter[str]]:
    """``requests`` hostile requests from ``threads`` threads; the database is read before and after each.

    The sweep is the only traffic then, and none of it may change anything: a change seen while a
    request was under way is counted once (threads that overlap see the same change), with the requests
    that saw it kept for the report. Returns the answers by status, and the requests by kind."""
    rng = random.Random(seed)
    first = every(target, rng)[:requests]
    handed: Iterator[Hostile | None] = iter([*first, *(None for _ in range(requests - len(first)))])
    hand = threading.Lock()
    changes: dict[tuple[tuple[str, ...], tuple[str, ...]], list[tuple[bool, str]]] = {}
    answers: Counter[str] = Counter()
    kinds: Counter[str] = Counter()

    def worker(n: int) -> None:
        rng = random.Random(seed * 7919 + n)
        with psycopg.connect(world.database_url, autocommit=True) as conn:
            state: tuple[str, ...] = tuple(conn.execute(SNAPSHOT).fetchone() or ())
            while True:
                try:
                    with hand:
                        given = next(handed)
                except StopIteration:
                    return
                if given is None and rng.random() < 0.01:
                    status = raw_junk(run, rng)
                    ok = status < 500
                    what = f"raw bytes -> {status or 'closed'}"
                    with run.lock:
                        answers[f"{status or 'closed'} (raw bytes)"] += 1
                        kinds["raw bytes"] += 1
                else:
                    h = given or hostile(rng, target)
                    try:
                        answer = h.client.copy().request(  # a copy: the target's cookies stay as they are
                            h.method,
                            h.path,
                            "hostile",
                            fields=h.fields,
                            files=h.files,
                            htmx=h.htmx,
                            csrf=h.csrf,
                            token=h.token,
                            headers=h.headers,
                        )
                    except Dropped:
                        continue
                    ok = refused(answer)
                    what = f"{h.label}: {h.method} {h.path[:100]} -> {answer.status}"
                    with run.lock:
                        kinds[h.label] += 1
                        answers[f"{answer.status} ({'refused' if refused(answer) else 'answered'})"] += 1
                    if h.refuse and not refused(answer) and answer.status < 500:
                        run.finding(f"let through: {what}", "leak")
                    if answer.status >= 500:
                        run.finding(f"{what}, with {describe(h)}")
                after = tuple(conn.execute(SNAPSHOT).fetchone() or ())
                if after != state:
                    with run.lock:
                        changes.setdefault((state, after), []).append((ok, what))
                    state = after

    pool = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    for (before, after), seen in changes.items():
        parts = ", ".join(p for p, a, b in zip(PARTS, before, after, strict=False) if a != b)
        suspects = [what for _, what in sorted(seen)]  # those not refused first
        run.finding(f"state changed ({parts}) during: {'; '.join(suspects[:3])}", "refused")
    return answers, kinds


# -- checks ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    id: int
    code: str
    key: str
    created: float


def check_ledger(world: World, run: Run) -> dict[str, int]:
    """Every acknowledged action against the action rows stored for its campaign.

    An action row is written inside the request that wrote it, so each acknowledged post must find a
    row of its key, in its campaign, written between its sending and its answer (lost if none); each
    row must be explained by one post (double-applied if none); a row that only a refused post can
    explain is a state change from a refused request. Two acknowledged posts from one version of one
    campaign are double-applied too (only one write can move a version on). Rows written during the
    hostile sweep are left to its own check."""
    with psycopg.connect(world.database_url) as conn:
        found = conn.execute(
            "SELECT a.id, c.code::text, a.key, extract(epoch FROM a.created)::float8 "
            "FROM campaigns_gameaction a "
            "JOIN campaigns_game g ON g.id = a.game_id JOIN campaigns_campaign c ON c.id = g.campaign_id"
        ).fetchall()
    rows: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for row_id, code, key, created in found:
        rows[code, key].append(Row(row_id, code, key, created))
    for same in rows.values():
        same.sort(key=lambda r: r.created)
    used: set[int] = set()

    def match(posts: list[Post]) -> list[Post]:
        """Give each post the earliest unused row that it could have written; the posts left without."""
        left = []
        for post in sorted(posts, key=lambda p: p.t1):
            row = next(
                (
                    r
                    for r in rows[post.code, post.key]
                    if r.id not in used and post.t0 - MARGIN <= r.created <= post.t1 + MARGIN
                ),
                None,
            )
            if row is None:
                left.append(post)
            else:
                used.add(row.id)
        return left

    by_outcome: dict[str, list[Post]] = defaultdict(list)
    for post in run.posts:
        by_outcome[post.outcome].append(post)
    lost = match(by_outcome["ack"])
    match(by_outcome["unknown"])
    refused_rows = len(by_outcome["refused"] + by_outcome["asked"]) - len(
        match(by_outcome["refused"] + by_outcome["asked"])
    )
    start, end = run.sweep
    unexplained = [
        r
        for same in rows.values()
        for r in same
        if r.id not in used and not start <= r.created <= end + MARGIN
    ]
    versions = Counter((p.code, p.version) for p in by_outcome["ack"])
    twice = sum(n - 1 for n in versions.values() if n > 1)
    for post in lost[:5]:
        run.findings.append(
            f"lost: {post.code} {post.key!r} from version {post.version}, answered {post.status}"
        )
    for row in unexplained[:5]:
        run.findings.append(f"no request explains action row {row.id} ({row.code} {row.key!r})")
    for (code, version), n in versions.items():
        if n > 1:
            run.findings.append(f"{n} actions acknowledged from version {version} of {code}")
    return {
        "acknowledged": len(by_outcome["ack"]),
        "rows": sum(len(s) for s in rows.values()),
        "lost": len(lost),
        "double": len(unexplained) + twice,
        "refused": refused_rows,
    }


def replay_all(world: World, run: Run) -> tuple[int, int]:
    """Every stored game rebuilt from its log (what ``manage.py replaygame`` does): how many games,
    and how many differences with what is stored."""
    os.environ.update(world.env())
    sys.path[:0] = [str(world.dir), str(ROOT)]
    import django

    django.setup()
    from campaigns import store
    from campaigns.models import Game

    games = differences = 0
    for game in Game.objects.select_related("campaign").order_by("pk"):
        games += 1
        try:
            found = store.replay_differences(game)
        except Exception as exc:  # a log that does not replay at all is a difference too
            found = [f"replay failed: {exc!r}"]
        differences += len(found)
        for line in found[:3]:
            run.findings.append(f"game {game.pk} ({game.campaign.code}): {line}")
    return games, differences


STAMP = re.compile(r"^(?:\[)?(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)")
"""The start of a record in gunicorn's log: its own lines and Django's both begin with the time."""
EXCEPTION = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception|Exit)\b")


def read_server_log(world: World, run: Run) -> tuple[int, int, int, list[str]]:
    """Errors logged with a traceback in gunicorn's log: how many; how many were the database being
    down (a connection error while it was); how many were Django's security log of a request it
    refused with 400 (too big, too many fields, a bad Host header); and the first line and exception
    of the others.

    An error counts once, however many tracebacks its chain of exceptions prints."""
    text = world.server_log.read_text(errors="replace") if world.server_log.exists() else ""
    records: list[list[str]] = []
    for line in text.splitlines():
        if STAMP.match(line) or not records:
            records.append([line])
        else:
            records[-1].append(line)
    total = outage = security = 0
    others: list[str] = []
    for record in records:
        if not any("Traceback (most recent call last)" in line for line in record):
            continue
        total += 1
        raised = [line for line in record if EXCEPTION.match(line)]
        stamp = STAMP.match(record[0])
        when = time.mktime(time.strptime(stamp.group(1), "%Y-%m-%d %H:%M:%S")) if stamp else 0.0
        database = any(re.search(r"\b(OperationalError|InterfaceError)\b", line) for line in raised)
        if database and run.during_outage(when - 1.5, when + 1.5):
            outage += 1
        elif " ERROR django.security." in record[0]:
            security += 1
        else:
            others.append(f"{record[0][:160]} ... {(raised or record)[-1][:200]}")
    return total, outage, security, others


def access_fivexx(world: World) -> int:
    if not world.access_log.exists():
        return 0
    return sum(
        1
        for line in world.access_log.read_text(errors="replace").splitlines()
        if re.search(r'" 5\d\d ', line)
    )


# -- the run ---------------------------------------------------------------------------------


def stop(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C or a plain kill: stop where the run is, then clean up."""
    raise KeyboardInterrupt


@contextlib.contextmanager
def phase(name: str, timings: dict[str, float]) -> Iterator[None]:
    print(f"{name}...", flush=True)
    start = time.monotonic()
    yield
    timings[name] = time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=5000, help="hostile requests in the sweep")
    parser.add_argument("--kills", type=int, default=6, help="kills (worker, master, postmaster in turn)")
    parser.add_argument("--seed", type=int, default=1, help="seeds every random choice of the run")
    parser.add_argument(
        "--players", type=int, default=6, help="accounts playing during the kills (at least 6)"
    )
    parser.add_argument("--races", type=int, default=4, help="rounds of every race")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--threads", type=int, default=4, help="threads per gunicorn worker")
    args = parser.parse_args()
    if args.players < 6:
        parser.error("--players must be at least 6")
    for signum in (signal.SIGINT, signal.SIGTERM):  # SIGINT too: a shell may start a job with it ignored
        signal.signal(signum, stop)
    started = time.monotonic()
    timings: dict[str, float] = {}
    world = World(args.workers, args.threads)
    run = Run(world.port)
    try:
        with phase("setting up Postgres, migrations and gunicorn", timings):
            world.open()
        with phase(f"signing up {args.players} players", timings):
            players = new_players(run, args.players, "player", 0)
            for player in players:
                player.start(f"First campaign of {player.name}")
        with phase(f"playing, with {args.kills} kills", timings):
            play_with_kills(world, run, players, args.kills, args.seed)
        with phase("races", timings):
            races(world, run, players, args.races, args.seed)
        with phase(f"hostile sweep of {args.requests} requests", timings):
            target = prepare_target(world, run, players)
            start = time.time()
            answers, hostile_kinds = sweep(world, run, target, args.requests, 6, args.seed)
            run.sweep = (start, time.time())
        with phase("checking", timings):
            ledger = check_ledger(world, run)
            games, differences = replay_all(world, run)
            tracebacks, outage_tracebacks, security, other_tracebacks = read_server_log(world, run)
            logged_fivexx = access_fivexx(world)
    except SetupFailed as exc:
        print(f"the run could not go on: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("stopped; cleaning up", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the cleaning short
        world.close()
    seconds = time.monotonic() - started

    outage = [f for f in run.fivexx if f[4] == 503 and run.during_outage(f[0], f[1])]
    fivexx = [f for f in run.fivexx if f not in outage]
    figures = {
        "5xx answers": len(fivexx),
        "double-applied actions": ledger["double"] + run.double,
        "lost acknowledged actions": ledger["lost"] + run.lost,
        "replay differences": differences,
        "state changes from refused requests": ledger["refused"] + run.refused_changes,
    }
    acks = Counter(p.kind for p in run.posts if p.outcome == "ack")
    print()
    print(
        f"chaos run: seed {args.seed}, {args.players} players, gunicorn {args.workers} workers x "
        f"{args.threads} threads, DEBUG off, behind a pretend TLS proxy"
    )
    print(f"took {seconds:.0f} s: " + ", ".join(f"{name} {t:.0f} s" for name, t in timings.items()))
    kinds = ("setup", "play", "race", "hostile")
    print(
        "requests: "
        + ", ".join(f"{k} {run.requests[k]}" for k in kinds)
        + f"; {sum(run.requests.values())} in all"
    )
    print(
        "  without an answer (connection refused or cut): "
        + ", ".join(f"{k} {run.dropped[k]}" for k in kinds if run.dropped[k])
        if run.dropped
        else "  every request was answered"
    )
    print(
        f"actions acknowledged: play {acks['play']}, races {acks['race']}; "
        f"{ledger['rows']} action rows stored in {games} games"
    )
    for kind in ("play", "race"):
        answered = sorted((status, n) for (k, status), n in run.statuses.items() if k == kind)
        print(f"{kind} answers: " + ", ".join(f"{status} x{n}" for status, n in answered))
    print("kills: " + (", ".join(f"{what} {n}" for what, n in run.kills.items()) or "none"))
    if run.races:
        print("races: " + ", ".join(f"{what} {n}" for what, n in run.races.items()))
    print("hostile answers: " + ", ".join(f"{k} x{n}" for k, n in sorted(answers.items())))
    print("hostile requests by kind: " + ", ".join(f"{k} {n}" for k, n in hostile_kinds.most_common()))
    print(f"answers let through that should have been refused: {run.leaks}")
    print(f"503 answers while the database was down (killed on purpose; not counted below): {len(outage)}")
    print(
        f"server log: {tracebacks} errors logged with a traceback: {outage_tracebacks} the database being "
        f"down, {security} Django's security log of a 400, {len(other_tracebacks)} others"
    )
    print(f"5xx in gunicorn's access log: {logged_fivexx}")
    for line in other_tracebacks[:10]:
        print(f"  traceback: {line}")
    for method_path in fivexx[:10]:
        print(f"  5xx: {method_path[2]} {method_path[3][:120]} -> {method_path[4]}")
    for finding in run.findings[:30]:
        print(f"  finding: {finding}")
    print()
    for name, value in figures.items():
        print(f"{name}: {value}")
    return 1 if any(figures.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
