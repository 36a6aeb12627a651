"""The game's data in words, as messages: items, costs, effects, outcomes.

Every sentence the engine or a front end shows about a cost or an effect is
made here, from the typed values, as a :class:`~engine.text.Msg` a front end
says in the reader's language; nothing parses these sentences back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.text import Msg, _, ngettext
from engine.yu.content.items import ALL_COLOURS, COLOURED, WORKERS, Amount, Cost, colours
from engine.yu.content.loader import BuildingKind
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Attack,
    Bribe,
    Choice,
    Counted,
    Destroy,
    Draw,
    DrawTownsfolk,
    EndRound,
    Find,
    Flood,
    Gain,
    Harvest,
    If,
    Module,
    MoreBarbarians,
    Pay,
    Pick,
    Read,
    ReadyPile,
    Refresh,
    Retire,
    ReturnBarge,
    RevealBarbarian,
    RowCost,
    Step,
    Steps,
    SufferAttacks,
    TakeActions,
    UseHand,
)

OUTCOMES: dict[str | None, Msg] = {
    None: _("The game goes on."),
    "won": _("All six Canal sections stand: the game is won."),
    "flood": _("The Flood broke through: the game is lost to the Flood."),
    "barbarians": _("Seven Barbarian bands gathered: the game is lost to the Barbarians."),
    "damage": _("No Townsfolk were left to lose: the game is lost to Damage."),
}
NOTHING = _("nothing")
FOODS = {"meat": _("meat"), "fish": _("fish"), "wheat": _("wheat"), "milk": _("milk")}
"""Each Food a Townsfolk card gives the settlement (``food`` module), by its key."""
BUILDINGS = {
    BuildingKind.FARM: _("farm"),
    BuildingKind.OUTPOST: _("outpost"),
    BuildingKind.HUT: _("hut"),
    BuildingKind.FORTRESS: _("fortress"),
}
"""Each kind of building, as a label names it after the building."""

NAMES: tuple[Msg, ...] = (
    _("white"),
    _("red"),
    _("blue"),
    _("black"),
    _("yellow"),
    _("cowrie"),
    _("clay"),
    _("wood"),
    _("provision"),
)
"""Each item's name, by :data:`~engine.yu.content.items.ITEMS` index: a Worker's colour, a Resource."""

COUNTS: tuple[Callable[[int], Msg], ...] = (
    lambda n: ngettext("{n} white", "{n} white", n),
    lambda n: ngettext("{n} red", "{n} red", n),
    lambda n: ngettext("{n} blue", "{n} blue", n),
    lambda n: ngettext("{n} black", "{n} black", n),
    lambda n: ngettext("{n} yellow", "{n} yellow", n),
    lambda n: ngettext("{n} cowrie", "{n} cowrie", n),
    lambda n: ngettext("{n} clay", "{n} clay", n),
    lambda n: ngettext("{n} wood", "{n} wood", n),
    lambda n: ngettext("{n} provision", "{n} provision", n),
)
"""A number of each item: ``"2 cowrie"``, ``"1 red"`` (a red Worker)."""

WORKER_COUNTS: tuple[Callable[[int], Msg], ...] = (
    lambda n: ngettext("{n} white Worker", "{n} white Workers", n),
    lambda n: ngettext("{n} red Worker", "{n} red Workers", n),
    lambda n: ngettext("{n} blue Worker", "{n} blue Workers", n),
    lambda n: ngettext("{n} black Worker", "{n} black Workers", n),
    lambda n: ngettext("{n} yellow Worker", "{n} yellow Workers", n),
)
"""A number of Workers of each colour, the Worker named: ``"2 red Workers"``."""

COUNTED: dict[type[Counted], Callable[[int], Msg]] = {
    Draw: lambda n: ngettext("draw {n} from the Ready Pile", "draw {n} from the Ready Pile", n),
    Destroy: lambda n: ngettext("destroy {n}", "destroy {n}", n),
    DrawTownsfolk: lambda n: ngettext("draw {n} Townsfolk", "draw {n} Townsfolk", n),
    Flood: lambda n: ngettext("the Flood advances {n}", "the Flood advances {n}", n),
    RevealBarbarian: lambda n: ngettext("reveal {n} Barbarian", "reveal {n} Barbarians", n),
}
"""Effects done a number of times."""

OTHER_STEPS: dict[type[Step], Msg] = {
    Choice: _("choice"),
    If: _("if"),
    Find: _("find"),
    Retire: _("retire"),
    Module: _("module"),
    RowCost: _("row cost"),
    MoreBarbarians: _("more Barbarians"),
    ReadyPile: _("Ready Pile"),
    AddHarvest: _("add to the Harvest"),
    AddStart: _("add to the start"),
    Harvest: _("harvest"),
    TakeActions: _("take actions"),
    ReturnBarge: _("return the Barge"),
    SufferAttacks: _("suffer attacks"),
    Attack: _("attack"),
    Refresh: _("refresh"),
    EndRound: _("end the Round"),
    Bribe: _("bribe"),
    UseHand: _("use the hand"),
}
"""Steps the content rarely shows, by their kind."""


def joined(parts: Sequence[Msg], between: str = ", ") -> Msg:
    """Messages said one after the other, ``between`` each two; :data:`NOTHING` when there are none.

    The joining message is no sentence of the catalogue: its id, ``"{p0}, {p1}"``, reads
    the same in every language."""
    if not parts:
        return NOTHING
    if len(parts) == 1:
        return parts[0]
    return Msg(
        between.join(f"{{p{i}}}" for i in range(len(parts))), tuple((f"p{i}", p) for i, p in enumerate(parts))
    )


def name(item: int) -> Msg:
    """An item's name: ``"clay"``, ``"red"``."""
    return NAMES[item]


