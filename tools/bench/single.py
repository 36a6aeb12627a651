"""Single actions timed one after the other on campaigns prepared with a history: the first action of
game 1, the 150th of game 1, the first of game 10 (tools/bench/history.py)."""

from __future__ import annotations

from .board import Board, Screen
from .deployed import DeployedWorld
from .measure import Phase, merged, timed
from .players import AppPlayer
from .tally import Tally
from .world import World


class Single:
    """The owner of the prepared campaigns, acting on them one at a time."""

    def __init__(self, world: World | DeployedWorld, player: AppPlayer) -> None:
        self.world, self.player = world, player
        self.own = (player.code, player.board)
        """The player's own campaign and board, given back by :meth:`done`."""
        self.substituted = 0
        """Actions the bot chose that the board did not offer, replaced by the board's first."""

    def batch(self, what: str, campaigns: list[tuple[str, str]]) -> Phase:
        """Open every board first, then time one action on each, one after the other."""
        player = self.player
        player.tally = Tally()  # the pages opened first are not part of the batch
        boards: dict[str, Screen] = {}
        for code, _ in campaigns:
            player.board = Board()
            player.open(code)
            boards[code] = player.board
        tally = Tally()
        player.tally = tally

        def act() -> None:
            for code, key in campaigns:
                player.code, player.board = code, boards[code]
                if key not in player.board.keys:
                    self.substituted += 1
                    key = player.playable()[0]
                player.act(key, confirm=True)

        world = self.world
        return timed(what, 1, tally, world.app.processes, world.postgres, act, world.shared)

    def done(self) -> None:
        self.player.code, self.player.board = self.own


def time_points(single: Single, prepared: dict[str, list[tuple[str, str]]]) -> dict[str, Phase]:
    """Each point's actions, in two halves timed in the order A B C C B A, so that a change in the
    machine's load falls on every point alike."""
    halves: dict[str, list[Phase]] = {point: [] for point in prepared}
    order = list(prepared)
    for half, points in ((0, order), (1, order[::-1])):
        for point in points:
            campaigns = prepared[point]
            middle = len(campaigns) // 2
            part = campaigns[:middle] if half == 0 else campaigns[middle:]
            if part:
                halves[point].append(single.batch(point, part))
    single.done()
    return {point: merged(point, phases) for point, phases in halves.items()}
