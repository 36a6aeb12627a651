"""The garden: a tree grown from a trunk, each number branching above a larger one.

A number has at most two branches above it. The garden scores five for each
leaf (a number with nothing above it) plus the height of its highest leaf,
counted in numbers from the trunk up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from engine.text import Msg, _

BRANCHES = 2
"""The most numbers that can branch above one number."""
LEAF = 5

Garden = Mapping[int, int | None]
"""Each number and the number it branches from (``None`` for the trunk)."""


def refusal(garden: Garden, number: int, above: int | None) -> Msg | None:
    """Why ``number`` cannot branch above ``above`` (``None``: as the trunk); ``None`` if it can."""
    if above is None:
        return _("The garden already has its trunk.") if garden else None
    if not garden:
        return _("The garden is empty: its first number is the trunk.")
    if above not in garden:
        return _("{above} is not in the garden.", above=above)
    if number >= above:
        return _(
            "A branch must be smaller than the number it grows from: {number} is not smaller than {above}.",
            number=number,
            above=above,
        )
    if branches(garden)[above] >= BRANCHES:
        return _("{above} already has two branches.", above=above)
    return None


def spots(garden: Garden) -> list[int | None]:
    """Every place a number might go, to be checked with :func:`refusal`."""
    found: list[int | None] = [*sorted(garden)] if garden else [None]
    return found


def branches(garden: Garden) -> Counter[int]:
    return Counter(parent for parent in garden.values() if parent is not None)


def leaves(garden: Garden) -> list[int]:
    grown = branches(garden)
    return sorted(n for n in garden if not grown[n])


def height(garden: Garden, number: int) -> int:
    """How many numbers the path from the trunk to ``number`` holds, both ends counted."""
    count = 1
    parent = garden[number]
    while parent is not None:
        count += 1
        parent = garden[parent]
    return count


def score(garden: Garden) -> int:
    tips = leaves(garden)
    return LEAF * len(tips) + max((height(garden, n) for n in tips), default=0)
