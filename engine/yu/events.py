"""Events: what an applied action made happen, in words a log can print."""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``reveal`` marks events that showed hidden
    information (a draw, a shuffle, a face-down card turned): undo stops there.
    ``data`` names what it is about: a card id, an entry number, an outcome."""

    kind: str
    text: str
    reveal: bool = False
    data: str | int | None = None


def revealed(events: list[Event]) -> bool:
    return any(e.reveal for e in events)
