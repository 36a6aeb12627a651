"""Playing across days, in two browsers: Bob closes his Machi Koro Legacy table, Alice moves until
it is his move, the notes' worker (``manage.py worker``, run here) sends him one e-mail through a
real SMTP server, his home page lists the table under "Your move", and the link in the e-mail
takes him to the table, where he moves."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from campaigns import seats, store
from campaigns.models import Campaign, OpenBoard
from campaigns.notes.models import Note, Reader
from campaigns.sharing.models import Membership, Role
from engine.machi.bots import planner
from engine.machi.game import Game
from tests.mail import body, smtp_server
from tests.web.test_notes import hand_to

from .conftest import log_in, save_page, separate_pages
from .test_events import database_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def friends(browser: Browser) -> Iterator[list[Page]]:
    yield from separate_pages(browser, 2, 1440)


def waiting(table: Campaign) -> list[int]:
    return Campaign.objects.get(pk=table.pk).waiting


def move(page: Page, table: Campaign, seat: int) -> None:
    """Click, in ``page``, the move the planner would make for ``seat``."""
    game = store.load(Campaign.objects.get(pk=table.pk)).state.game
    assert isinstance(game, Game)
    version = str(Campaign.objects.get(pk=table.pk).version)
    expect(page.locator("#table")).to_have_attribute("data-version", version)
    page.locator(f"#table button[value='{planner(game, seat).key}']").click()
    expect(page.locator("#table")).not_to_have_attribute("data-version", version)


def test_bob_is_told_by_email_and_moves_from_its_link(friends: list[Page], live_server: LiveServer) -> None:
    alice_page, bob_page = friends
    alice = log_in(alice_page, live_server, "alice")
    bob = log_in(bob_page, live_server, "bob")
    Reader.objects.create(user=bob, address="bob@example.org")
    table = store.create(alice, "machi", "Harbour", ["owner", "open"])
    Membership.objects.create(campaign=table, user=bob, role=Role.PLAY)
    seats.take_seat(table, bob)
    hand_to(table, 0)  # Bob chose his town square cards; Alice has still to choose
    url = f"{live_server.url}{table.get_absolute_url()}"
    for page in friends:
        page.goto(url)
    expect(alice_page).to_have_title("Your move · Harbour · Machi Koro Legacy")
    expect(bob_page).to_have_title("Harbour · Machi Koro Legacy")
    expect(bob_page.locator("#table")).to_contain_text("Notes by e-mail")

    bob_page.close(run_before_unload=True)  # as he closes the tab, his browser says so
    until = time.monotonic() + 10
    while OpenBoard.objects.filter(user=bob).exists() and time.monotonic() < until:
        time.sleep(0.1)
    assert not OpenBoard.objects.filter(user=bob).exists()

    with smtp_server() as (catcher, port):
        while waiting(table) != [1]:
            move(alice_page, table, 0)
        expect(alice_page).to_have_title("Harbour · Machi Koro Legacy")
        env = {
            **os.environ,
            "DEBUG": "1",
            "DATABASE_URL": database_url(),
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(port),
            "SITE_URL": live_server.url,
        }
        worker = subprocess.run(
            [sys.executable, "manage.py", "worker", "--no-reload", "--no-startup-delay", "--batch"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            timeout=120,
            check=False,
        )
        assert worker.returncode == 0, worker.stderr.decode(errors="replace")
    (message,) = catcher.messages
    assert message["To"] == "bob@example.org"
    assert message["Subject"] == "Your move at Harbour (Machi Koro Legacy)"
    assert url in body(message)
    assert list(Note.objects.values_list("state", flat=True)) == [Note.State.SENT]

    later = bob_page.context.new_page()  # Bob, the next day
    later.goto(live_server.url)
    expect(later).to_have_title("(1) Your move · Legacy of Yu")
    expect(later.locator(f"#campaign-{table.code}")).to_contain_text("Your move")
    save_page(later, "notes", "home-your-move")
    later.goto(url)  # the link in the e-mail
    expect(later).to_have_title("Your move · Harbour · Machi Koro Legacy")
    move(later, table, 1)
