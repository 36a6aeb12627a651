"""The effect vocabulary shared by every card, Story entry and ending.

An effect list mixes short terms (see :mod:`engine.yu.items`: ``"2 clay"``, ``"pay 1 wood"``,
``"destroy 1"``, ``"entry 12"``) with tables for what reaches beyond one game:

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

Every form parses into a step tuple; unknown words raise :class:`TermError`.
"""

from __future__ import annotations

from typing import Any

from engine.yu.items import Step, TermError, parse_term

ZONES = ("townsfolk", "barbarians", "canals", "huts", "ongoing", "history")
MODULES = ("food", "fortress", "fortuity", "skills", "levee", "warlords")
ADJUSTMENTS = ("row_cost", "barbarians", "ready_pile", "harvest", "start")
CONDITIONS = ("wins_at_least", "losses_at_least", "game_at_least", "read", "found", "module")
CAMPAIGN_WORDS = ("find", "retire", "adjust", "module")
"""Steps that change the campaign rather than the game in progress."""


def parse_steps(terms: Any) -> tuple[Step, ...]:
    """Parse an effect list, keeping its order."""
    if not isinstance(terms, list):
        raise TermError("an effect list must be an array")
    return tuple(parse_term(t) if isinstance(t, str) else _table(t) for t in terms)


def _keys(table: dict[str, Any], required: set[str], optional: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    missing = required - set(table)
    extra = set(table) - required - optional
    if missing:
        raise TermError(f"{sorted(table)} needs {sorted(missing)[0]!r}")
    if extra:
        raise TermError(f"{sorted(extra)[0]!r} is not a known word here")


def _ints(value: Any, what: str) -> tuple[int, ...]:
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in values):
        raise TermError(f"{what} takes whole numbers of at least 1")
    return tuple(values)


def _strings(value: Any, what: str) -> tuple[str, ...]:
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, str) and v for v in values):
        raise TermError(f"{what} takes card ids")
    return tuple(values)


def _by(table: dict[str, Any]) -> int:
    by = table.get("by")
    if not isinstance(by, int) or isinstance(by, bool) or by == 0:
        raise TermError(f"adjust {table['adjust']!r} needs a non-zero whole 'by'")
    return by


def _table(table: Any) -> Step:
    if not isinstance(table, dict):
        raise TermError(f"{table!r} is neither a term nor a table")
    if "find" in table:
        _keys(table, {"find"}, {"to"})
        zone = table.get("to", "")
        if zone and zone not in ZONES:
            raise TermError(f"zone {zone!r} is not one of {ZONES}")
        return ("find", _ints(table["find"], "find"), zone)
    if "retire" in table:
        _keys(table, {"retire"})
        return ("retire", _strings(table["retire"], "retire"))
    if "module" in table:
        _keys(table, {"module"})
        if table["module"] not in MODULES:
            raise TermError(f"module {table['module']!r} is not one of {MODULES}")
        return ("module", table["module"])
    if "adjust" in table:
        what = table["adjust"]
        if what == "row_cost":
            _keys(table, {"adjust", "space", "by"})
            space = _ints(table["space"], "space")
            if len(space) != 1 or not 2 <= space[0] <= 7:
                raise TermError("adjust 'row_cost' needs one space from 2 to 7: the left-most is free")
            return ("adjust", what, space[0] - 1, _by(table))
        if what in ("barbarians", "ready_pile"):
            _keys(table, {"adjust", "by"})
            return ("adjust", what, 0, _by(table))
        if what in ("harvest", "start"):
            _keys(table, {"adjust", "add"})
            return ("adjust", what, parse_steps(table["add"]), 0)
        raise TermError(f"adjust {what!r} is not one of {ADJUSTMENTS}")
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
            parsed.append((option["label"], parse_steps(option["effects"])))
        return ("choice", tuple(parsed))
    if "if" in table:
        _keys(table, {"if", "then"}, {"else"})
        cond = table["if"]
        if not isinstance(cond, dict) or len(cond) != 1:
            raise TermError("'if' takes one condition")
        ((word, arg),) = cond.items()
        if word not in CONDITIONS:
            raise TermError(f"condition {word!r} is not one of {CONDITIONS}")
        if word == "module" and arg not in MODULES:
            raise TermError(f"module {arg!r} is not one of {MODULES}")
        if word != "module":
            _ints(arg, word)
        return ("if", (word, arg), parse_steps(table["then"]), parse_steps(table.get("else", [])))
    raise TermError(f"{sorted(table)[0] if table else '{}'!r} is not an effect word")


def walk(steps: tuple[Step, ...]) -> list[Step]:
    """Every step, including those nested in choices and conditions."""
    found: list[Step] = []
    for step in steps:
        found.append(step)
        if step[0] == "choice":
            for _, inner in step[1]:
                found += walk(inner)
        elif step[0] == "if":
            found += walk(step[2]) + walk(step[3])
        elif step[0] == "adjust" and isinstance(step[2], tuple):
            found += walk(step[2])
    return found


def holds(condition: tuple[str, Any], facts: dict[str, Any]) -> bool:
    """Whether a condition holds for the campaign facts (game, wins, losses,
    read, found, modules)."""
    word, arg = condition
    if word == "wins_at_least":
        return bool(facts["wins"] >= arg)
    if word == "losses_at_least":
        return bool(facts["losses"] >= arg)
    if word == "game_at_least":
        return bool(facts["game"] >= arg)
    if word == "read":
        return arg in facts["read"]
    if word == "found":
        return arg in facts["found"]
    return arg in facts["modules"]
