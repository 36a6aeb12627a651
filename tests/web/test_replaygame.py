from __future__ import annotations

from io import StringIO

from django.core.management import call_command
from django.core.management.base import CommandError

from campaigns import store
from campaigns.models import Campaign, GameAction
from engine.yu import Action
from engine.yu.simulation.campaigns import play_campaign
from engine.yu.simulation.simulate import game_seed
from tests import play

from .base import BaseTestCase, quiet_plays


class ReplayGameTestCase(BaseTestCase):
    def setUp(self) -> None:
        super().setUp()
        self.campaign = self.make_campaign()
        board = store.load(self.campaign)
        first, second, third = quiet_plays(self.campaign, 3)
        for version, key in enumerate((first, second, "undo", third)):
            if key == "undo":
                play.undo(board, version)
            else:
                play.act(board, Action.parse(key), version)
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


class ReplayCampaignTestCase(BaseTestCase):
    """A campaign's code checks every game it has stored, each on its own line, then the total."""

    def setUp(self) -> None:
        super().setUp()
        log: list[str] = []
        played = play_campaign("random", 2, log=log)
        moves = [(0, k) for k in log]
        self.campaign = store.create_replayed(self.alice, "yu", "Yellow River", game_seed(2, 0), moves)
        self.games = list(self.campaign.games.order_by("number"))
        self.assertEqual(len(self.games), played.number)
        self.assertGreater(len(self.games), 2)

    def replay(self) -> tuple[str, str, CommandError | None]:
        out, err = StringIO(), StringIO()
        try:
            call_command("replaygame", str(self.campaign.code), stdout=out, stderr=err)
        except CommandError as exc:
            return out.getvalue(), err.getvalue(), exc
        return out.getvalue(), err.getvalue(), None

    def test_it_checks_every_game(self) -> None:
        out, err, failed = self.replay()
        self.assertIsNone(failed)
        self.assertEqual(err, "")
        for game in self.games:
            self.assertIn(
                f"game {game.pk} (Yellow River, run 1, game {game.number}): {game.version} log rows", out
            )
        self.assertIn(
            f"({self.campaign.name}): {len(self.games)} games in 1 run(s) checked, no difference.", out
        )

    def test_it_checks_the_games_of_earlier_runs(self) -> None:
        store.reset(self.campaign, self.campaign.run)
        out, _, failed = self.replay()
        self.assertIsNone(failed)
        self.assertIn("(Yellow River, run 2, game 1): 0 log rows replayed, no difference.", out)
        self.assertIn(f"{len(self.games) + 1} games in 2 run(s) checked, no difference.", out)

    def test_it_reports_a_tampered_game_and_checks_the_others(self) -> None:
        second = self.games[1]
        second.state = {**second.state, "have": [9] * len(second.state["have"])}
        second.save()
        out, err, failed = self.replay()
        assert failed is not None
        self.assertEqual(failed.returncode, 1)
        self.assertIn(f"{len(self.games)} games in 1 run(s) checked, 1 differ", str(failed))
        self.assertIn(f"game {second.pk} (Yellow River, run 1, game 2): 1 difference(s)", err)
        self.assertIn("  game have: stored [9, 9", err)
        self.assertNotIn("game 2)", out)
        self.assertIn(f"game {self.games[-1].pk} (Yellow River, run 1, game {len(self.games)}): ", out)

    def test_it_reports_a_log_that_does_not_replay(self) -> None:
        row = self.games[2].actions.order_by("seq")[1]
        GameAction.objects.filter(pk=row.pk).update(key="play:nothing")
        _, err, failed = self.replay()
        assert failed is not None
        self.assertEqual(failed.returncode, 1)
        self.assertIn(f"  log row {row.seq} (play:nothing): does not replay: ", err)

    def test_it_checks_a_deleted_campaign(self) -> None:
        store.delete(self.campaign)
        out, _, failed = self.replay()
        self.assertIsNone(failed)
        self.assertIn("no difference", out)

    def test_it_reads_the_rows_in_two_queries(self) -> None:
        with self.assertNumQueries(2):
            checked = store.campaign_differences(self.campaign)
        self.assertEqual([game for game, _ in checked], self.games)
        self.assertEqual([found for _, found in checked], [[]] * len(self.games))

    def test_a_game_code_still_checks_one_game(self) -> None:
        out = StringIO()
        call_command("replaygame", str(self.games[1].code), stdout=out)
        self.assertEqual(out.getvalue().count("no difference"), 1)
        self.assertIn("run 1, game 2)", out.getvalue())


class ReplayTableTestCase(BaseTestCase):
    """`replaygame` checks a table of either table game: every game of its series."""

    def play_out(self, table: Campaign) -> None:
        """Play the owner's first legal move until the table's game is over, then deal the next."""
        while True:
            table.refresh_from_db()
            board = store.load(table)
            if board.state.game.over:
                break
            play.table_act(table, self.alice, board.state.game.legal_actions(0)[0].key, table.version)
        table.refresh_from_db()
        play.next_game(table, table.version)

    def replay(self, name: str) -> str:
        out = StringIO()
        call_command("replaygame", name, stdout=out)
        return out.getvalue()

    def test_it_finds_no_difference_in_a_table_of_each_game(self) -> None:
        for game, seats in (("legacy", ["owner", "random"]), ("machi", ["owner", "random"])):
            table = play.create_table(self.alice, game, game.title(), seats)
            self.play_out(table)
            self.assertIn("2 games in 1 run(s) checked, no difference", self.replay(str(table.code)), game)
            first = table.games.get(number=1)
            self.assertIn("log rows replayed, no difference", self.replay(str(first.pk)), game)

    def test_it_reports_a_game_or_a_series_that_differs(self) -> None:
        table = play.create_table(self.alice, "legacy", "Numbers", ["owner", "random"])
        self.play_out(table)
        first = table.games.get(number=1)
        first.state = {**first.state, "seed": 1}
        first.save()
        second = table.games.get(number=2)
        second.start = {**second.start, "results": [[99, 99]]}
        second.save()
        err = StringIO()
        with self.assertRaises(CommandError) as caught:
            call_command("replaygame", str(table.code), stderr=err)
        self.assertEqual(caught.exception.returncode, 1)
        self.assertIn("2 differ from the stored state", str(caught.exception))
        self.assertIn("game seed: stored 1", err.getvalue())
        self.assertIn("campaign results: stored [[99, 99]]", err.getvalue())
