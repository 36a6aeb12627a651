"""The Card Row: seven spaces above the board, Townsfolk on the left,
Barbarians on the right. Card ids tell the two apart (``t...`` and ``b...``).

These functions only arrange the row; drawing the cards and losing the game
are the rules' part (:mod:`engine.yu.rules`).
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


def slide_townsfolk_left(row: Row) -> Row:
    """Refresh step 1."""
    folk = townsfolk(row)
    bands = [(i, c) for i, c in enumerate(row) if is_barbarian(c)]
    out: Row = [None] * SPACES
    out[: len(folk)] = folk
    for i, c in bands:
        out[i] = c
    return out


def slide_barbarians_right(row: Row) -> Row:
    """Refresh step 4's slide: the Barbarians close their gaps towards the right."""
    bands = barbarians(row)
    out = [None if is_barbarian(c) else c for c in row]
    for k, card in enumerate(bands):
        out[SPACES - len(bands) + k] = card
    return out


def free_spaces(row: Row) -> list[int]:
    return [i for i in range(SPACES) if row[i] is None]
