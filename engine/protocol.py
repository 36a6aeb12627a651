"""What the web app asks of a game played at a table of seats.

Each game's package gives one :class:`Rules` object; the web app names games
only through :data:`engine.games.GAMES`. Seats are numbered from 0; a watcher's
view is asked for with ``seat=None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

from engine.redeals import Redeal, play
from engine.text import Msg


class Move(Protocol):
    @property
    def key(self) -> str:
        """The stable text a form field and the action log carry."""
        ...


class Table(Protocol):
    """One game in play."""

    @property
    def over(self) -> bool: ...

    def waiting(self) -> list[int]:
        """The seats that have something to do now."""
        ...

    def legal_actions(self, seat: int) -> Sequence[Move]: ...

    def scores(self) -> list[int]: ...

    def winners(self) -> list[int]: ...

    def to_dict(self) -> dict[str, Any]: ...

    def redeal(self, seed: int) -> None:
        """Deal again from ``seed`` whatever is still face down or still to be rolled
        (:mod:`engine.redeals`), changing nothing anyone sees."""
        ...


class Rules(Protocol):
    """A game: how to set one up, read an action key, apply it, show it and replay it.

    What one game of a series hands the next (a campaign's changes) is the game's own
    JSON-ready ``carried`` data: :meth:`begin` gives it before the first game, and
    :meth:`carry` after each game that ended."""

    name: str
    seats: range
    bots: Sequence[str]
    """The bots' names, the one that plays best first; every game has a ``random`` one."""
    games: int | None
    """How many games a series holds; ``None``: as many as its players like."""
    free_play: bool
    """Whether a table plays on after a series' set games, in free play (games numbered on)."""

    @property
    def title(self) -> Msg | str:
        """The game's name, said in the reader's language."""
        ...

    @property
    def unit(self) -> Msg | str:
        """What a score counts, after its number: ``17 points``."""
        ...

    def begin(self, seats: int) -> dict[str, Any]: ...

    def new(self, seed: int, seats: int, carried: dict[str, Any]) -> Table: ...

    def carry(self, carried: dict[str, Any], table: Table) -> dict[str, Any]: ...

    def campaign(self, carried: dict[str, Any]) -> Any:
        """What a table shows of the series beside its game (``None`` when nothing)."""
        ...

    def load(self, data: dict[str, Any]) -> Table: ...

    def parse(self, key: str) -> Move:
        """The action ``key`` names; raises a ``ValueError`` that says why it names none."""
        ...

    def apply(self, table: Table, seat: int, action: Move) -> tuple[list[dict[str, Any]], bool]:
        """Apply for ``seat`` or raise a ``ValueError`` that says why not, changing nothing.
        Returns the events as JSON-ready data (each with its ``kind``, and the ``seat`` it concerns
        if any), and whether they revealed hidden information."""
        ...

    def view(self, table: Table, seat: int | None) -> Any:
        """What ``seat`` (or a watcher) may see, and nothing more; its ``seats`` has one entry per seat."""
        ...

    def moment(self, table: Table, seat: int) -> str:
        """What ``seat``'s choices depend on: while it is unchanged, a move made from an older
        version of the table means what it meant then (others' moves do not make it stale)."""
        ...

    def bot(self, name: str, table: Table, seat: int) -> Move: ...

    def replay(
        self,
        seed: int,
        seats: int,
        log: Sequence[tuple[int, str]],
        carried: dict[str, Any],
        redeals: Sequence[Redeal] = (),
    ) -> Table:
        """The game dealt from ``seed`` with ``log``'s moves applied and ``redeals`` dealt at their places."""
        ...


class SeatedRules:
    """The part of :class:`Rules` every game package shaped alike shares: a game class with ``new``,
    ``from_dict`` and ``apply`` (returning events, named tuples that say whether they ``reveal``),
    an action class with ``parse``, and bots by name. Each game adds ``view`` and ``moment``, and
    names itself with ``name``, ``title`` and ``seats``; a game whose series carries nothing from one
    game to the next keeps ``begin``, ``new``, ``carry`` and ``campaign`` as they are here."""

    name: str
    title: Msg | str
    seats: range
    unit: Msg | str
    games: int | None = None
    free_play = False

    def __init__(self, game: Any, action: Any, bots: Mapping[str, Callable[[Any, int], Move]]) -> None:
        self._game, self._action, self._bots = game, action, bots
        self.bots: Sequence[str] = tuple(bots)

    def begin(self, seats: int) -> dict[str, Any]:
        return {}

    def new(self, seed: int, seats: int, carried: dict[str, Any]) -> Table:
        return cast(Table, self._game.new(seed, seats))

    def carry(self, carried: dict[str, Any], table: Table) -> dict[str, Any]:
        return carried

    def campaign(self, carried: dict[str, Any]) -> Any:
        return None

    def load(self, data: dict[str, Any]) -> Table:
        return cast(Table, self._game.from_dict(data))

    def parse(self, key: str) -> Move:
        return cast(Move, self._action.parse(key))

    def apply(self, table: Table, seat: int, action: Move) -> tuple[list[dict[str, Any]], bool]:
        events = cast(Any, table).apply(seat, action)
        data = [{k: v for k, v in e._asdict().items() if v is not None} for e in events]
        return data, any(e.reveal for e in events)

    def bot(self, name: str, table: Table, seat: int) -> Move:
        return self._bots[name](table, seat)

    def replay(
        self,
        seed: int,
        seats: int,
        log: Sequence[tuple[int, str]],
        carried: dict[str, Any],
        redeals: Sequence[Redeal] = (),
    ) -> Table:
        table = self.new(seed, seats, carried)
        play(log, lambda move: self.apply(table, move[0], self.parse(move[1])), table.redeal, redeals)
        return table
