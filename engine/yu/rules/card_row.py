"""The Card Row: seven spaces above the board, Townsfolk on the left,
Barbarians on the right. Card ids tell the two apart (``t...`` and ``b...``).

These functions only arrange the row; a slide moves cards and never removes
one. Drawing the cards, chasing Townsfolk off and losing the game are the
rules' part (:mod:`engine.yu.rules.rules`).
"""

from __future__ import annotations

SPACES = 7

Row = list[str | None]


def is_barbarian(card: str | None) -> bool:
    return card is not None and card[0] == "b"


def is_townsfolk(card: str | None) -> bool:
    return card is not None and card[0] == "t"


def barbarians(row: Row) -> list[str]:
    return [c for c in row if c is not None and c[0] == "b"]


def townsfolk(row: Row) -> list[str]:
    return [c for c in row if c is not None and c[0] == "t"]


def free_spaces(row: Row) -> list[int]:
    return [i for i in range(SPACES) if row[i] is None]


def settle(row: Row, room: int) -> Row:
    """Refresh steps 1 and 3: the Townsfolk slide as far left as they go, the
    Barbarians as far right as they go while leaving ``room`` spaces on their
    right for new Barbarians (the caller has made sure there is that room)."""
    folk, bands = townsfolk(row), barbarians(row)
    assert len(folk) + len(bands) + room <= SPACES, "no room for the new Barbarians"
    settled: Row = [None] * SPACES
    settled[: len(folk)] = folk
    start = SPACES - room - len(bands)
    settled[start : start + len(bands)] = bands
    return settled


def close_gaps(row: Row) -> Row:
    """Refresh step 4's slide: the Barbarians move right until no space is left between them."""
    return settle(row, 0)
