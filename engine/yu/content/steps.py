"""Steps: what an effect, a phase or the story does, one small frozen value each.

A game and its campaign resolve steps from a stack (see
:mod:`engine.yu.rules.interpreter`). A :class:`Decision` is a step that waits on
the stack for the player's answer. Steps go into saved states with
:func:`encode` and come back with :func:`decode`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields
from typing import Any

from engine.yu.content.items import Item


class Record:
    """A value that :func:`encode` can save: a step, an option or a condition."""

    __slots__ = ()


class Step(Record):
    __slots__ = ()


class Decision(Step):
    """A step that waits for the player: the legal actions answer it."""

    __slots__ = ()


class CampaignStep(Step):
    """A step that changes the campaign from the next game on."""

    __slots__ = ()


Steps = tuple[Step, ...]


# -- effects printed on cards and in the Story Book ------------------------------------


@dataclass(frozen=True, slots=True)
class Gain(Step):
    item: Item
    count: int


@dataclass(frozen=True, slots=True)
class Pay(Step):
    """Spend items back to the Main Supply; what the player lacks is let go."""

    item: Item
    count: int


@dataclass(frozen=True, slots=True)
class Pick(Decision):
    """Take ``count`` items, one at a time, each one of ``items``."""

    items: tuple[Item, ...]
    count: int


@dataclass(frozen=True, slots=True)
class Counted(Step):
    """An effect done ``count`` times, one at a time."""

    count: int


@dataclass(frozen=True, slots=True)
class Draw(Counted):
    """Draw from the Ready Pile into the hand."""


@dataclass(frozen=True, slots=True)
class Destroy(Counted):
    """Lose the top cards of the Ready Pile to the Townsfolk Discard Pile."""


@dataclass(frozen=True, slots=True)
class DrawTownsfolk(Counted):
    """Draw from the Townsfolk Draw Pile into the hand."""


@dataclass(frozen=True, slots=True)
class Flood(Counted):
    """Advance the Flood."""


@dataclass(frozen=True, slots=True)
class RevealBarbarian(Counted):
    """Reveal Barbarians into the Card Row (ruling 4)."""


@dataclass(frozen=True, slots=True)
class Read(Step):
    """Read a Story Book entry (and resolve its effects)."""

    entry: int


@dataclass(frozen=True, slots=True)
class Option(Record):
    label: str
    steps: Steps


@dataclass(frozen=True, slots=True)
class Choice(Decision):
    """The story's choice between options."""

    options: tuple[Option, ...]


@dataclass(frozen=True, slots=True)
class Condition(Record):
    """A question about the campaign: ``test`` is one of
    :data:`engine.yu.content.effects.CONDITIONS`."""

    test: str
    value: int | str


@dataclass(frozen=True, slots=True)
class If(Step):
    condition: Condition
    then: Steps
    otherwise: Steps


# -- steps that change the campaign ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Find(CampaignStep):
    """Take the Story cards with these grey stones into their zones (or ``zone``)."""

    stones: tuple[int, ...]
    zone: str


@dataclass(frozen=True, slots=True)
class Retire(CampaignStep):
    """Put cards into History, out of the campaign."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Module(CampaignStep):
    """Turn a rule module on."""

    name: str


@dataclass(frozen=True, slots=True)
class RowCost(CampaignStep):
    """Change the Provision cost of a Card Row space (``slot`` counts from 0)."""

    slot: int
    by: int


@dataclass(frozen=True, slots=True)
class MoreBarbarians(CampaignStep):
    """Change how many Barbarians each Refresh adds."""

    by: int


@dataclass(frozen=True, slots=True)
class ReadyPile(CampaignStep):
    """Change how many cards the Ready Pile starts with."""

    by: int


@dataclass(frozen=True, slots=True)
class AddHarvest(CampaignStep):
    """Add to every later Harvest."""

    steps: Steps


@dataclass(frozen=True, slots=True)
class AddStart(CampaignStep):
    """Add to the start of every later game."""

    steps: Steps


# -- the Round -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Harvest(Step):
    pass


@dataclass(frozen=True, slots=True)
class TakeActions(Step):
    pass


@dataclass(frozen=True, slots=True)
class ReturnBarge(Step):
    pass


@dataclass(frozen=True, slots=True)
class SufferAttacks(Step):
    pass


@dataclass(frozen=True, slots=True)
class Attack(Step):
    """The Barbarians on Card Row ``slot`` (from 0) attack."""

    slot: int


@dataclass(frozen=True, slots=True)
class Refresh(Step):
    pass


@dataclass(frozen=True, slots=True)
class EndRound(Step):
    pass


@dataclass(frozen=True, slots=True)
class Bribe(Decision):
    """Bribe the Barbarians on Card Row ``slot`` (from 0), or suffer their damage."""

    slot: int


@dataclass(frozen=True, slots=True)
class UseHand(Decision):
    """A card came into the hand after Take Actions: it must be used now (ruling 19)."""


GAME_EFFECTS: tuple[type[Step], ...] = (Gain, Pay, Pick, Draw, Destroy, DrawTownsfolk, Flood, RevealBarbarian)
"""Effects on a game in progress: read between games, they wait for the next game's start."""


# -- walking and saving ------------------------------------------------------------------


def walk(steps: Steps) -> Iterator[Step]:
    """Every step, including those nested in choices, conditions and additions."""
    for step in steps:
        yield step
        if isinstance(step, Choice):
            for option in step.options:
                yield from walk(option.steps)
        elif isinstance(step, If):
            yield from walk(step.then)
            yield from walk(step.otherwise)
        elif isinstance(step, AddHarvest | AddStart):
            yield from walk(step.steps)


_RECORDS: tuple[type[Record], ...] = (
    Gain, Pay, Pick, Draw, Destroy, DrawTownsfolk, Flood, RevealBarbarian, Read, Option, Choice,
    Condition, If, Find, Retire, Module, RowCost, MoreBarbarians, ReadyPile, AddHarvest, AddStart,
    Harvest, TakeActions, ReturnBarge, SufferAttacks, Attack, Refresh, EndRound, Bribe, UseHand,
)  # fmt: skip
_TAGS = {cls.__name__: cls for cls in _RECORDS}
_FIELDS = {cls: tuple(f.name for f in fields(cls)) for cls in _RECORDS}  # type: ignore[arg-type]


def encode(value: Any) -> Any:
    """A record as JSON-ready data: ``{"Gain": [5, 1]}``; tuples become lists."""
    if isinstance(value, Record):
        cls = type(value)
        return {cls.__name__: [encode(getattr(value, name)) for name in _FIELDS[cls]]}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    return value


def decode(data: Any) -> Any:
    """The record (or tuple of records) that :func:`encode` gave ``data`` for."""
    if isinstance(data, dict):
        ((tag, args),) = data.items()
        return _TAGS[tag](*(decode(a) for a in args))
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    return data
