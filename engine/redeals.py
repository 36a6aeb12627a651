"""Dealing anew: what a copy of a game brought back from a file does, so that playing the copy
cannot tell its player what the original will deal.

A redeal is ``(after, seed)``: once ``after`` moves of a game's log are played, everything still
face down there (cards, dice, the games to come) is dealt again from ``seed``. A game's redeals are
stored beside its log, and every replay plays them at their places (:func:`play`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

M = TypeVar("M")

Redeal = tuple[int, int]
"""After how many moves, and the seed dealt from."""


def play(
    moves: Iterable[M],
    apply: Callable[[M], object],
    redeal: Callable[[int], object],
    redeals: Iterable[Sequence[int]] = (),
) -> None:
    """Apply ``moves`` in order, dealing anew from each redeal's seed at its place; a ValueError
    names a redeal the log does not reach."""
    due: dict[int, list[int]] = {}
    for after, seed in redeals:
        due.setdefault(after, []).append(seed)
    played = 0
    for move in moves:
        for seed in due.pop(played, ()):
            redeal(seed)
        apply(move)
        played += 1
    for seed in due.pop(played, ()):
        redeal(seed)
    if due:
        raise ValueError(f"a redeal after move {min(due)} of a log of {played} moves")
