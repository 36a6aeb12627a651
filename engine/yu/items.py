"""The item vocabulary: Workers, Resources, costs and effect steps.

Content files write items as short terms, ``"<count> <word>"``:

* a Worker colour (``white`` ``red`` ``blue`` ``black`` ``yellow``) or a
  Resource (``cowrie`` ``clay`` ``wood`` ``provision``);
* ``any`` (a Worker of any colour) and ``coloured`` (any colour but White);
* alternatives joined by ``|`` (``1 clay|wood``): the player picks one;
* an effect word with its count after it (``draw 2``, ``destroy 1``,
  ``draw_townsfolk 1``, ``flood 1``, ``reveal_barbarian 1``), or ``entry 12``
  (read Story Book entry 12).

Parsed terms become *steps*: small tuples the rules resolve in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WORKERS = ("white", "red", "blue", "black", "yellow")
RESOURCES = ("cowrie", "clay", "wood", "provision")
ITEMS = WORKERS + RESOURCES
WHITE, RED, BLUE, BLACK, YELLOW, COWRIE, CLAY, WOOD, PROVISION = range(9)
LETTERS = "WRBKY"
"""One letter per Worker colour, used in action keys for payments."""

INDEX = {name: i for i, name in enumerate(ITEMS)}
ALL_COLOURS = 0b11111
COLOURED = 0b11110
ALIASES = {"any": WORKERS, "coloured": WORKERS[1:]}
EFFECT_WORDS = ("draw", "destroy", "draw_townsfolk", "flood", "reveal_barbarian", "entry")

Step = tuple[Any, ...]
"""An effect step: ``("gain", item, n)``, ``("pay", item, n)``, ``("pick", (item, ...), n)``
or ``(word, n)``."""


class TermError(ValueError):
    """A content term that does not parse."""


def _split(term: str) -> tuple[int, str]:
    """``"2 clay"`` and ``"draw 2"`` both give ``(2, word)``."""
    parts = term.split()
    if len(parts) == 2 and parts[0] in EFFECT_WORDS:
        parts.reverse()
    if len(parts) != 2 or not parts[0].isdigit() or int(parts[0]) < 1:
        raise TermError(f"{term!r} is neither '<count> <item>' nor '<effect> <count>' (count at least 1)")
    return int(parts[0]), parts[1]


def _alternatives(word: str) -> tuple[int, ...]:
    names: list[str] = []
    for part in word.split("|"):
        names.extend(ALIASES.get(part, (part,)))
    unknown = [n for n in names if n not in INDEX]
    if unknown:
        raise TermError(f"unknown item {unknown[0]!r}")
    if len(set(names)) != len(names):
        raise TermError(f"{word!r} names an item twice")
    return tuple(INDEX[n] for n in names)


def parse_term(term: str) -> Step:
    """Parse one short term into a step: ``"2 clay"``, ``"clay|wood 1"`` (a pick),
    ``"pay 2 cowrie"`` (spend), ``"draw 2"``."""
    if term.startswith("pay "):
        count, word = _split(term[4:])
        options = _alternatives(word)
        if len(options) != 1:
            raise TermError(f"{term!r}: pay names one item")
        return ("pay", options[0], count)
    count, word = _split(term)
    if word in EFFECT_WORDS:
        return (word, count)
    options = _alternatives(word)
    if len(options) == 1:
        return ("gain", options[0], count)
    return ("pick", options, count)


@dataclass(frozen=True, slots=True)
class Cost:
    """What an action spends: Worker requirements and Resources.

    ``workers`` holds ``(mask, count)`` pairs; a mask has one bit per colour
    (bit 0 White ... bit 4 Yellow) naming the colours that may pay.
    """

    workers: tuple[tuple[int, int], ...] = ()
    resources: tuple[int, int, int, int] = (0, 0, 0, 0)
    exhaust: int = 0

    def __add__(self, other: Cost) -> Cost:
        res = tuple(a + b for a, b in zip(self.resources, other.resources, strict=True))
        return Cost(self.workers + other.workers, res, self.exhaust + other.exhaust)  # type: ignore[arg-type]

    @property
    def worker_count(self) -> int:
        return sum(n for _, n in self.workers)

    def describe(self) -> str:
        parts = [f"{n} {_mask_name(mask)}" for mask, n in self.workers]
        parts += [f"{n} {RESOURCES[i]}" for i, n in enumerate(self.resources) if n]
        if self.exhaust:
            parts.append(f"exhaust {self.exhaust} card from hand")
        return ", ".join(parts) or "nothing"


def _mask_name(mask: int) -> str:
    if mask == ALL_COLOURS:
        return "any Worker"
    if mask == COLOURED:
        return "coloured Worker"
    return "/".join(WORKERS[c] for c in range(5) if mask >> c & 1)


def provisions(n: int) -> Cost:
    return Cost(resources=(0, 0, 0, n))


def parse_cost_options(terms: list[str] | tuple[str, ...]) -> tuple[tuple[str, Cost], ...]:
    """Parse cost terms. Resource alternatives (``1 clay|wood``) give one
    labelled Cost per alternative; Worker alternatives stay a single mask."""
    options: list[tuple[str, Cost]] = [("", Cost())]
    for term in terms:
        if not isinstance(term, str):
            raise TermError(f"{term!r} is not a string")
        count, word = _split(term)
        if word == "exhaust":
            options = [(label, cost + Cost(exhaust=count)) for label, cost in options]
            continue
        alts = _alternatives(word)
        if all(a < 5 for a in alts):
            mask = sum(1 << a for a in alts)
            options = [(label, cost + Cost(workers=((mask, count),))) for label, cost in options]
        elif all(a >= 5 for a in alts):
            grown: list[tuple[str, Cost]] = []
            for label, cost in options:
                for a in alts:
                    res = [0, 0, 0, 0]
                    res[a - 5] = count
                    name = ITEMS[a] if len(alts) > 1 else ""
                    joined = ":".join(x for x in (label, name) if x)
                    grown.append((joined, cost + Cost(resources=tuple(res))))  # type: ignore[arg-type]
            options = grown
        else:
            raise TermError(f"{word!r} mixes Workers and Resources")
    return tuple(options)


def parse_cost(terms: list[str] | tuple[str, ...]) -> Cost:
    """Parse cost terms that offer no alternatives between Resources."""
    options = parse_cost_options(terms)
    if len(options) != 1:
        raise TermError("a choice between Resources is not allowed here")
    return options[0][1]


def describe_steps(steps: tuple[Step, ...]) -> str:
    """Steps in words, adding up repeated gains of one item."""
    totals: dict[int, int] = {}
    for step in steps:
        if step[0] == "gain":
            totals[step[1]] = totals.get(step[1], 0) + step[2]
    parts = []
    for step in steps:
        if step[0] == "gain":
            if step[1] in totals:
                parts.append(f"{totals.pop(step[1])} {ITEMS[step[1]]}")
        elif step[0] == "pay":
            parts.append(f"pay {step[2]} {ITEMS[step[1]]}")
        elif step[0] == "pick":
            names = "/".join(ITEMS[i] for i in step[1])
            parts.append(f"{step[2]} {names}")
        elif step[0] == "entry":
            parts.append(f"Story entry {step[1]}")
        else:
            parts.append(f"{step[0].replace('_', ' ')} {step[1]}")
    return ", ".join(parts) or "nothing"
