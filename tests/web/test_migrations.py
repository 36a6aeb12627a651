"""The one-store migration (``0015_one_store``) on rows as the store before it wrote them.

Before it, a Legacy of Yu action row had no seat (``NULL``) and the ``next`` that starts a
campaign's following game ended the game before; a table's rows each named their seat, and a game
followed by another ended with its last move (the next game was dealt by a form of its own, which
wrote no row). The test migrates the database back to ``0014_game_redeals``, writes such rows
through the historical models from games the engines really played, migrates forward, and checks
that every game replays to the state stored, the boards load and take a move; then that migrating
back leaves the old shape again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.apps.registry import Apps
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import TransactionTestCase

from campaigns import store
from campaigns.models import Campaign, Game, GameAction
from engine.games import GAMES
from engine.session import NEXT, Data

BEFORE = [("campaigns", "0014_game_redeals")]
"""The schema the old store wrote: going back to it also unapplies the sharing and accounts apps'
first migrations, which follow ``0015_one_store``; forward, the latest migrations are every app's."""
PLAYERS = {"yu": ["heuristic"], "legacy": ["greedy", "greedy", "random"], "machi": ["random", "planner"]}
"""The bots that play each game, seat by seat: the first plays the owner's seat."""


@dataclass
class Row:
    seat: int | None
    key: str
    events: list[Data]
    revealed: bool


@dataclass
class OldGame:
    start: Data
    seed: int
    rows: list[Row] = field(default_factory=list)
    state: Data = field(default_factory=dict)
    outcome: str = ""


@dataclass
class Played:
    """A campaign or table the engine played into its second game, as the old store kept it."""

    game: str
    seed: int
    games: list[OldGame]
    lasting: Data
    bots: list[str]
    wins: int = 0
    losses: int = 0


def played(game: str, seed: int, moves: int) -> Played:
    """``game`` played from ``seed`` by its :data:`PLAYERS` into game 2, until ``moves`` moves of
    it were made and the owner's seat alone is waiting."""
    session, players = GAMES[game], PLAYERS[game]
    state = session.new(seed, len(players), session.levels[0] if session.levels else "")

    def begun() -> OldGame:
        return OldGame(session.start(state), int(session.store(state).game["seed"]))

    games = [begun()]
    while True:
        standing = session.standing(state)
        if len(games) == 2 and len(games[-1].rows) >= moves and standing.waiting == (0,):
            break
        seat = next((s for s in standing.waiting if s), 0)  # the bots answer before the owner moves
        action = session.bot(players[seat], state, seat)
        before = session.store(state).game
        applied = session.apply(state, seat, action)
        if game == "yu" or action.key != NEXT:  # a table's next game was dealt with no row
            games[-1].rows.append(
                Row(None if game == "yu" else seat, action.key, applied.events, applied.revealed)
            )
        if session.standing(state).game != len(games):
            games[-1].state, games[-1].outcome = before, standing.outcome
            games.append(begun())
    standing = session.standing(state)
    games[-1].state, games[-1].outcome = session.store(state).game, standing.outcome
    return Played(
        game, seed, games, session.store(state).lasting, players[1:], standing.wins, standing.losses
    )


def write(apps: Apps, owner: Any, kept: Played) -> int:
    """Rows of ``kept`` as the old store wrote them, through the historical models; the campaign's id."""
    campaign = apps.get_model("campaigns", "Campaign").objects.create(
        owner=owner,
        name=kept.game,
        game=kept.game,
        seed=kept.seed,
        state=kept.lasting,
        version=sum(len(g.rows) for g in kept.games),
        game_number=len(kept.games),
        wins=kept.wins,
        losses=kept.losses,
    )
    seat = apps.get_model("campaigns", "TableSeat")
    if kept.game != "yu":
        seat.objects.create(campaign=campaign, number=0, user=owner)
        for number, bot in enumerate(kept.bots, 1):
            seat.objects.create(campaign=campaign, number=number, bot=bot)
    game_model, action = apps.get_model("campaigns", "Game"), apps.get_model("campaigns", "GameAction")
    for number, old in enumerate(kept.games, 1):
        row = game_model.objects.create(
            campaign=campaign,
            number=number,
            seed=old.seed,
            start=old.start,
            state=old.state,
            version=len(old.rows),
            outcome=old.outcome,
        )
        action.objects.bulk_create(
            action(
                game=row, seq=seq, seat=r.seat, key=r.key, events=r.events, revealed=r.revealed, by="alice"
            )
            for seq, r in enumerate(old.rows, 1)
        )
    return int(campaign.pk)