def count(item: int, n: int) -> Msg:
    """``n`` of an item: ``"2 cowrie"``, ``"1 white"``."""
    return COUNTS[item](n)


def of_colour(colour: int, n: int) -> Msg:
    """``n`` Workers of a colour, the Worker named: ``"1 red Worker"``."""
    return WORKER_COUNTS[colour](n)


def mask(workers: int) -> Msg:
    """The Workers a mask of colours allows: "any Worker", "coloured Worker", "red/blue"."""
    if workers == ALL_COLOURS:
        return _("any Worker")
    if workers == COLOURED:
        return _("coloured Worker")
    return joined([name(c) for c in colours(workers)], "/")


def _of(n: int, items: Sequence[int]) -> Msg:
    """``n`` of one item, or of one out of several: ``"1 clay/wood"``."""
    if len(items) == 1:
        return count(items[0], n)
    return _("{n} {items}", n=n, items=joined([name(i) for i in items], "/"))


def amount(a: Amount) -> Msg:
    if len(a.items) > 1 and all(i < len(WORKERS) for i in a.items):
        return _masked(sum(1 << i for i in a.items), a.count)
    return _of(a.count, a.items)


def _masked(workers: int, n: int) -> Msg:
    if workers == ALL_COLOURS:
        return ngettext("{n} any Worker", "{n} any Worker", n)
    if workers == COLOURED:
        return ngettext("{n} coloured Worker", "{n} coloured Worker", n)
    return _of(n, colours(workers))


def cost(c: Cost) -> Msg:
    """``"1 white, 1 coloured Worker, 2 cowrie"``, or ``"nothing"``."""
    parts = [amount(a) for a in c.amounts]
    if c.exhaust:
        parts.append(exhaust(c.exhaust))
    return joined(parts)


def exhaust(n: int) -> Msg:
    """A cost's cards exhausted from the hand."""
    return ngettext("exhaust {n} card from hand", "exhaust {n} cards from hand", n)


def step(s: Step) -> Msg:
    if isinstance(s, Gain):
        return count(s.item, s.count)
    if isinstance(s, Pay):
        return _("pay {amount}", amount=count(s.item, s.count))
    if isinstance(s, Pick):
        return _of(s.count, s.items)
    if isinstance(s, Read):
        return _("Story entry {entry}", entry=s.entry)
    if isinstance(s, Counted):
        return COUNTED[type(s)](s.count)
    return OTHER_STEPS.get(type(s), _("step"))


def steps(s: Steps) -> Msg:
    """Steps in words, adding up repeated gains of one item: ``"2 cowrie, draw 1"``."""
    totals: dict[int, int] = {}
    for one in s:
        if isinstance(one, Gain):
            totals[one.item] = totals.get(one.item, 0) + one.count
    parts = []
    for one in s:
        if isinstance(one, Gain):
            if one.item in totals:
                parts.append(count(one.item, totals.pop(one.item)))
        else:
            parts.append(step(one))
    return joined(parts)
