from __future__ import annotations

from io import StringIO

from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns import store
from engine.yu import Action

from .base import BaseTestCase, quiet_plays


class ReplayGameTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        board = store.load(self.campaign)
        first, second, third = quiet_plays(self.campaign, 3)
        for version, key in enumerate((first, second, "undo", third)):
            if key == "undo":
                store.undo(board, version)
            else:
                store.act(board, Action.parse(key), version)
        self.game = self.campaign.games.get()

    def replay(self, name: str) -> str:
        out = StringIO()
        call_command("replaygame", name, stdout=out)
        return out.getvalue()

    def test_it_finds_no_difference(self) -> None:
        self.assertIn("4 log rows replayed, no difference", self.replay(str(self.game.pk)))

    def test_it_finds_the_game_by_its_code_or_its_campaigns(self) -> None:
        self.assertIn("no difference", self.replay(str(self.game.code)))
        self.assertIn("no difference", self.replay(str(self.campaign.code)))

    def test_it_reports_a_difference(self) -> None:
        state = dict(self.game.state)
        state["have"] = [9] * len(state["have"])
        self.game.state = state
        self.game.save()
        err = StringIO()
        with self.assertRaises(CommandError) as caught:
            call_command("replaygame", str(self.game.pk), stderr=err)
        self.assertEqual(caught.exception.returncode, 1)
        self.assertIn("game have: stored [9, 9", err.getvalue())

    def test_it_reports_a_difference_in_the_campaign(self) -> None:
        self.campaign.refresh_from_db()
        self.campaign.state = {**self.campaign.state, "wins": 5}
        self.campaign.save()
        err = StringIO()
        with self.assertRaises(CommandError):
            call_command("replaygame", str(self.game.pk), stderr=err)
        self.assertIn("campaign wins: stored 5, replayed 0", err.getvalue())

    def test_it_reports_a_missing_game(self) -> None:
        with self.assertRaisesMessage(CommandError, "no game or campaign"):
            call_command("replaygame", "999999")
