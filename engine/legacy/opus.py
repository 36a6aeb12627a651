"""The opus: a line of numbers that starts high and alternates low, high, ... to the right.

Any number may come next, always at the right-hand end, so there is one place for it.
It scores the ones digits in high places minus those in low places.
"""

from __future__ import annotations

from collections.abc import Sequence


def is_high(place: int) -> bool:
    """Places count from 0: the first, third, fifth... are high."""
    return place % 2 == 0


def worth(number: int, place: int) -> int:
    """What one number adds to the opus in that place."""
    return number % 10 if is_high(place) else -(number % 10)


def score(opus: Sequence[int]) -> int:
    return sum(worth(n, place) for place, n in enumerate(opus))
