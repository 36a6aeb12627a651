"""The items of the game: five Worker colours and four Resources, and costs.

Content files write an amount as ``"<count> <word>"``: a Worker colour
(``white`` ``red`` ``blue`` ``black`` ``yellow``), a Resource (``cowrie``
``clay`` ``wood`` ``provision``), ``any`` (a Worker of any colour),
``coloured`` (any colour but White), or alternatives joined by ``|``
(``1 clay|wood``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NewType

Item = NewType("Item", int)
"""An index into :data:`ITEMS` (and into a player's or the Main Supply's counts)."""

WORKERS = ("white", "red", "blue", "black", "yellow")
RESOURCES = ("cowrie", "clay", "wood", "provision")
ITEMS = WORKERS + RESOURCES
WHITE, RED, BLUE, BLACK, YELLOW, COWRIE, CLAY, WOOD, PROVISION = (Item(i) for i in range(9))
COLOURS = (WHITE, RED, BLUE, BLACK, YELLOW)

INDEX = {name: Item(i) for i, name in enumerate(ITEMS)}
ALL_COLOURS = 0b11111
COLOURED = 0b11110
ALIASES = {"any": WORKERS, "coloured": WORKERS[1:]}


class TermError(ValueError):
    """A content term that does not parse."""


def split_term(term: str, words: tuple[str, ...] = ()) -> tuple[int, str]:
    """``"2 clay"`` gives ``(2, "clay")``; so does ``"clay 2"`` when ``clay`` is one of ``words``."""
    parts = term.split()
    if len(parts) == 2 and parts[0] in words:
        parts.reverse()
    if len(parts) != 2 or not parts[0].isdigit() or int(parts[0]) < 1:
        raise TermError(f"{term!r} is neither '<count> <item>' nor '<effect> <count>' (count at least 1)")
    return int(parts[0]), parts[1]


def alternatives(word: str) -> tuple[Item, ...]:
    """``"clay|wood"`` -> ``(CLAY, WOOD)``; ``"any"`` -> the five colours."""
    names: list[str] = []
    for part in word.split("|"):
        names.extend(ALIASES.get(part, (part,)))
    unknown = [n for n in names if n not in INDEX]
    if unknown:
        raise TermError(f"unknown item {unknown[0]!r}")
    if len(set(names)) != len(names):
        raise TermError(f"{word!r} names an item twice")
    return tuple(INDEX[n] for n in names)


def colours(mask: int) -> tuple[Item, ...]:
    """The Worker colours of a mask (bit 0 White ... bit 4 Yellow)."""
    return tuple(c for c in COLOURS if mask >> c & 1)


@dataclass(frozen=True, slots=True)
class Amount:
    """``count`` of one of ``items``: one Worker of a colour, "any coloured
    Worker", 2 Cowrie. How a cost reads, term by term."""

    count: int
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class Cost:
    """What an action spends: Worker requirements, Resources, cards exhausted.

    ``workers`` holds ``(mask, count)`` pairs; a mask has one bit per colour
    (bit 0 White ... bit 4 Yellow) naming the colours that may pay.
    ``resources`` counts Cowrie, Clay, Wood and Provisions.
    """

    workers: tuple[tuple[int, int], ...] = ()
    resources: tuple[int, int, int, int] = (0, 0, 0, 0)
    exhaust: int = 0

    def __add__(self, other: Cost) -> Cost:
        a, b = self.resources, other.resources
        return Cost(
            self.workers + other.workers,
            (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]),
            self.exhaust + other.exhaust,
        )

    @property
    def worker_count(self) -> int:
        return sum(n for _, n in self.workers)

    @property
    def amounts(self) -> tuple[Amount, ...]:
        """The cost term by term: Workers first, then Resources (exhausted cards aside)."""
        found = [Amount(n, colours(mask)) for mask, n in self.workers]
        found += [Amount(n, (Item(COWRIE + i),)) for i, n in enumerate(self.resources) if n]
        return tuple(found)


def parse_cost_options(terms: object) -> tuple[tuple[Item | None, Cost], ...]:
    """Parse cost terms. A choice between Resources (``1 clay|wood``) gives one
    Cost per Resource, each with the Resource chosen; Worker alternatives stay
    a single mask."""
    if not isinstance(terms, list):
        raise TermError("a cost must be an array")
    options: list[tuple[Item | None, Cost]] = [(None, Cost())]
    for term in terms:
        if not isinstance(term, str):
            raise TermError(f"{term!r} is not a string")
        count, word = split_term(term)
        if word == "exhaust":
            options = [(chosen, cost + Cost(exhaust=count)) for chosen, cost in options]
            continue
        alts = alternatives(word)
        if all(a < COWRIE for a in alts):
            mask = sum(1 << a for a in alts)
            options = [(chosen, cost + Cost(workers=((mask, count),))) for chosen, cost in options]
        elif all(a >= COWRIE for a in alts):
            if len(alts) > 1 and len(options) > 1:
                raise TermError("a cost may offer one choice between Resources at most")
            options = [
                (a if len(alts) > 1 else chosen, cost + _resource(a, count))
                for chosen, cost in options
                for a in alts
            ]
        else:
            raise TermError(f"{word!r} mixes Workers and Resources")
    return tuple(options)


def _resource(item: Item, n: int) -> Cost:
    res = [0, 0, 0, 0]
    res[item - COWRIE] = n
    return Cost(resources=(res[0], res[1], res[2], res[3]))


def parse_cost(terms: object) -> Cost:
    """Parse cost terms that offer no choice between Resources."""
    options = parse_cost_options(terms)
    if len(options) != 1:
        raise TermError("a choice between Resources is not allowed here")
    return options[0][1]
