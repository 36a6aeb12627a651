"""The notes that say it is a player's move, sent through a real SMTP server (aiosmtpd): queued
with the move, at most one per table an hour, never to an address not confirmed, stopped in one
click without signing in, held back while the table is open, gathered in a daily summary, tried
again after a failure, and written in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

from django.test import override_settings
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from campaigns import presence, seats, store
from campaigns.models import Campaign, OpenBoard
from campaigns.notes import outbox, tasks
from campaigns.notes.models import Note, Often, Reader, TableOften
from campaigns.notes.tokens import Stop, confirming, stopping
from campaigns.sharing.models import Role
from tests import play
from tests.mail import Catcher, body, free_port, smtp_server

from .base import BaseTestCase

BOB = "bob@example.org"


def hand_to(table: Campaign, seat: int) -> Campaign:
    """Play the first legal moves of the other seats until only ``seat`` has one to make."""
    for _ in range(200):
        now = Campaign.objects.get(pk=table.pk)
        if now.waiting == [seat]:
            return now
        mover = next(s for s in now.waiting if s != seat)
        board = store.load(now)
        store.act(board, mover, board.session.legal(board.state, mover)[0], board.version)
    raise AssertionError(f"seat {seat} never came to have the only move")


def link(message: EmailMessage, path: str) -> str:
    """The path of the first link in the message that goes to ``path``..."""
    found = re.search(rf"http://127\.0\.0\.1:8000({re.escape(path)}[^\s>]*)", body(message))
    assert found is not None, body(message)
    return found.group(1)


class NotesTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        presence._written.clear()
        self.catcher: Catcher
        self.enterContext(self.mail())

    @contextmanager
    def mail(self) -> Iterator[None]:
        with smtp_server() as (catcher, port):
            self.catcher = catcher
            with override_settings(
                EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend",
                EMAIL_HOST="127.0.0.1",
                EMAIL_PORT=port,
                SITE_URL="http://127.0.0.1:8000",
            ):
                yield

    def harbour(self, address: str = BOB, often: str = Often.MOVE) -> Campaign:
        """A Machi Koro Legacy table, Alice at seat 1, Bob at seat 2 with ``address`` confirmed."""
        table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        Reader.objects.create(user=self.bob, address=address, often=often)
        return table

    def bobs_turn(self, table: Campaign) -> Campaign:
        """Alice's moves until it is Bob's move alone (Bob's first, if it is his and hers)."""
        hand_to(table, 0)
        return hand_to(table, 1)

    def sent(self, at: datetime | None = None) -> int:
        return outbox.send_due(at)


class SummaryTimeTests(NotesTestCase):
    def test_the_summary_goes_at_the_next_summary_hour(self) -> None:
        before = datetime(2026, 11, 27, outbox.SUMMARY_HOUR - 1, 59, tzinfo=UTC)
        self.assertEqual(outbox.next_summary(before), datetime(2026, 11, 27, outbox.SUMMARY_HOUR, tzinfo=UTC))
        after = datetime(2026, 11, 27, outbox.SUMMARY_HOUR, 0, 1, tzinfo=UTC)
        self.assertEqual(outbox.next_summary(after), datetime(2026, 11, 28, outbox.SUMMARY_HOUR, tzinfo=UTC))


class MoveNoteTests(NotesTestCase):
    def test_a_move_by_alice_sends_bob_one_note_then_none_until_the_hour_passes(self) -> None:
        table = self.bobs_turn(self.harbour())
        queued = DBTaskResult.objects.filter(task_path="campaigns.notes.outbox.deliver").count()
        self.assertGreaterEqual(queued, 1)  # the worker's task, queued with the move
        self.assertEqual(self.sent(), 1)
        (message,) = self.catcher.messages
        self.assertEqual(message["To"], BOB)
        self.assertEqual(message["Subject"], "Your move at Harbour (Machi Koro Legacy)")
        self.assertIn(f"http://127.0.0.1:8000/c/{table.code}/", body(message))
        self.assertRegex(
            message["List-Unsubscribe"].strip(), r"^<http://127\.0\.0\.1:8000/notes/stop/[^>]+/>$"
        )
        self.assertEqual(message["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click")
        self.assertEqual(self.sent(), 0)  # sent once only

        first = Note.objects.get(state=Note.State.SENT).sent
        assert first is not None
        hand_to(table, 0)
        self.bobs_turn(table)  # Bob's move again, within the hour
        self.assertEqual(self.sent(), 0)
        waiting = Note.objects.get(state=Note.State.QUEUED)
        self.assertEqual(waiting.due, first + outbox.HOUR)
        self.assertEqual(self.sent(first + timedelta(minutes=59)), 0)
        self.assertEqual(self.sent(first + outbox.HOUR), 1)
        self.assertEqual(len(self.catcher.messages), 2)

    def test_the_mover_and_a_player_without_a_confirmed_address_get_nothing(self) -> None:
        table = self.harbour(address="")
        Reader.objects.filter(user=self.bob).update(pending=BOB)  # given, not confirmed
        Reader.objects.create(user=self.alice, address="alice@example.org")
        self.bobs_turn(table)
        hand_to(table, 0)  # Alice's move again: she gets her note, Bob never one
        self.assertEqual(list(Note.objects.values_list("user__username", flat=True)), ["alice"])
        self.assertEqual(self.sent(), 1)
        self.assertEqual([m["To"] for m in self.catcher.messages], ["alice@example.org"])

    def test_no_note_while_the_table_is_open_and_one_once_it_is_left_unplayed(self) -> None:
        table = self.harbour()
        self.client.force_login(self.bob)
        self.client.get(reverse("live", args=[table.code]), headers={"HX-Request": "true"})  # his poll
        self.bobs_turn(table)
        now = timezone.now()
        self.assertEqual(self.sent(now), 0)
        quiet = OpenBoard.objects.get(user=self.bob, campaign=table).seen + presence.LIVE_FOR
        self.assertEqual(Note.objects.get().due, quiet)  # put off while he can see it
        self.assertEqual(self.sent(quiet), 1)  # his page said nothing since: he left it

    def test_a_page_left_lets_the_note_go_at_once(self) -> None:
        table = self.harbour()
        self.client.force_login(self.bob)
        self.client.get(reverse("live", args=[table.code]), headers={"HX-Request": "true"})
        self.assertEqual(self.client.post(reverse("closed", args=[table.code])).status_code, 204)
        self.assertFalse(OpenBoard.objects.exists())
        self.bobs_turn(table)
        self.assertEqual(self.sent(), 1)

    def test_a_note_no_longer_true_is_dropped(self) -> None:
        table = self.bobs_turn(self.harbour())
        hand_to(table, 0)  # Bob moved before the worker came round
        self.assertEqual(self.sent(), 0)
        self.assertEqual(Note.objects.get().why, "no longer their move")

    def test_a_note_is_written_in_its_readers_language(self) -> None:
        table = self.harbour()
        Reader.objects.filter(user=self.bob).update(language="fr")
        self.bobs_turn(table)
        self.assertEqual(self.sent(), 1)
        self.assertEqual(
            self.catcher.messages[0]["Subject"].strip(), "À vous de jouer à Harbour (Machi Koro Legacy)"
        )

    def test_a_failed_send_is_tried_again_later_and_sent_once(self) -> None:
        table = self.harbour()
        self.bobs_turn(table)
        now = timezone.now()
        with override_settings(EMAIL_PORT=free_port()):  # nothing listens there
            self.assertEqual(self.sent(now), 0)
        note = Note.objects.get()
        self.assertEqual(
            (note.state, note.attempts, note.due), (Note.State.QUEUED, 1, now + outbox.RETRIES[0])
        )
        self.assertIn("ConnectionRefusedError", note.why)
        self.assertEqual(self.sent(now), 0)  # not due yet
        self.assertEqual(self.sent(now + outbox.RETRIES[0]), 1)
        self.assertEqual(len(self.catcher.messages), 1)

    def test_a_daily_summary_lists_the_tables_waiting(self) -> None:
        table = self.harbour(often=Often.DAILY)
        self.bobs_turn(table)
        now = timezone.now()
        self.assertEqual(self.sent(now), 0)  # put off to the next morning
        morning = Note.objects.get().due
        self.assertEqual((morning.hour, morning.minute, morning.second), (outbox.SUMMARY_HOUR, 0, 0))
        self.assertTrue(now < morning <= now + timedelta(days=1))
        self.assertEqual(self.sent(morning - timedelta(seconds=1)), 0)
        self.assertEqual(self.sent(morning), 1)
        (message,) = self.catcher.messages
        self.assertEqual(message["Subject"], "Tables waiting for your move: 1")
        self.assertIn(f"Harbour (Machi Koro Legacy): http://127.0.0.1:8000/c/{table.code}/", body(message))


class StopTests(NotesTestCase):
    def test_the_stop_link_works_in_one_click_without_signing_in(self) -> None:
        table = self.bobs_turn(self.harbour())
        self.sent()
        url = link(self.catcher.messages[0], "/notes/stop/")
        page = self.client.get(url)  # no session: a page that asks, and changes nothing
        self.assertContains(page, "Stop the notes that tell you it is your move at Harbour?")
        self.assertFalse(TableOften.objects.exists())
        done = self.client.post(url, {"List-Unsubscribe": "One-Click"})
        self.assertContains(done, "Done: no more notes for Harbour.")
        self.assertEqual(TableOften.objects.get(user=self.bob, campaign=table).often, Often.NEVER)
        hand_to(table, 0)
        self.bobs_turn(table)
        self.assertEqual(self.sent(timezone.now() + outbox.HOUR), 0)
        self.assertEqual(len(self.catcher.messages), 1)

    def test_a_stop_link_for_all_notes_and_a_forged_one(self) -> None:
        self.harbour()
        url = reverse("notes_stop", args=[stopping(Stop(self.bob.pk, None))])
        self.assertEqual(self.client.post(url).status_code, 200)
        self.assertEqual(Reader.objects.get(user=self.bob).often, Often.NEVER)
        forged = reverse("notes_stop", args=[stopping(Stop(self.bob.pk, None)) + "x"])
        self.assertEqual(self.client.post(forged).status_code, 400)


class AddressTests(NotesTestCase):
    def test_an_address_is_confirmed_by_the_link_sent_to_it(self) -> None:
        self.client.force_login(self.bob)
        r = self.client.post(reverse("notes"), {"address": BOB, "often": Often.MOVE})
        self.assertRedirects(r, reverse("notes"))
        reader = Reader.objects.get(user=self.bob)
        self.assertEqual((reader.address, reader.pending), ("", BOB))
        self.assertTrue(DBTaskResult.objects.filter(task_path="campaigns.notes.tasks.confirm").exists())
        tasks.confirm.call(self.bob.pk)  # as the worker runs it
        (message,) = self.catcher.messages
        self.assertEqual(message["To"], BOB)
        url = link(message, "/notes/confirm/")
        self.client.logout()
        self.assertContains(self.client.get(url), f"{BOB} is confirmed")
        reader.refresh_from_db()
        self.assertEqual((reader.address, reader.pending), (BOB, ""))
        self.assertEqual(self.client.get(url).status_code, 400)  # used: nothing to confirm now

    def test_a_link_for_another_address_or_forged_confirms_nothing(self) -> None:
        Reader.objects.create(user=self.bob, pending="new@example.org")
        for token in (confirming(self.bob.pk, "old@example.org"), confirming(self.bob.pk, BOB)[:-1]):
            self.assertEqual(self.client.get(reverse("notes_confirm", args=[token])).status_code, 400)
        self.assertEqual(Reader.objects.get(user=self.bob).address, "")

    def test_a_table_of_ones_own_can_have_its_own_choice(self) -> None:
        table = self.harbour()
        self.client.force_login(self.bob)
        page = self.client.get(reverse("notes"))
        self.assertContains(page, f'id="often-{table.code}"')
        r = self.client.post(reverse("notes"), {"table": str(table.code), "often": Often.NEVER})
        self.assertRedirects(r, reverse("notes"))
        self.assertEqual(TableOften.objects.get(user=self.bob, campaign=table).often, Often.NEVER)
        stranger = play.create_table(self.mallory, "machi", "Elsewhere", ["owner", "open"])
        r = self.client.post(reverse("notes"), {"table": str(stranger.code), "often": Often.MOVE})
        self.assertEqual(r.status_code, 404)
        self.assertFalse(TableOften.objects.filter(campaign=stranger).exists())
