"""Actions of a mayor, and the keys that name them.

Keys: ``choose:bakery,wheat_field`` (town square cards, at the start), ``roll:1``
or ``roll:2`` (dice), ``build:forest``, ``landmark:forge``, ``demolish:cafe``, ``contribute``,
``pass`` (end the turn without building), ``town:Riverside`` (a mayor names their
town, in game 1 until its first roll). :meth:`Action.parse` is the only code
that reads a key.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import NamedTuple

from engine.text import Msg, Refusal, _, ngettext


class Verb(StrEnum):
    CHOOSE = "choose"
    ROLL = "roll"
    BUILD = "build"
    LANDMARK = "landmark"
    DEMOLISH = "demolish"
    CONTRIBUTE = "contribute"
    PASS = "pass"
    TOWN = "town"


class IllegalAction(Refusal):
    """An action the rules do not allow now."""


class MalformedAction(IllegalAction):
    """Text that is not an action key at all."""


DICE = 2
"""The dice in the box: a mayor rolls one, or up to this many once a landmark allows it."""
TOWN_NAME = 40
"""The most characters a town's name has (its key, ``town:`` and the name, fits a log row's 64)."""

_NAME = r"[a-z][a-z_]{0,31}"
_KEY = re.compile(
    rf"choose:(?P<cards>{_NAME}(?:,{_NAME}){{0,11}})|roll:(?P<dice>[1-{DICE}])"
    rf"|(?P<verb>build|landmark|demolish):(?P<card>{_NAME})|contribute|pass|town:(?P<town>.*)",
    re.DOTALL,
)


class Action(NamedTuple):
    verb: Verb
    card: str | None = None
    """The establishment or landmark built."""
    cards: tuple[str, ...] = ()
    """The town square cards chosen, sorted."""
    dice: int = 0
    name: str = ""
    """The town's name a mayor gives."""

    @property
    def key(self) -> str:
        if self.verb is Verb.CHOOSE:
            return "choose:" + ",".join(self.cards)
        if self.verb is Verb.ROLL:
            return f"roll:{self.dice}"
        if self.verb is Verb.TOWN:
            return f"town:{self.name}"
        if self.card is not None:
            return f"{self.verb.value}:{self.card}"
        return self.verb.value

    @classmethod
    def parse(cls, key: str) -> Action:
        match = _KEY.fullmatch(key)
        if match is None:
            raise MalformedAction(_('"{key}" is not an action.', key=key))
        if match["town"] is not None:
            return town(match["town"])
        if match["cards"]:
            return choose(match["cards"].split(","))
        if match["dice"]:
            return cls(Verb.ROLL, dice=int(match["dice"]))
        if match["verb"]:
            return cls(Verb(match["verb"]), card=match["card"])
        return cls(Verb(key))


def choose(cards: list[str]) -> Action:
    return Action(Verb.CHOOSE, cards=tuple(sorted(cards)))


def town(name: str) -> Action:
    """Naming one's town ``name`` (without the spaces around it), or why no town can be named so."""
    name = name.strip()
    why = misnamed(name)
    if why is not None:
        raise IllegalAction(why)
    return Action(Verb.TOWN, name=name)


def misnamed(name: str) -> Msg | None:
    """What is wrong with ``name`` as a town's name, if anything."""
    if not name.strip():
        return _("Give your town a name.")
    if name != name.strip():
        return _("A town's name does not start or end with a space.")
    if len(name) > TOWN_NAME:
        return ngettext(
            "A town's name has at most {n} character; this one has {length}.",
            "A town's name has at most {n} characters; this one has {length}.",
            TOWN_NAME,
            length=len(name),
        )
    if not name.isprintable():
        return _("A town's name is written on one line, without control characters such as tabs.")
    return None


CONTRIBUTE = Action(Verb.CONTRIBUTE)
PASS = Action(Verb.PASS)
