"""What the web app asks of a game played at a table of seats.

Each game's package gives one :class:`Rules` object; the web app names games
only through :data:`engine.games.GAMES`. Seats are numbered from 0; a watcher's
view is asked for with ``seat=None``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast


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


class Rules(Protocol):
    """A game: how to set one up, read an action key, apply it, show it and replay it."""

    name: str
    title: str
    seats: range
    bots: Sequence[str]

    def new(self, seed: int, seats: int) -> Table: ...

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

    def replay(self, seed: int, seats: int, log: Sequence[tuple[int, str]]) -> Table: ...


class SeatedRules:
    """The part of :class:`Rules` every game package shaped alike shares: a game class with ``new``,
    ``from_dict`` and ``apply`` (returning events, named tuples that say whether they ``reveal``),
    an action class with ``parse``, bots by name and a ``replay``. Each game adds ``view`` and
    ``moment``, and names itself with ``name``, ``title`` and ``seats``."""

    name: str
    title: str
    seats: range

    def __init__(
        self,
        game: Any,
        action: Any,
        bots: Mapping[str, Callable[[Any, int], Move]],
        replay: Callable[[int, int, Sequence[tuple[int, str]]], Table],
    ) -> None:
        self._game, self._action, self._bots, self._replay = game, action, bots, replay
        self.bots: Sequence[str] = tuple(bots)

    def new(self, seed: int, seats: int) -> Table:
        return cast(Table, self._game.new(seed, seats))

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

    def replay(self, seed: int, seats: int, log: Sequence[tuple[int, str]]) -> Table:
        return self._replay(seed, seats, log)
