"""Games played at a table of seats, one game after another: a series (:mod:`engine.series`) and
the game under way, as one :class:`engine.session.Session`.

Each game's package gives a subclass of :class:`SeriesSession` that says how to deal, read, show and
carry its games; what a series carries from one game to the next is the game's own JSON-ready data.
When a game ends its scores join the series at once; any seat then starts the next game with
:data:`NEXT_GAME`, unless the series is over.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.series import Series
from engine.session import NEXT, Applied, Data, Standing, Stored
from engine.text import Msg, Refusal, _


class Event(Protocol):
    @property
    def reveal(self) -> bool: ...

    def _asdict(self) -> Data: ...


class Next:
    """The action that deals a series' next game."""

    key = NEXT

    def __repr__(self) -> str:
        return "NEXT_GAME"


NEXT_GAME = Next()

A = TypeVar("A")


class SeatedGame(Protocol[A]):
    """One game at a table, as each game's package writes it."""

    @property
    def over(self) -> bool: ...

    def waiting(self) -> list[int]:
        """The seats that have something to do now."""
        ...

    def legal_actions(self, seat: int) -> list[A]: ...

    def refusal(self, seat: int, action: A) -> Msg | None: ...

    def apply(self, seat: int, action: A) -> Sequence[Event]: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def redeal(self, seed: int) -> None: ...

    def to_dict(self) -> Data: ...


G = TypeVar("G", bound="SeatedGame[Any]")
V = TypeVar("V")


@dataclass
class Played(Generic[G]):
    """A table's series and its game under way (or its last game, once it ended)."""

    series: Series
    game: G


class SeriesSession(ABC, Generic[G, A, V]):
    """A game played at a table, as a :class:`engine.session.Session` of ``Played[G]`` state."""

    name: str
    title: Msg
    seats: range
    unit: Msg
    """What a score counts, after its number: ``17 points``."""
    games: int | None = None
    """How many games a series holds; ``None``: as many as its players like."""
    free_play = False
    """Whether a table plays on after a series' set games, in free play (games numbered on)."""
    levels: Sequence[str] = ()

    def __init__(self, parse: Callable[[str], A], bots: Mapping[str, Callable[[G, int], A]]) -> None:
        self._parse, self._bots = parse, bots
        self.bots: Sequence[str] = tuple(bots)

    # -- what each game says ------------------------------------------------------------

    @abstractmethod
    def deal(self, seed: int, seats: int, carried: Data) -> G:
        """A game dealt from ``seed``, with what the series carried to it."""

    @abstractmethod
    def load(self, data: Data) -> G: ...

    @abstractmethod
    def shown(self, game: G, seat: int | None) -> V: ...

    @abstractmethod
    def game_moment(self, game: G, seat: int) -> str: ...

    def begin(self, seats: int) -> Data:
        """What a new series carries to its first game."""
        return {}

    def carry(self, carried: Data, game: G) -> Data:
        """What the series carries on once ``game`` ended."""
        return carried

    def campaign(self, carried: Data) -> object:
        """What a table shows of the series beside its game (``None`` when nothing)."""
        return None

    # -- the session ----------------------------------------------------------------

    def new(self, seed: int, seats: int, level: str = "") -> Played[G]:
        if seats not in self.seats:
            raise ValueError(f"a table has {self.seats.start} to {self.seats.stop - 1} seats, not {seats}")
        return self.begun(Series(seed, seats, carried=self.begin(seats)).to_dict(), seats)

    def parse(self, key: str) -> A | Next:
        return NEXT_GAME if key == NEXT else self._parse(key)

    def legal(self, state: Played[G], seat: int) -> Sequence[A | Next]:
        if state.game.over:
            return [NEXT_GAME] if self._next_refusal(state, seat) is None else []
        return state.game.legal_actions(seat)

    def refusal(self, state: Played[G], seat: int, action: A | Next) -> Msg | None:
        if isinstance(action, Next):
            return self._next_refusal(state, seat)
        return state.game.refusal(seat, action)

    def _next_refusal(self, state: Played[G], seat: int) -> Msg | None:
        if seat not in range(state.series.seats):
            return _("There is no seat {number} at this table.", number=seat + 1)
        if not state.game.over:
            return _("This game is still being played.")
        if self.finished(state) and not self.free_play:
            return _("The series' {games} games are played: it is over.", games=self.games or 0)
        return None

    def apply(self, state: Played[G], seat: int, action: A | Next) -> Applied:
        why = self.refusal(state, seat, action)
        if why is not None:
            raise Refusal(why)
        if isinstance(action, Next):
            state.game = self._dealt(state.series)
            return Applied([{"kind": NEXT, "seat": seat}], True)
        events = state.game.apply(seat, action)
        if state.game.over:
            state.series.record(state.game.scores())
            state.series.carried = self.carry(state.series.carried, state.game)
        stored: list[Data] = [{k: v for k, v in e._asdict().items() if v is not None} for e in events]
        return Applied(stored, any(e.reveal for e in events))

    def finished(self, state: Played[G]) -> bool:
        """Every game of a series with a set number of them is played."""
        return state.game.over and self.games is not None and len(state.series.results) >= self.games

    def standing(self, state: Played[G]) -> Standing:
        game = state.game
        number = len(state.series.results) + (0 if game.over else 1)
        over = self.finished(state) and not self.free_play
        waiting = () if over else tuple(range(state.series.seats)) if game.over else tuple(game.waiting())
        return Standing(waiting, number, game.over, over, outcome="over" if game.over else "")

    def view(self, state: Played[G], seat: int | None) -> V:
        return self.shown(state.game, seat)

    def moment(self, state: Played[G], seat: int) -> str:
        return self.game_moment(state.game, seat)

    def store(self, state: Played[G]) -> Stored:
        return Stored(state.series.to_dict(), state.game.to_dict())

    def resume(self, stored: Stored) -> Played[G]:
        return Played(Series.from_dict(stored.lasting), self.load(stored.game))

    def start(self, state: Played[G]) -> Data:
        return state.series.to_dict()

    def begun(self, start: Data, seats: int) -> Played[G]:
        series = Series.from_dict(start)
        return Played(series, self._dealt(series))

    def _dealt(self, series: Series) -> G:
        return self.deal(series.game_seed(series.next_number), series.seats, series.carried)

    def redeal(self, state: Played[G], seed: int) -> None:
        state.game.redeal(seed)
        state.series.redeal(seed)

    def bot(self, name: str, state: Played[G], seat: int) -> A | Next:
        if state.game.over:
            return NEXT_GAME
        return self._bots[name](state.game, seat)
