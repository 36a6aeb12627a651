"""Paying Workers: colour groups joined by Outposts and the ways to pay a cost.

A payment is a 5-tuple of Worker counts (White, Red, Blue, Black, Yellow).
When several payments fit, each is a separate legal action: the player
chooses which Workers to give (ruling 8).
"""

from __future__ import annotations

from functools import lru_cache

from engine.yu.rules.actions import NO_WORKERS, Payment


def colour_groups(joins: list[int]) -> tuple[int, ...]:
    """For each colour, the mask of colours it counts as, joining Outpost
    groups transitively (ruling 7)."""
    groups = [1 << c for c in range(5)]
    changed = True
    while changed:
        changed = False
        for join in joins:
            members = [c for c in range(5) if join >> c & 1]
            union = join
            for c in members:
                union |= groups[c]
            for c in range(5):
                if groups[c] & union and groups[c] != union | groups[c]:
                    groups[c] |= union
                    changed = True
    return tuple(groups)


@lru_cache(maxsize=4096)
def widen(workers: tuple[tuple[int, int], ...], groups: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Requirements with each mask widened to every colour that may pay it,
    identical masks merged, in a canonical order."""
    merged: dict[int, int] = {}
    for mask, n in workers:
        wide = 0
        for c in range(5):
            if groups[c] & mask:
                wide |= 1 << c
        merged[wide] = merged.get(wide, 0) + n
    return tuple(sorted(merged.items()))


@lru_cache(maxsize=1 << 16)
def payments(
    workers: tuple[tuple[int, int], ...], groups: tuple[int, ...], have: Payment
) -> tuple[Payment, ...]:
    """Every distinct way to pay the Worker requirements from ``have``, each
    colour counting as the colours ``groups`` joins it to."""
    reqs = widen(workers, groups)
    if not reqs:
        return (NO_WORKERS,)
    found: set[Payment] = set()
    left = list(have)
    paid = [0, 0, 0, 0, 0]

    def fill(i: int, colours: list[int], n: int) -> None:
        if n == 0:
            place(i + 1)
            return
        if not colours:
            return
        c, rest = colours[0], colours[1:]
        for k in range(min(n, left[c]), -1, -1):
            left[c] -= k
            paid[c] += k
            fill(i, rest, n - k)
            left[c] += k
            paid[c] -= k

    def place(i: int) -> None:
        if i == len(reqs):
            found.add(tuple(paid))  # type: ignore[arg-type]
            return
        mask, n = reqs[i]
        fill(i, [c for c in range(5) if mask >> c & 1 and left[c]], n)

    place(0)
    return tuple(sorted(found, reverse=True))
