"""Events: what an applied action made happen, as data for a log to put in words."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class Kind(StrEnum):
    PLACED = "placed"
    """A seat placed the number (where stays hidden until every seat has)."""
    BACK = "back"
    """A seat took its placement back."""
    STOOD = "stood"
    """Every seat had placed: the placements are written in for good."""
    JOURNEY = "journey"
    """A journey card came up (``journeys`` of them so far)."""
    DRAWN = "drawn"
    """The next number came up."""
    ENDED = "ended"
    """The third journey card ended the game."""


class Event(NamedTuple):
    kind: Kind
    seat: int | None = None
    number: int | None = None
    journeys: int | None = None

    @property
    def reveal(self) -> bool:
        """A face-down card turned up: undo cannot cross it."""
        return self.kind in (Kind.JOURNEY, Kind.DRAWN)