class OneStoreMigrationTests(TransactionTestCase):
    def migrate(self, target: list[tuple[str, str]] | None = None) -> Apps:
        """The database migrated to ``target`` (the latest migrations when None); its models."""
        executor = MigrationExecutor(connection)
        target = target or executor.loader.graph.leaf_nodes()
        executor.migrate(target)
        return executor.loader.project_state(target).apps

    def setUp(self) -> None:
        super().setUp()
        self.addCleanup(self.migrate)
        old = self.migrate(BEFORE)
        owner = old.get_model("auth", "User").objects.create(username="alice")
        self.played = {game: played(game, 5, 6) for game in PLAYERS}
        self.ids = {game: write(old, owner, kept) for game, kept in self.played.items()}

    def rows(self, game: str, number: int) -> list[tuple[int | None, str]]:
        rows = GameAction.objects.filter(game__campaign_id=self.ids[game], game__number=number)
        return list(rows.order_by("seq").values_list("seat", "key"))

    def test_every_game_replays_to_what_the_old_store_kept(self) -> None:
        self.assertIsNone(self.rows("yu", 1)[0][0])
        self.assertNotIn(NEXT, [key for _seat, key in self.rows("legacy", 1)])
        self.migrate()
        for game, kept in self.played.items():
            with self.subTest(game):
                campaign = Campaign.objects.get(pk=self.ids[game])
                found = store.campaign_differences(campaign)
                self.assertEqual([(g.number, f) for g, f in found], [(1, []), (2, [])])
                first, second = self.rows(game, 1), self.rows(game, 2)
                ended = [(r.seat, r.key) for r in kept.games[0].rows]
                if game == "yu":
                    self.assertEqual(first, [(0, key) for _seat, key in ended])  # its next already there
                    self.assertEqual(first[-1], (0, NEXT))
                else:
                    self.assertEqual(first, [*ended, (0, NEXT)])
                self.assertEqual(second, [(r.seat or 0, r.key) for r in kept.games[1].rows])
                self.assertEqual(Game.objects.get(campaign=campaign, number=1).version, len(first))

    def test_the_boards_load_and_take_a_move(self) -> None:
        self.migrate()
        for game in self.played:
            with self.subTest(game):
                campaign = Campaign.objects.get(pk=self.ids[game])
                # Whose move it is, filled in for the home page (0017_campaign_waiting).
                self.assertEqual((campaign.waiting, campaign.waiting_since), ([0], campaign.updated))
                board = store.load(campaign)
                self.assertEqual((board.game_row.number, board.standing.waiting), (2, (0,)))
                action = board.session.bot(board.session.bots[-1], board.state, 0)
                version = board.version
                after = store.act(board, 0, action, version)
                self.assertEqual(after.version, version + 1)
                moves = store.moves(after.game_row.actions.all())
                self.assertEqual(moves[len(self.played[game].games[1].rows)], (0, action.key))
                campaign = Campaign.objects.get(pk=self.ids[game])
                self.assertEqual([f for _g, f in store.campaign_differences(campaign) if f], [])

    def test_migrating_back_leaves_the_old_shape(self) -> None:
        self.migrate()
        old = self.migrate(BEFORE)
        action, game_model = old.get_model("campaigns", "GameAction"), old.get_model("campaigns", "Game")
        for game, kept in self.played.items():
            with self.subTest(game):
                for number, was in enumerate(kept.games, 1):
                    row = game_model.objects.get(campaign_id=self.ids[game], number=number)
                    rows = action.objects.filter(game=row).order_by("seq")
                    self.assertEqual(
                        list(rows.values_list("seat", "key")), [(r.seat, r.key) for r in was.rows]
                    )
                    self.assertEqual(row.version, len(was.rows))
