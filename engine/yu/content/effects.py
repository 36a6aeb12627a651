"""Effect lists as content files write them, parsed into steps.

An effect list mixes short terms with tables:

* ``"2 clay"`` (gain), ``"1 clay|wood"`` (pick one), ``"pay 1 wood"``;
* ``"draw 2"`` (from the Ready Pile), ``"destroy 1"``, ``"draw_townsfolk 1"``,
  ``"flood 1"``, ``"reveal_barbarian 1"``, ``"entry 12"`` (read Story Book entry 12);
* ``{find = [12, 13]}``: take the Story cards with those grey-stone numbers
  into their zones (``to = "history"`` etc. to choose the zone);
* ``{retire = ["t05"]}``: put cards into History, out of the campaign;
* ``{adjust = "row_cost", space = 3, by = 1}``, ``{adjust = "barbarians", by = 1}``,
  ``{adjust = "ready_pile", by = -1}``, ``{adjust = "harvest", add = ["1 cowrie"]}``,
  ``{adjust = "start", add = ["2 cowrie"]}``: change the board for the rest of
  the campaign;
* ``{module = "food"}``: turn on a rule module;
* ``{choice = [{label = "...", effects = [...]}, ...]}``: the player picks one;
* ``{if = {wins_at_least = 3}, then = [...], else = [...]}``: a condition on
  the campaign.

Unknown words raise :class:`TermError`.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.yu.content.items import TermError, alternatives, split_term
from engine.yu.content.steps import (
    AddHarvest,
    AddStart,
    Choice,
    Condition,
    Destroy,
    Draw,
    DrawTownsfolk,
    Find,
    Flood,
    Gain,
    If,
    Module,
    MoreBarbarians,
    Option,
    Pay,
    Pick,
    Read,
    ReadyPile,
    Retire,
    RevealBarbarian,
    RowCost,
    Step,
    Steps,
)

ZONES = ("townsfolk", "barbarians", "canals", "huts", "ongoing", "history")
MODULES = ("food", "fortress", "fortuity", "skills", "levee", "warlords")
ADJUSTMENTS = ("row_cost", "barbarians", "ready_pile", "harvest", "start")
CONDITIONS = ("wins_at_least", "losses_at_least", "game_at_least", "read", "found", "module")
COUNTED: dict[str, Callable[[int], Step]] = {
    "draw": Draw,
    "destroy": Destroy,
    "draw_townsfolk": DrawTownsfolk,
    "flood": Flood,
    "reveal_barbarian": RevealBarbarian,
    "entry": Read,
}
"""Effect words written before their count (``draw 2``)."""


def parse_term(term: str) -> Step:
    """One short term: ``"2 clay"``, ``"1 clay|wood"`` (a pick), ``"pay 2 cowrie"``, ``"draw 2"``."""
    if term.startswith("pay "):
        count, word = split_term(term[4:])
        options = alternatives(word)
        if len(options) != 1:
            raise TermError(f"{term!r}: pay names one item")
        return Pay(options[0], count)
    count, word = split_term(term, tuple(COUNTED))
    if word in COUNTED:
        return COUNTED[word](count)
    options = alternatives(word)
    return Gain(options[0], count) if len(options) == 1 else Pick(options, count)


def parse_steps(terms: object) -> Steps:
    """Parse an effect list, keeping its order."""
    if not isinstance(terms, list):
        raise TermError("an effect list must be an array")
    return tuple(parse_term(t) if isinstance(t, str) else _table(t) for t in terms)


def _keys(table: dict[str, object], required: set[str], optional: frozenset[str] = frozenset()) -> None:
    missing = required - set(table)
    extra = set(table) - required - optional
    if missing:
        raise TermError(f"{sorted(table)} needs {sorted(missing)[0]!r}")
    if extra:
        raise TermError(f"{sorted(extra)[0]!r} is not a known word here")


def _ints(value: object, what: str) -> tuple[int, ...]:
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in values):
        raise TermError(f"{what} takes whole numbers of at least 1")
    return tuple(values)


def _strings(value: object, what: str) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, str) and v for v in values):
        raise TermError(f"{what} takes card ids")
    return tuple(values)


def _by(table: dict[str, object]) -> int:
    by = table.get("by")
    if not isinstance(by, int) or isinstance(by, bool) or by == 0:
        raise TermError(f"adjust {table['adjust']!r} needs a non-zero whole 'by'")
    return by


def _table(table: object) -> Step:
    if not isinstance(table, dict):
        raise TermError(f"{table!r} is neither a term nor a table")
    if "find" in table:
        _keys(table, {"find"}, frozenset({"to"}))
        zone = table.get("to", "")
        if zone and zone not in ZONES:
            raise TermError(f"zone {zone!r} is not one of {ZONES}")
        return Find(_ints(table["find"], "find"), zone)
    if "retire" in table:
        _keys(table, {"retire"})
        return Retire(_strings(table["retire"], "retire"))
    if "module" in table:
        _keys(table, {"module"})
        if table["module"] not in MODULES:
            raise TermError(f"module {table['module']!r} is not one of {MODULES}")
        return Module(table["module"])
    if "adjust" in table:
        return _adjust(table)
    if "choice" in table:
        _keys(table, {"choice"})
        options = table["choice"]
        if not isinstance(options, list) or len(options) < 2:
            raise TermError("a choice needs at least two options")
        parsed = []
        for option in options:
            if not isinstance(option, dict):
                raise TermError("each choice option is a table with label and effects")
            _keys(option, {"label", "effects"})
            if not isinstance(option["label"], str) or not option["label"]:
                raise TermError("each choice option needs a label")
            parsed.append(Option(option["label"], parse_steps(option["effects"])))
        return Choice(tuple(parsed))
    if "if" in table:
        _keys(table, {"if", "then"}, frozenset({"else"}))
        cond = table["if"]
        if not isinstance(cond, dict) or len(cond) != 1:
            raise TermError("'if' takes one condition")
        ((test, value),) = cond.items()
        if test not in CONDITIONS:
            raise TermError(f"condition {test!r} is not one of {CONDITIONS}")
        if test == "module":
            if value not in MODULES:
                raise TermError(f"module {value!r} is not one of {MODULES}")
        elif not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise TermError(f"{test} takes one whole number of at least 1")
        return If(Condition(test, value), parse_steps(table["then"]), parse_steps(table.get("else", [])))
    raise TermError(f"{sorted(table)[0] if table else '{}'!r} is not an effect word")


def _adjust(table: dict[str, object]) -> Step:
    what = table["adjust"]
    if what == "row_cost":
        _keys(table, {"adjust", "space", "by"})
        space = _ints(table["space"], "space")
        if len(space) != 1 or not 2 <= space[0] <= 7:
            raise TermError("adjust 'row_cost' needs one space from 2 to 7: the left-most is free")
        return RowCost(space[0] - 1, _by(table))
    if what in ("barbarians", "ready_pile"):
        _keys(table, {"adjust", "by"})
        return MoreBarbarians(_by(table)) if what == "barbarians" else ReadyPile(_by(table))
    if what in ("harvest", "start"):
        _keys(table, {"adjust", "add"})
        steps = parse_steps(table["add"])
        return AddHarvest(steps) if what == "harvest" else AddStart(steps)
    raise TermError(f"adjust {what!r} is not one of {ADJUSTMENTS}")
