"""Every game's file, both ways: a campaign or a table saved in version 3 comes back as a copy that
replays to what its player saw and then deals anew; files saved in versions 1 and 2 (``files/``,
written by the site as it was then) still come back and replay.

The old files of Legacy of Yu replay with the game content they name; should that content change so
that their moves no longer replay, they say so (``played with game content``) and are made again."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from campaigns import sealed, seats, store, transfer
from campaigns.models import Campaign
from campaigns.sharing.models import Role
from engine.games import GAMES
from engine.session import NEXT, replay

from .base import LONG_SEED
from .saved import FILES, FILES_KEY
from .test_sealed_files import REFUSED, SealedFileTestCase

Until = Callable[[store.Board], bool]


def play_on(campaign: Campaign, until: Until, bot: str = "") -> store.Board:
    """Every seat no bot plays makes the move ``bot`` (the game's first bot) would, until ``until``
    holds of the board."""
    board = store.load(Campaign.objects.get(pk=campaign.pk))
    session = board.session
    bots = {s.number for s in board.seats if s.bot}
    while not until(board):
        seat = next(s for s in board.standing.waiting if s not in bots)
        action = session.bot(bot or session.bots[0], board.state, seat)
        board = store.act(board, seat, action, board.version)
    return board


def moves_in(game: int, count: int) -> Until:
    """Once game ``game`` has ``count`` moves (or more)."""
    return lambda board: (
        board.standing.game > game or (board.standing.game == game and board.game_row.version >= count)
    )


def ended(game: int) -> Until:
    return lambda board: board.standing.game == game and board.standing.game_over


class RoundTripTests(SealedFileTestCase):
    def round_trip(
        self, campaign: Campaign, number: int, play: Callable[[Campaign], object]
    ) -> dict[str, Any]:
        """The file of ``campaign``, which shows the games before game ``number``, comes back as the
        same games, then deals otherwise when both are played on by ``play``; the file."""
        data = self.download(campaign)
        self.assertEqual((data["format"], data["version"], data["game"]), (transfer.FORMAT, 3, campaign.game))
        self.assertNoSeedIn(data, campaign)
        self.assertSealedFrom(data, campaign, number)
        copy = self.assertComesBackTheSame(data, campaign)
        self.assertEqual(store.load(copy).view(0), store.load(campaign).view(0))
        self.assertDealsOtherwise(campaign, copy, play)
        self.assertEqual([found for _game, found in store.campaign_differences(copy) if found], [])
        return data

    def assertSealedFrom(self, data: dict[str, Any], campaign: Campaign, number: int) -> None:
        """The file shows the moves of the games before game ``number`` and seals the rest."""
        rows = campaign.games.order_by("number").prefetch_related("actions")
        shown = [list(m) for g in rows if g.number < number for m in store.moves(g.actions.all())]
        under_way = [list(m) for g in rows if g.number >= number for m in store.moves(g.actions.all())]
        self.assertEqual(data["log"], shown)
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], under_way)

    def test_a_yu_campaign_in_the_middle_of_a_game(self) -> None:
        campaign = store.create(self.alice, "yu", "Yellow River", seed=LONG_SEED)
        play_on(campaign, moves_in(1, 12), "heuristic")
        data = self.round_trip(campaign, 2, self.play_yu)  # one player: nothing of the game is sealed
        self.assertEqual(len(data["log"]), 12)

    def test_a_yu_campaign_between_games(self) -> None:
        campaign = store.create(self.alice, "yu", "Yellow River", level="gentle", seed=1_734_052_911)
        play_on(campaign, ended(1), "heuristic")
        self.assertEqual(Campaign.objects.get(pk=campaign.pk).status, Campaign.Status.BETWEEN)
        data = self.round_trip(campaign, 2, lambda c: play_on(c, moves_in(2, 10), "heuristic"))
        self.assertEqual(data["level"], "gentle")
        copy = Campaign.objects.get(owner=self.bob)
        self.assertEqual((copy.difficulty, copy.games.count()), ("gentle", 2))  # both played on

    def test_a_legacy_table_in_its_third_game_with_a_number_placed_unseen(self) -> None:
        table = store.create(self.alice, "legacy", "Numbers", ["owner", "open"])
        self.share(table, self.bob, Role.PLAY)
        seats.take_seat(table, self.bob)
        play_on(table, ended(2), "greedy")
        board = play_on(table, lambda b: b.standing.game == 3, "greedy")
        placed = board.session.bot("greedy", board.state, 1)
        board = store.act(board, 1, placed, board.version)
        self.assertEqual(board.state.game.placed, [None, placed])  # seat 1's, unseen by seat 0
        data = self.round_trip(table, 3, lambda t: play_on(t, moves_in(3, 12), "greedy"))
        self.assertEqual([key for _seat, key in data["log"]].count(NEXT), 2)
        self.assertEqual(sealed.unseal(data["sealed"])["hidden"], [[1, placed.key]])
        self.assertEqual(data["seats"], ["player", "player"])
        copy = Campaign.objects.get(owner=self.bob)
        self.assertEqual([g.outcome for g in copy.games.order_by("number")], ["over", "over", ""])
        self.assertEqual(
            list(copy.seats.values_list("number", "user__username")), [(0, "bob-plays"), (1, None)]
        )

    def test_a_machi_koro_table_in_its_second_game(self) -> None:
        table = store.create(self.alice, "machi", "Island", ["owner", "random"])
        play_on(table, moves_in(2, 4))
        data = self.round_trip(table, 2, lambda t: play_on(t, moves_in(2, 24)))
        self.assertEqual(data["log"][-1], [0, NEXT])


class OldFileTests(SealedFileTestCase):
    def old_file(self, name: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((FILES / name).read_text(encoding="utf-8"))
        return data

    def assertBroughtBack(
        self, data: dict[str, Any], run: list[tuple[int, str]], redeals: list[tuple[int, int]]
    ) -> Campaign:
        """The file comes back as a copy whose run is ``run``, dealt anew at ``redeals`` and once
        more at its end; every game replays, and so does the whole run from the seed."""
        with self.settings(SECRET_KEY_FALLBACKS=[FILES_KEY]):
            self.assertEqual(self.bring_back(data).status_code, 302)
        copy = Campaign.objects.get(owner=self.bob)
        self.assertEqual([found for _game, found in store.campaign_differences(copy) if found], [])
        stored = store.run_log(copy)
        self.assertEqual(stored.moves, run)
        self.assertEqual(stored.redeals[:-1], redeals)
        self.assertEqual(stored.redeals[-1][0], len(run))
        session = GAMES[copy.game]
        level = copy.difficulty if session.levels else ""
        state = replay(session, session.new(copy.seed, store.seat_count(copy), level), run, stored.redeals)
        rebuilt = json.loads(json.dumps(vars(session.store(state))))
        self.assertEqual(rebuilt, {"lasting": copy.state, "game": store.current_game(copy).state})
        self.assertEqual((copy.name, copy.games.count()), (data["name"], 2))
        return copy

    def test_a_yu_file_of_version_1_with_its_seed_in_plain(self) -> None:
        data = self.old_file("yu-v1.json")
        self.assertEqual((data["format"], data["version"]), (transfer.CAMPAIGN_FORMAT, 1))
        copy = self.assertBroughtBack(data, [(0, key) for key in data["log"]], [])
        self.assertEqual((copy.seed, copy.difficulty), (data["seed"], data["difficulty"]))

    def test_a_yu_file_of_version_2_dealt_anew_before(self) -> None:
        data = self.old_file("yu-v2.json")
        with self.settings(SECRET_KEY_FALLBACKS=[FILES_KEY]):
            opened = sealed.unseal(data["sealed"])
        [[after, dealt]] = opened["redeals"]
        copy = self.assertBroughtBack(data, [(0, key) for key in data["log"]], [(after, dealt)])
        self.assertEqual((copy.seed, copy.difficulty), (opened["seed"], "gentle"))

    def table_run(self, games: list[list[list[Any]]]) -> list[tuple[int, str]]:
        """A table's games joined into one run, ``next`` between them."""
        run: list[tuple[int, str]] = []
        for number, game in enumerate(games):
            run += [(0, NEXT)] if number else []
            run += [(seat, key) for seat, key in game]
        return run

    def assertTableBack(self, name: str) -> None:
        data = self.old_file(name)
        self.assertEqual(data["format"], transfer.TABLE_FORMAT)
        if data["version"] == 1:
            seed, games, redeals = data["seed"], data["games"], []
        else:
            with self.settings(SECRET_KEY_FALLBACKS=[FILES_KEY]):
                opened = sealed.unseal(data["sealed"])
            seed, games = opened["seed"], [*data["games"], opened["current"]]
            [[number, after, dealt]] = opened["redeals"]  # in game 2: counted after game 1 and its next
            self.assertEqual(number, 2)
            redeals = [(len(games[0]) + 1 + after, dealt)]
        copy = self.assertBroughtBack(data, self.table_run(games), redeals)
        self.assertEqual(copy.seed, seed)
        given = list(copy.seats.order_by("number").values_list("user__username", "bot"))
        self.assertEqual(given, [("bob-plays", ""), (None, data["seats"][1])])

    def test_a_legacy_file_of_version_1(self) -> None:
        self.assertTableBack("legacy-v1.json")

    def test_a_legacy_file_of_version_2_dealt_anew_in_its_second_game(self) -> None:
        self.assertTableBack("legacy-v2.json")

    def test_a_machi_koro_file_of_version_1(self) -> None:
        self.assertTableBack("machi-v1.json")

    def test_a_machi_koro_file_of_version_2_dealt_anew_in_its_second_game(self) -> None:
        self.assertTableBack("machi-v2.json")

    def test_an_old_file_sealed_under_a_key_this_site_no_longer_has_is_refused(self) -> None:
        for name in ("yu-v2.json", "legacy-v2.json"):
            with self.subTest(name):
                self.assertContains(self.bring_back(self.old_file(name)), REFUSED, status_code=400)
        self.assertFalse(Campaign.objects.filter(owner=self.bob).exists())
