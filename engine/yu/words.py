"""The game's data in English words: items, costs, effects, outcomes.

Every sentence the engine or a front end shows about a cost or an effect is
made here, from the typed values; nothing parses these sentences back.
"""

from __future__ import annotations

from engine.yu.items import ALL_COLOURS, COLOURED, ITEMS, WORKERS, Amount, Cost, colours
from engine.yu.steps import (
    Counted,
    Destroy,
    Draw,
    DrawTownsfolk,
    Flood,
    Gain,
    Pay,
    Pick,
    Read,
    RevealBarbarian,
    Step,
    Steps,
)

OUTCOMES = {
    None: "The game goes on.",
    "won": "All six Canal sections stand: the game is won.",
    "flood": "The Flood broke through: the game is lost to the Flood.",
    "barbarians": "Seven Barbarian bands gathered: the game is lost to the Barbarians.",
    "damage": "No Townsfolk were left to lose: the game is lost to Damage.",
}
COUNTED: dict[type[Counted], str] = {
    Draw: "draw {n} from the Ready Pile",
    Destroy: "destroy {n}",
    DrawTownsfolk: "draw {n} Townsfolk",
    Flood: "the Flood advances {n}",
    RevealBarbarian: "reveal {n} Barbarian{s}",
}
"""Effects done a number of times."""


def mask(workers: int) -> str:
    """The Workers a mask of colours allows: "any Worker", "coloured Worker", "red/blue"."""
    if workers == ALL_COLOURS:
        return "any Worker"
    if workers == COLOURED:
        return "coloured Worker"
    return "/".join(WORKERS[c] for c in colours(workers))


def amount(a: Amount) -> str:
    if len(a.items) > 1 and all(i < len(WORKERS) for i in a.items):
        return f"{a.count} {mask(sum(1 << i for i in a.items))}"
    return f"{a.count} {'/'.join(ITEMS[i] for i in a.items)}"


def cost(c: Cost) -> str:
    """``"1 white, 1 coloured Worker, 2 cowrie"``, or ``"nothing"``."""
    parts = [f"{n} {mask(m)}" for m, n in c.workers]
    parts += [f"{n} {ITEMS[5 + i]}" for i, n in enumerate(c.resources) if n]
    if c.exhaust:
        parts.append(f"exhaust {c.exhaust} card from hand")
    return ", ".join(parts) or "nothing"


def step(s: Step) -> str:
    if isinstance(s, Gain):
        return f"{s.count} {ITEMS[s.item]}"
    if isinstance(s, Pay):
        return f"pay {s.count} {ITEMS[s.item]}"
    if isinstance(s, Pick):
        return f"{s.count} {'/'.join(ITEMS[i] for i in s.items)}"
    if isinstance(s, Read):
        return f"Story entry {s.entry}"
    if isinstance(s, Counted):
        return COUNTED[type(s)].format(n=s.count, s="" if s.count == 1 else "s")
    return type(s).__name__.lower()


def steps(s: Steps) -> str:
    """Steps in words, adding up repeated gains of one item: ``"2 cowrie, draw 1"``."""
    totals: dict[int, int] = {}
    for one in s:
        if isinstance(one, Gain):
            totals[one.item] = totals.get(one.item, 0) + one.count
    parts = []
    for one in s:
        if isinstance(one, Gain):
            if one.item in totals:
                parts.append(f"{totals.pop(one.item)} {ITEMS[one.item]}")
        else:
            parts.append(step(one))
    return ", ".join(parts) or "nothing"
