"""The worker that sends the notes, run as ``manage.py worker`` in a process of its own and
killed while the mail server has a note in hand: no queued note is lost, and none is sent twice."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.test import TransactionTestCase

from campaigns import seats, store
from campaigns.models import Campaign
from campaigns.notes.models import Note, Reader
from campaigns.sharing.models import Membership, Role
from tests.e2e.test_events import database_url
from tests.mail import Catcher, smtp_server

from .test_notes import hand_to

ROOT = Path(__file__).resolve().parents[2]


class SlowFirst(Catcher):
    """A mail server that takes its time to answer for the first message it has: the worker is
    killed meanwhile."""

    def __init__(self) -> None:
        super().__init__()
        self.first = threading.Event()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        answer = await super().handle_DATA(server, session, envelope)
        if not self.first.is_set():
            self.first.set()
            await asyncio.sleep(2)
        return answer


class KilledWorkerTests(TransactionTestCase):
    def worker(self, port: int, *options: str) -> subprocess.Popen[bytes]:
        env = {
            **os.environ,
            "DEBUG": "1",
            "DATABASE_URL": database_url(),
            "EMAIL_HOST": "127.0.0.1",
            "EMAIL_PORT": str(port),
        }
        command = [sys.executable, "manage.py", "worker", "--no-reload", "--no-startup-delay", *options]
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def test_a_killed_worker_loses_no_queued_note_and_sends_none_twice(self) -> None:
        alice = User.objects.create_user("alice")
        bob = User.objects.create_user("bob")
        Reader.objects.create(user=bob, address="bob@example.org")
        tables = []
        for name in ("North", "South", "East"):
            table = store.create(alice, "machi", name, ["owner", "open"])
            Membership.objects.create(campaign=table, user=bob, role=Role.PLAY)
            seats.take_seat(table, bob)
            hand_to(table, 0)
            tables.append(hand_to(table, 1))
        self.assertEqual(Note.objects.filter(state=Note.State.QUEUED).count(), 3)

        catcher = SlowFirst()
        with smtp_server(catcher) as (_, port):
            first = self.worker(port, "--interval", "0.2")
            arrived = catcher.first.wait(60)  # the worker waits for the server's answer now
            first.send_signal(signal.SIGKILL)
            _, errors = first.communicate(timeout=10)
            self.assertTrue(arrived, errors.decode(errors="replace"))
            again = self.worker(port, "--batch")
            _, errors = again.communicate(timeout=120)
            self.assertEqual(again.returncode, 0, errors.decode(errors="replace"))

        subjects = sorted(m["Subject"] for m in catcher.messages)
        self.assertEqual(
            subjects, [f"Your move at {t.name} (Machi Koro Legacy)" for t in sorted(tables, key=str)]
        )
        states = sorted(Note.objects.values_list("state", flat=True))
        self.assertEqual(states, [Note.State.SENDING, Note.State.SENT, Note.State.SENT])
        self.assertEqual(Campaign.objects.count(), 3)
