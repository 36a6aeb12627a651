"""The production server (gunicorn with a uvicorn worker, DEBUG off) in a real browser: a
watcher's board, and a friend's table, get the owner's move by its event stream, not by polling."""

from __future__ import annotations

import http.client
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from playwright.sync_api import Browser, Page, Request, expect

from campaigns import seats
from campaigns.sharing import membership
from campaigns.sharing.models import Membership, Role
from tests import play

from .conftest import ARTIFACTS, PASSWORD
from .test_board import click_action, version

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = '''"""The project's settings, with static files collected into the test's own directory."""

from config.settings import *  # noqa: F403

STATIC_ROOT = {static!r}
'''
LIVE = 2_000
"""How soon an open board shows what someone else did (ms)."""


def database_url() -> str:
    """The test database, as the server reaches it."""
    db = connection.settings_dict
    user = urllib.parse.quote(db["USER"] or "")
    password = urllib.parse.quote(db["PASSWORD"] or "")
    host, port = db["HOST"] or db["OPTIONS"].get("host", ""), db["PORT"] or ""
    if host.startswith("/"):  # a socket directory
        return f"postgresql://{user}:{password}@/{db['NAME']}?host={host}"
    return f"postgresql://{user}:{password}@{host}:{port or 5432}/{db['NAME']}"


def wait_until_up(port: int, server: subprocess.Popen[bytes], log: Path) -> None:
    until = time.monotonic() + 60
    while time.monotonic() < until:
        if server.poll() is not None:
            raise AssertionError(f"gunicorn exited:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/rules/")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.1)
        finally:
            conn.close()
    raise AssertionError(f"gunicorn did not answer:\n{log.read_text(errors='replace')[-3000:]}")


@pytest.fixture(scope="module")
def production_server(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """gunicorn -c config/gunicorn.py config.asgi, one worker, on a free port and the test database;
    its address."""
    here = tmp_path_factory.mktemp("production")
    (here / "e2e_settings.py").write_text(SETTINGS.format(static=str(here / "static")))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.environ.get("HOME", "/tmp"),
        "LANG": "C.UTF-8",
        "PYTHONPATH": f"{here}{os.pathsep}{ROOT}",
        "DJANGO_SETTINGS_MODULE": "e2e_settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": database_url(),
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_COOKIES": "0",
        "SECURE_HSTS_SECONDS": "0",
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "1",
    }
    collect = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        check=False,
    )
    assert collect.returncode == 0, collect.stderr.decode(errors="replace")
    log = here / "server.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "config/gunicorn.py",
                "--no-control-socket",
                "config.asgi",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_up(port, server, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        try:
            server.wait(15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


@pytest.fixture
def owner_and_watcher(browser: Browser) -> Iterator[tuple[Page, Page]]:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    for context in contexts:
        context.set_default_timeout(10_000)
    yield contexts[0].new_page(), contexts[1].new_page()
    for context in contexts:
        context.close()


def log_in(page: Page, server: str, name: str) -> None:
    page.goto(f"{server}/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()


def test_it_brings_the_owners_move_to_a_watcher_by_the_stream(
    owner_and_watcher: tuple[Page, Page], production_server: str, transactional_db: None
) -> None:
    owner, watcher = owner_and_watcher
    alice = User.objects.create_user("alice", password=PASSWORD)
    carol = User.objects.create_user("carol", password=PASSWORD)
    campaign = play.create_campaign(alice, "Streamed River")
    member = Membership.objects.create(campaign=campaign, user=carol, role=Role.WATCH)
    board = f"{production_server}{campaign.get_absolute_url()}"
    log_in(owner, production_server, "alice")
    log_in(watcher, production_server, "carol")

    polls: list[float] = []

    streams: list[str] = []

    def polled(request: Request) -> None:
        if "/live/" in request.url:
            polls.append(time.monotonic())
        if "/events/" in request.url:
            streams.append(request.url)

    watcher.on("request", polled)
    with watcher.expect_response(lambda r: "/events/" in r.url) as opened:
        watcher.goto(board)
    stream = opened.value
    assert stream.status == 200
    assert stream.headers["content-type"] == "text/event-stream"
    assert "content-encoding" not in stream.headers  # Chromium reads no further than a first gzip member
    watcher.evaluate("window.notReloaded = true")
    watcher.wait_for_timeout(300)  # the stream's open event has reached the page
    since = time.monotonic()
    watcher.wait_for_timeout(1_500)  # the poll's timer fires, and is held back
    assert [t for t in polls if t > since] == []

    owner.goto(board)
    click_action(owner, "#hand button[value^='play:']")
    assert version(owner) == 1
    expect(watcher.locator("#board-version")).to_have_value("1", timeout=LIVE)
    expect(watcher.locator("#log .log > li")).to_have_count(1)
    assert watcher.locator("#hand .card").all_inner_texts() == owner.locator("#hand .card").all_inner_texts()
    assert watcher.evaluate("window.notReloaded") is True
    token = watcher.locator("#act [name=csrfmiddlewaretoken]").input_value()
    assert len(token) == 64, token
    # The next move: the watcher's page shows the version before it, so only what changed comes.
    click_action(owner, "#decision button[name=key]:not([value=undo]), #hand button[name=key]")
    expect(watcher.locator("#board-version")).to_have_value(str(version(owner)), timeout=LIVE)
    log = "#log .log > li"
    assert watcher.locator(log).all_inner_texts() == owner.locator(log).all_inner_texts()
    assert len(streams) == 1, streams  # not opened again for the whole board
    assert watcher.evaluate("window.notReloaded") is True
    assert [t for t in polls if t > since] == [], "the watcher's board polled"
    ARTIFACTS.mkdir(exist_ok=True)
    watcher.screenshot(path=ARTIFACTS / "test_events-watcher-saw-the-move.png", full_page=True)

    # Taken out by the owner, the watcher's board reloads into a page that says so.
    membership.remove(member)
    expect(watcher.get_by_role("heading", name="Not found")).to_be_visible(timeout=LIVE)


def test_a_table_is_kept_live_by_the_stream(
    owner_and_watcher: tuple[Page, Page], production_server: str, transactional_db: None
) -> None:
    owner, friend = owner_and_watcher
    alice = User.objects.create_user("alice", password=PASSWORD)
    bob = User.objects.create_user("bob", password=PASSWORD)
    table = play.create_table(alice, "legacy", "Streamed numbers", ["owner", "open"])
    Membership.objects.create(campaign=table, user=bob, role=Role.PLAY)
    seats.take_seat(table, bob)
    url = f"{production_server}{table.get_absolute_url()}"
    log_in(owner, production_server, "alice")
    log_in(friend, production_server, "bob")

    polls: list[str] = []
    friend.on("request", lambda r: polls.append(r.url) if "/live/" in r.url else None)
    for page in (owner, friend):
        with page.expect_response(lambda r: "/events/" in r.url) as opened:
            page.goto(url)
        assert opened.value.status == 200
    friend.wait_for_timeout(300)  # the stream's open event has reached the page
    first = owner.locator("#legacy-number").inner_text()
    owner.get_by_role("button", name="Opus: high, adds").click()
    expect(friend.locator(".table-seat").nth(0)).to_contain_text("placed", timeout=LIVE)
    friend.get_by_role("button", name="Opus: high, adds").click()
    expect(owner.locator("#legacy-number")).not_to_have_text(first, timeout=LIVE)
    expect(owner.locator(".sheet.mine .opus-line")).to_contain_text(first)
    assert polls == [], "the table polled while its stream was open"
