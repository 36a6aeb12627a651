"""The empire: a connected grid of numbers, neighbours alternating even and odd.

The first number may go anywhere (it is put at ``(0, 0)``); each later one goes
on an empty square beside at least one number, and every number beside it must
differ from it in parity. The empire scores its best complete rectangle
outline: width x height plus the tens digits of its corners, each corner
number counted once.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

from engine.text import Msg, _

Square = tuple[int, int]
"""Row (down) and column (right)."""
Empire = Mapping[Square, int]
FIRST: Square = (0, 0)


def neighbours(square: Square) -> tuple[Square, ...]:
    row, col = square
    return ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))


def refusal(empire: Empire, number: int, square: Square) -> Msg | None:
    """Why ``number`` cannot go on ``square``; ``None`` if it can."""
    if not empire:
        return None if square == FIRST else _("The empire's first number goes on its first square.")
    if square in empire:
        return _("{number} is already there.", number=empire[square])
    beside = [empire[s] for s in neighbours(square) if s in empire]
    if not beside:
        return _("It must be beside a number already in the empire.")
    same = [n for n in beside if n % 2 == number % 2]
    if not same:
        return None
    if number % 2 == 0:
        return _(
            "Neighbours must alternate even and odd: {number} and {other} are both even.",
            number=number,
            other=same[0],
        )
    return _(
        "Neighbours must alternate even and odd: {number} and {other} are both odd.",
        number=number,
        other=same[0],
    )


def where(empire: Empire, square: Square) -> Msg:
    """Where ``square`` is, as a player finds it: by a number beside it (the one above, then to
    the left, to the right, below), or as the empire's first square."""
    row, col = square
    if (row - 1, col) in empire:
        return _("below {number}", number=empire[row - 1, col])
    if (row, col - 1) in empire:
        return _("right of {number}", number=empire[row, col - 1])
    if (row, col + 1) in empire:
        return _("left of {number}", number=empire[row, col + 1])
    if (row + 1, col) in empire:
        return _("above {number}", number=empire[row + 1, col])
    return _("its first square")


def spots(empire: Empire) -> list[Square]:
    """Every square a number might go on, to be checked with :func:`refusal`."""
    if not empire:
        return [FIRST]
    return sorted({s for square in empire for s in neighbours(square) if s not in empire})


class Rectangle(NamedTuple):
    top: int
    left: int
    width: int
    height: int
    score: int

    @property
    def corners(self) -> tuple[Square, ...]:
        bottom, right = self.top + self.height - 1, self.left + self.width - 1
        corners = ((self.top, self.left), (self.top, right), (bottom, right), (bottom, self.left))
        return tuple(dict.fromkeys(corners))


BOTTOM_AT_MOST = 2 * 9
"""The most two bottom corners' tens digits can add."""


def tens(number: int) -> int:
    return number // 10


def best(empire: Empire) -> Rectangle | None:
    """The complete rectangle outline that scores most (``None`` for an empty empire)."""
    return _best(frozenset(empire.items())) if empire else None


@lru_cache(maxsize=4096)
def _best(squares: frozenset[tuple[Square, int]]) -> Rectangle:
    """From each square as a top-left corner, every width its row run allows and every
    height its column run allows, tallest first, until even the best bottom corners
    could not beat the best found; the other two sides are checked against runs
    counted once beforehand. Remembered: a view asks again until the empire grows."""
    empire = dict(squares)
    run_right: dict[Square, int] = {}
    run_down: dict[Square, int] = {}
    for row, col in sorted(empire, reverse=True):
        run_right[row, col] = run_right.get((row, col + 1), 0) + 1
        run_down[row, col] = run_down.get((row + 1, col), 0) + 1
    top_square = max(empire, key=lambda s: empire[s])
    found = Rectangle(*top_square, 1, 1, worth(empire, Rectangle(*top_square, 1, 1, 0)))
    for (top, left), across in run_right.items():
        for width in range(1, across + 1):
            right = left + width - 1
            top_tens = tens(empire[top, left]) + (tens(empire[top, right]) if width > 1 else 0)
            down = min(run_down[top, left], run_down[top, right])
            for height in range(down, 0, -1):
                if width * height + top_tens + BOTTOM_AT_MOST <= found.score:
                    break
                bottom = top + height - 1
                if run_right[bottom, left] < width:
                    continue
                score = width * height + top_tens  # :func:`worth`, the top corners counted already
                if height > 1:
                    score += tens(empire[bottom, left]) + (tens(empire[bottom, right]) if width > 1 else 0)
                if score > found.score:
                    found = Rectangle(top, left, width, height, score)
    return found


def worth(empire: Empire, rectangle: Rectangle) -> int:
    """What a complete rectangle outline scores: width x height and each corner's tens once."""
    return rectangle.width * rectangle.height + sum(tens(empire[s]) for s in rectangle.corners)


def score(empire: Empire) -> int:
    rectangle = best(empire)
    return rectangle.score if rectangle else 0
