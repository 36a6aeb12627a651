"""A table's own talk: its members say short lines of plain text beside the log, the author or
the owner takes one back, a flood of lines is slowed, and the owner's own lines go with the
table's file."""

from __future__ import annotations

import json
from typing import Any

from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns import seats, store, transfer
from campaigns.models import Campaign, ChatLine
from campaigns.sharing.models import Role
from tests import play

from .base import BaseTestCase

HTMX = {"HX-Request": "true"}


class ChatTests(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        caches["throttle"].clear()
        self.table = play.create_table(self.alice, "machi", "Harbour", ["owner", "open"])
        self.share(self.table, self.bob, Role.PLAY)
        seats.take_seat(self.table, self.bob)
        self.share(self.table, self.carol, Role.WATCH)

    def say(self, text: str) -> Any:
        return self.client.post(reverse("chat", args=[self.table.code]), {"text": text}, headers=HTMX)

    def test_a_member_says_a_line_every_board_shows_escaped(self) -> None:
        version = Campaign.objects.get(pk=self.table.pk).version
        self.client.force_login(self.bob)
        r = self.say("<b>Good luck</b> & have fun")
        self.assertEqual(r.status_code, 200)
        self.assertContains(r, "&lt;b&gt;Good luck&lt;/b&gt; &amp; have fun")
        self.assertEqual(Campaign.objects.get(pk=self.table.pk).version, version + 1)
        self.client.force_login(self.carol)  # a watcher sees it, and may talk too
        page = self.client.get(self.table.get_absolute_url())
        self.assertContains(page, "&lt;b&gt;Good luck&lt;/b&gt;")
        self.assertEqual(self.say("Watching closely").status_code, 200)
        self.assertEqual(ChatLine.objects.count(), 2)

    def test_a_bad_line_or_a_stranger_changes_nothing(self) -> None:
        self.client.force_login(self.bob)
        for text, status in (("x" * 501, 400), ("", 400), ("two\nlines", 400), ("bell\x07", 400)):
            with self.subTest(text=text[:10]):
                self.assertEqual(self.say(text).status_code, status)
        self.client.force_login(self.mallory)
        self.assertEqual(self.say("hello").status_code, 404)
        yu = self.make_campaign()
        self.client.force_login(self.alice)
        r = self.client.post(reverse("chat", args=[yu.code]), {"text": "hello"}, headers=HTMX)
        self.assertEqual(r.status_code, 404)
        self.assertFalse(ChatLine.objects.exists())

    def test_the_author_or_the_owner_takes_a_line_back_and_no_one_else(self) -> None:
        bobs = ChatLine.objects.create(campaign=self.table, user=self.bob, text="mine")
        carols = ChatLine.objects.create(campaign=self.table, user=self.carol, text="hers")
        self.client.force_login(self.bob)
        remove = reverse("chat_remove", args=[self.table.code, carols.pk])
        self.assertEqual(self.client.post(remove, headers=HTMX).status_code, 403)
        page = self.client.get(self.table.get_absolute_url()).content.decode()
        self.assertIn(reverse("chat_remove", args=[self.table.code, bobs.pk]), page)
        self.assertNotIn(remove, page)
        r = self.client.post(reverse("chat_remove", args=[self.table.code, bobs.pk]), headers=HTMX)
        self.assertEqual(r.status_code, 200)
        self.client.force_login(self.alice)
        self.assertEqual(self.client.post(remove, headers=HTMX).status_code, 200)
        self.assertFalse(ChatLine.objects.exists())

    def test_a_flood_of_lines_is_slowed(self) -> None:
        self.client.force_login(self.bob)
        for n in range(12):
            self.assertEqual(self.say(f"line {n}").status_code, 200)
        r = self.say("one more")
        self.assertEqual(r.status_code, 429)
        self.assertContains(r, "You are saying a lot", status_code=429)
        self.assertEqual(ChatLine.objects.count(), 12)

    def test_a_move_made_while_someone_talks_still_holds(self) -> None:
        board = store.load(self.table)
        version = board.version
        ChatLine.objects.create(campaign=self.table, user=self.carol, text="hm")
        Campaign.objects.filter(pk=self.table.pk).update(version=version + 1)
        self.client.force_login(self.alice)
        key = board.session.legal(board.state, 0)[0].key
        moment = board.session.moment(board.state, 0)
        r = self.client.post(
            reverse("act", args=[self.table.code]), {"key": key, "version": version, "moment": moment}
        )
        self.assertEqual(r.status_code, 302)
        self.assertEqual(store.load(self.table).log[-1].key, key)

    def test_the_owners_own_lines_go_with_the_tables_file(self) -> None:
        ChatLine.objects.create(campaign=self.table, user=self.alice, text="Welcome, all")
        ChatLine.objects.create(campaign=self.table, user=self.bob, text="Thanks!")
        saved = transfer.export(self.table)
        self.assertEqual([line["text"] for line in saved["chat"]], ["Welcome, all"])
        self.client.force_login(self.carol)
        upload = SimpleUploadedFile("t.json", json.dumps(saved).encode(), "application/json")
        r = self.client.post(reverse("import"), {"file": upload})
        self.assertEqual(r.status_code, 302)
        copy = Campaign.objects.get(owner=self.carol)
        self.assertEqual(
            list(ChatLine.objects.filter(campaign=copy).values_list("user", "text")),
            [(self.carol.pk, "Welcome, all")],
        )

    def test_a_file_with_talk_not_as_saved_is_refused(self) -> None:
        saved = transfer.export(self.table)
        for talk in ([{"text": "x" * 501, "at": "2026-11-27T12:00:00+00:00"}], [{"text": "hi"}], "hi"):
            with self.subTest(talk=str(talk)[:20]), self.assertRaises(transfer.BadFile):
                transfer.read(json.dumps({**saved, "chat": talk}).encode())
