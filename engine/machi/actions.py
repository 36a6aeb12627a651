"""Actions of a mayor, and the keys that name them.

Keys: ``choose:bakery,wheat_field`` (town square cards, at the start), ``roll:1``
or ``roll:2`` (dice), ``build:forest``, ``landmark:forge``, ``demolish:cafe``, ``contribute``,
``pass`` (end the turn without building). :meth:`Action.parse` is the only code
that reads a key.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from engine.text import Refusal, _


class Verb(StrEnum):
    CHOOSE = "choose"
    ROLL = "roll"
    BUILD = "build"
    LANDMARK = "landmark"
    DEMOLISH = "demolish"
    CONTRIBUTE = "contribute"
    PASS = "pass"


class IllegalAction(Refusal):
    """An action the rules do not allow now."""


class MalformedAction(IllegalAction):
    """Text that is not an action key at all."""


DICE = 2
"""The dice in the box: a mayor rolls one, or up to this many once a landmark allows it."""

_NAME = r"[a-z][a-z_]{0,31}"
_KEY = re.compile(
    rf"choose:(?P<cards>{_NAME}(?:,{_NAME}){{0,11}})|roll:(?P<dice>[1-{DICE}])"
    rf"|(?P<verb>build|landmark|demolish):(?P<card>{_NAME})|contribute|pass"
)


class Action(NamedTuple):
    verb: Verb
    card: str | None = None
    """The establishment or landmark built."""
    cards: tuple[str, ...] = ()
    """The town square cards chosen, sorted."""
    dice: int = 0

    @property
    def key(self) -> str:
        if self.verb is Verb.CHOOSE:
            return "choose:" + ",".join(self.cards)
        if self.verb is Verb.ROLL:
            return f"roll:{self.dice}"
        if self.card is not None:
            return f"{self.verb.value}:{self.card}"
        return self.verb.value

    @classmethod
    def parse(cls, key: str) -> Action:
        match = _KEY.fullmatch(key)
        if match is None:
            raise MalformedAction(_('"{key}" is not an action.', key=key))
        if match["cards"]:
            return choose(match["cards"].split(","))
        if match["dice"]:
            return cls(Verb.ROLL, dice=int(match["dice"]))
        if match["verb"]:
            return cls(Verb(match["verb"]), card=match["card"])
        return cls(Verb(key))


def choose(cards: list[str]) -> Action:
    return Action(Verb.CHOOSE, cards=tuple(sorted(cards)))


CONTRIBUTE = Action(Verb.CONTRIBUTE)
PASS = Action(Verb.PASS)
