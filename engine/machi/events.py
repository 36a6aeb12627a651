"""Events: what an applied action made happen, as data for a log to put in words."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Kind(StrEnum):
    NAMED = "named"
    """A mayor named their town (``name``)."""
    CHOSE = "chose"
    """A mayor chose their town square cards (which stays hidden until every mayor has)."""
    REVEALED = "revealed"
    """Every mayor had chosen: the cards join the towns."""
    ROLLED = "rolled"
    EARNED = "earned"
    """An establishment paid its owner from the bank."""
    PAID = "paid"
    """The roller paid a red establishment's owner (``owed`` is what was due), or a purple one took."""
    AIDED = "aided"
    """City hall gave a mayor with no coins one before their roll."""
    CONSOLED = "consoled"
    """A roll earned its roller nothing, and a landmark gave them a coin."""
    BUILT = "built"
    DEMOLISHED = "demolished"
    """An establishment went back to the supply, for the coins it gave back."""
    LANDMARK = "landmark"
    CONTRIBUTED = "contributed"
    PASSED = "passed"
    AGAIN = "again"
    """Doubles and a built power: the same mayor plays another turn."""
    WON = "won"


class Event(NamedTuple):
    kind: Kind
    seat: int | None = None
    card: str | None = None
    coins: int | None = None
    to: int | None = None
    """Who was paid."""
    owed: int | None = None
    dice: tuple[int, ...] | None = None
    cards: tuple[tuple[str, ...], ...] | None = None
    """Each mayor's town square cards, once revealed."""
    name: str | None = None
    """A town's new name."""

    @property
    def reveal(self) -> bool:
        """Dice rolled or hidden choices turned up: a move cannot be taken back across it."""
        return self.kind in (Kind.ROLLED, Kind.REVEALED)
