"""Undo at a table: a seat takes back its own last move, until something hidden is shown
(Legacy: until the last seat places; Machi Koro Legacy: until a roll)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from campaigns import seats, store
from campaigns.models import Campaign, GameAction
from campaigns.sharing.models import Role
from tests import play

from .base import BaseTestCase


class TableUndoTests(BaseTestCase):
    def table(self, game: str) -> Campaign:
        table = play.create_table(self.alice, game, "Undo", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        return Campaign.objects.get(pk=table.pk)

    def post(self, user: Any, table: Campaign, key: str) -> Any:
        self.client.force_login(user)
        version = Campaign.objects.get(pk=table.pk).version
        return self.client.post(reverse("act", args=[table.code]), {"key": key, "version": version})

    def state(self, table: Campaign) -> Any:
        return store.load(Campaign.objects.get(pk=table.pk)).state

    def test_legacy_takes_a_placement_back_until_the_last_seat_places(self) -> None:
        table = self.table("legacy")
        before = self.state(table).game.to_dict()
        self.assertEqual(self.post(self.alice, table, "opus").status_code, 302)
        page = self.client.get(reverse("board", args=[table.code])).content.decode()
        self.assertIn("Take back your last move", page)
        self.assertEqual(self.post(self.alice, table, store.UNDO).status_code, 302)
        self.assertEqual(self.state(table).game.to_dict(), before)
        undo = GameAction.objects.filter(game__campaign=table).latest("seq")
        self.assertEqual((undo.key, undo.seat, undo.by), (store.UNDO, 0, "alice"))
        page = self.client.get(reverse("board", args=[table.code]))
        self.assertContains(page, "alice</b> took a move back")
        # Bob cannot take back Alice's move, nor a move he has not made.
        self.assertEqual(self.post(self.alice, table, "garden").status_code, 302)
        self.assertEqual(self.post(self.bob, table, store.UNDO).status_code, 400)
        # Once the last seat places, the next number shows: nothing can be taken back.
        self.assertEqual(self.post(self.bob, table, "opus").status_code, 302)
        moved = self.state(table).game.to_dict()
        for user in (self.alice, self.bob):
            r = self.post(user, table, store.UNDO)
            self.assertContains(r, "Nothing to undo", status_code=400)
        self.assertEqual(self.state(table).game.to_dict(), moved)
        for game_row in table.games.all():
            self.assertTrue(play.replays(game_row))

    def test_machi_takes_a_choice_or_a_build_back_until_a_roll(self) -> None:
        table = self.table("machi")
        users = {0: self.alice, 1: self.bob}
        # The town square choices stay hidden until both have chosen: a choice can be taken back.
        first = self.state(table).game.legal_actions(0)[0]
        before = self.state(table).game.to_dict()
        self.assertEqual(self.post(self.alice, table, first.key).status_code, 302)
        self.assertEqual(self.post(self.alice, table, store.UNDO).status_code, 302)
        self.assertEqual(self.state(table).game.to_dict(), before)
        for seat in (0, 1):
            key = self.state(table).game.legal_actions(seat)[0].key
            self.assertEqual(self.post(users[seat], table, key).status_code, 302)
        # Rolls and what follows: a build can be taken back until the next roll.
        checked = False
        for _ in range(200):
            game = self.state(table).game
            if game.over:
                break
            seat = game.waiting()[0]
            legal = game.legal_actions(seat)
            build = next((a for a in legal if a.key.startswith(("build:", "landmark:"))), None)
            if build is not None and not checked:
                before = game.to_dict()
                self.assertEqual(self.post(users[seat], table, build.key).status_code, 302)
                r = self.post(users[seat], table, store.UNDO)
                self.assertEqual(r.status_code, 302, r.content.decode()[-2000:])
                self.assertEqual(self.state(table).game.to_dict(), before)
                checked = True
                continue
            action = next((a for a in legal if not a.key.startswith(("build:", "landmark:"))), legal[0])
            self.assertEqual(self.post(users[seat], table, action.key).status_code, 302)
            last = GameAction.objects.filter(game__campaign=table).latest("seq")
            if last.key.startswith("roll:"):
                r = self.post(users[seat], table, store.UNDO)
                self.assertContains(r, "Nothing to undo", status_code=400)
        self.assertTrue(checked)
        for game_row in table.games.all():
            self.assertTrue(play.replays(game_row))
