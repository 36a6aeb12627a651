"""The step interpreter shared by a game and its campaign.

Each keeps a stack of steps (the top at the end) and a table of words: the
step's class and the function that carries it out. :func:`run` resolves
steps until a :class:`~engine.yu.content.steps.Decision` that the words leave to the
player waits on top or the stack is empty (a game that ends clears it).
A game's words are the rules (:mod:`engine.yu.rules.rules`); the campaign's are the
story's words and its own (:mod:`engine.yu.campaign.campaign`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from engine.yu.content.steps import Condition, Decision, If, Step

M = TypeVar("M", bound="Machine")
Words = Mapping[type[Step], Callable[[M, Any], None]]
"""Each handler takes the machine and a step of the class it is filed under."""


class Machine(Protocol):
    stack: list[Step]

    def facts(self) -> Facts: ...


@dataclass
class Facts:
    """What a condition may ask about the campaign; a game outside a campaign
    has the facts of a first game with nothing read or found."""

    game: int = 0
    wins: int = 0
    losses: int = 0
    read: list[int] = field(default_factory=list)
    found: list[int] = field(default_factory=list)
    modules: list[str] = field(default_factory=list)

    def holds(self, condition: Condition) -> bool:
        test, value = condition.test, condition.value
        if test == "wins_at_least":
            return self.wins >= int(value)
        if test == "losses_at_least":
            return self.losses >= int(value)
        if test == "game_at_least":
            return self.game >= int(value)
        if test == "read":
            return value in self.read
        if test == "found":
            return value in self.found
        return value in self.modules

    def to_json(self) -> dict[str, object]:
        return {
            "game": self.game,
            "wins": self.wins,
            "losses": self.losses,
            "read": list(self.read),
            "found": list(self.found),
            "modules": list(self.modules),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Facts:
        return cls(
            data["game"],
            data["wins"],
            data["losses"],
            list(data["read"]),
            list(data["found"]),
            list(data["modules"]),
        )


def push(machine: Machine, steps: Sequence[Step]) -> None:
    """Put steps on the stack so that the first one is resolved first."""
    machine.stack.extend(reversed(steps))


def run(machine: M, words: Words[M], before: Callable[[M], None] | None = None) -> None:
    """Resolve steps until the player must decide or the stack is empty.
    ``before`` runs ahead of each step: it may put a decision
    that must come first on top, or take off one that no longer waits."""
    stack = machine.stack
    handlers = words.get
    while stack:
        if before is not None:
            before(machine)
            if not stack:
                break
        step = stack[-1]
        handler = handlers(type(step))
        if handler is None:
            if isinstance(step, Decision):
                return  # it waits for the player's answer
            raise KeyError(f"no word for {step}")
        stack.pop()
        handler(machine, step)


def branch(machine: Machine, step: If) -> None:
    """A condition on the campaign: go on with one side or the other."""
    push(machine, step.then if machine.facts().holds(step.condition) else step.otherwise)
