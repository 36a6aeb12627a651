"""A series told game by game: each game's scores, who won it and by how much, the running totals,
and its closest calls.

Every table game names its winners as the seats with the best score (Legacy's rule; at Machi Koro
Legacy the game ends as one town completes, so its mayor alone has the full score). What a game
can say of its close calls beyond the margin is in :data:`CLOSE_CALLS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.series import Series


class Near(StrEnum):
    """What a game's scores say of a close call, besides the margin of the win."""

    SPREAD = "spread"
    """A race for points: the game whose scores lay closest together."""
    ONE_AWAY = "one away"
    """A race to a goal: a game won while another seat was one step from it."""


CLOSE_CALLS: dict[str, Near] = {"legacy": Near.SPREAD, "machi": Near.ONE_AWAY}
"""What each table game's chronicle names beyond the margins, by the name its table stores."""


@dataclass(frozen=True, slots=True)
class Result:
    """One game of the series, once it is over."""

    number: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    """Each seat's total once this game was over."""
    leaders: tuple[int, ...]
    """The seats with the best total then."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the best score."""
        return tuple(s for s, score in enumerate(self.scores) if score == max(self.scores))

    @property
    def runners_up(self) -> tuple[int, ...]:
        """The seats with the best score of those that did not win."""
        others = [s for s in range(len(self.scores)) if s not in self.winners]
        best = max((self.scores[s] for s in others), default=None)
        return tuple(s for s in others if self.scores[s] == best)

    @property
    def margin(self) -> int | None:
        """The winner's lead over the best other seat (0: a shared win); None at a table of one seat."""
        if len(self.scores) < 2:
            return None
        if len(self.winners) > 1:
            return 0
        return max(self.scores) - self.scores[self.runners_up[0]]

    @property
    def spread(self) -> int:
        """How far apart the best and the worst score lay."""
        return max(self.scores) - min(self.scores)


@dataclass(frozen=True, slots=True)
class OneAway:
    """A game won while other seats were one step from the winning score."""

    number: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Chronicle:
    games: tuple[Result, ...]
    closest: tuple[int, ...]
    """The games won by the smallest margin, by number (none at a table of one seat)."""
    margin: int | None
    """That smallest margin."""
    tightest: tuple[int, ...] = ()
    """The games whose scores lay closest together (a race for points at three seats or more)."""
    one_away: tuple[OneAway, ...] = ()
    """The games won while another seat was one step from winning (a race to a goal)."""

    @property
    def totals(self) -> tuple[int, ...]:
        return self.games[-1].totals if self.games else ()

    @property
    def leaders(self) -> tuple[int, ...]:
        return self.games[-1].leaders if self.games else ()


def tell(series: Series, near: Near | None = None) -> Chronicle:
    """The series' games one by one, and its closest calls, with those ``near`` names."""
    games: list[Result] = []
    played = Series(series.seed, series.seats)
    for number, scores in enumerate(series.results, 1):
        played.record(scores)
        games.append(Result(number, tuple(scores), tuple(played.totals()), tuple(played.leaders())))
    margins = [g.margin for g in games if g.margin is not None]
    smallest = min(margins, default=None)
    closest = tuple(g.number for g in games if smallest is not None and g.margin == smallest)
    return Chronicle(
        tuple(games),
        closest,
        smallest,
        _tightest(games, series.seats) if near is Near.SPREAD else (),
        _one_away(games) if near is Near.ONE_AWAY else (),
    )


def _tightest(games: list[Result], seats: int) -> tuple[int, ...]:
    """The games with the smallest spread of scores; at two seats that is the margin, said already."""
    if seats < 3 or not games:
        return ()
    spread = min(g.spread for g in games)
    return tuple(g.number for g in games if g.spread == spread)


def _one_away(games: list[Result]) -> tuple[OneAway, ...]:
    found = []
    for g in games:
        short = tuple(s for s in g.runners_up if g.scores[s] == g.scores[g.winners[0]] - 1)
        if short:
            found.append(OneAway(g.number, short))
    return tuple(found)
