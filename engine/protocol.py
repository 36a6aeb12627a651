"""What the web app asks of a game played at a table of seats.

Each game's package gives one :class:`Rules` object; the web app names games
only through :data:`engine.games.GAMES`. Seats are numbered from 0; a watcher's
view is asked for with ``seat=None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


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
