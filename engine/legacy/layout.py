"""A sheet laid out for drawing: the opus as high and low places, the garden as a tree,
the empire as rows of squares, each with the key of the move that places the number there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.legacy import opus
from engine.legacy.actions import Action, Element
from engine.legacy.empire import where
from engine.legacy.view import SheetView
from engine.text import Msg


@dataclass(frozen=True)
class Place:
    number: int
    high: bool


@dataclass(frozen=True)
class Branch:
    number: int
    above: tuple[Branch, ...]
    key: str | None
    """The move that branches the current number above this one, when it may."""
    leaf: bool
    full: bool


@dataclass(frozen=True)
class Square:
    number: int | None
    key: str | None
    corner: bool
    outline: bool
    """On the best rectangle's outline."""
    where: Msg | None
    """Where the move puts the number, in words (for a square with a key)."""


@dataclass(frozen=True)
class Layout:
    opus: tuple[Place, ...]
    opus_next_high: bool
    opus_key: str | None
    trunk_key: str | None
    garden: Branch | None
    garden_room: bool
    """Whether the number may go in the garden at all."""
    empire: tuple[tuple[Square, ...], ...]
    empire_room: bool
    """Whether the number may go in the empire at all."""


def layout(sheet: SheetView, legal: Sequence[Action] = ()) -> Layout:
    keys = {a.key for a in legal}
    garden_keys = {a.above: a.key for a in legal if a.element is Element.GARDEN}
    return Layout(
        tuple(Place(n, opus.is_high(i)) for i, n in enumerate(sheet.opus)),
        opus.is_high(len(sheet.opus)),
        "opus" if "opus" in keys else None,
        garden_keys.get(None),
        _tree(sheet, garden_keys),
        bool(garden_keys),
        _rows(sheet, [a for a in legal if a.element is Element.EMPIRE]),
        any(a.element is Element.EMPIRE for a in legal),
    )


def _tree(sheet: SheetView, keys: dict[int | None, str]) -> Branch | None:
    above: dict[int | None, list[int]] = {}
    for number, parent in sheet.garden:
        above.setdefault(parent, []).append(number)

    def grow(number: int) -> Branch:
        tops = tuple(grow(n) for n in sorted(above.get(number, []), reverse=True))
        return Branch(number, tops, keys.get(number), not tops, number in sheet.full)

    trunk = above.get(None)
    return grow(trunk[0]) if trunk else None


def _rows(sheet: SheetView, legal: Sequence[Action]) -> tuple[tuple[Square, ...], ...]:
    numbers = {(row, col): n for row, col, n in sheet.empire}
    keys = {a.square: a.key for a in legal}
    squares = set(numbers) | {s for s in keys if s is not None}
    if not squares:
        return ()
    best = sheet.rectangle
    outline: set[tuple[int, int]] = set()
    corners: set[tuple[int, int]] = set()
    if best is not None:
        bottom, right = best.top + best.height - 1, best.left + best.width - 1
        corners = set(best.corners)
        outline = {
            (r, c)
            for r in range(best.top, bottom + 1)
            for c in range(best.left, right + 1)
            if r in (best.top, bottom) or c in (best.left, right)
        }
    rows = range(min(r for r, _ in squares), max(r for r, _ in squares) + 1)
    cols = range(min(c for _, c in squares), max(c for _, c in squares) + 1)
    return tuple(
        tuple(
            Square(
                numbers.get((r, c)),
                keys.get((r, c)),
                (r, c) in corners,
                (r, c) in outline,
                where(numbers, (r, c)) if (r, c) in keys else None,
            )
            for c in cols
        )
        for r in rows
    )
